import Keyv from 'keyv';
import type { StateStore } from './store.js';

/**
 * A process-local store over Keyv's Map backend. Single-threaded JavaScript makes its claim atomic;
 * it is what unit tests use when they do not test persistence.
 */
export function createMemoryStore(): StateStore {
  const backing = new Map<string, unknown>();
  const spaces = new Map<string, Keyv>();
  let claims: Promise<unknown> = Promise.resolve();
  const keyv = (namespace: string): Keyv => {
    let space = spaces.get(namespace);
    if (!space) {
      space = new Keyv({ store: backing, namespace });
      spaces.set(namespace, space);
    }
    return space;
  };
  return {
    get: <T>(namespace: string, key: string) => keyv(namespace).get<T>(key),
    async set(namespace, key, value, ttlMs) {
      await keyv(namespace).set(key, value, ttlMs);
    },
    delete: (namespace, key) => keyv(namespace).delete(key),
    claim(namespace, key, value, ttlMs) {
      // Chained so that a second claim only reads after the first has written.
      const result = claims.then(async () => {
        const space = keyv(namespace);
        if ((await space.get(key)) !== undefined) return false;
        await space.set(key, value, ttlMs);
        return true;
      });
      claims = result.catch(() => false);
      return result;
    },
    keyv,
    async ping() {},
    async close() {
      backing.clear();
    },
  };
}
