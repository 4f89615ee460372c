import Keyv, { type KeyvStoreAdapter } from 'keyv';
import type { StateStore } from './store.js';

/**
 * A Keyv store adapter that also owns three atomic steps on a serialized entry: set-if-absent (absent
 * or expired), and delete-if-equal and expire-if-equal (live and byte-for-byte the given text).
 */
export type ClaimingAdapter = KeyvStoreAdapter & {
  setIfAbsent(key: string, serialized: string, ttlMs?: number): Promise<boolean>;
  deleteIfEqual(key: string, serialized: string): Promise<boolean>;
  expireIfEqual(key: string, serialized: string, ttlMs: number): Promise<boolean>;
};

/** One entry of a namespace, its value already serialized. */
export interface SerializedEntry {
  namespace: string;
  key: string;
  serialized: string;
}

/** What a backend (embedded file, Redis) provides; the rest of the StateStore is the same for all. */
export interface Backend {
  /** A new adapter for one namespace; Keyv sets its `namespace`, which the adapter keys by. */
  adapter(): ClaimingAdapter;
  /** Writes `entry` only while `guard` is live and byte-for-byte its text, atomically. */
  setIfHeld(entry: SerializedEntry, guard: SerializedEntry, ttlMs?: number): Promise<boolean>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

// Single colons only, no glob characters: `namespace::key` (Redis layout) then parses one way.
const NAMESPACE = /^[\w.-]+(?::[\w.-]+)*$/;

export function storeOverBackend(backend: Backend): StateStore {
  const spaces = new Map<string, { keyv: Keyv; adapter: ClaimingAdapter }>();
  let closed = false;

  const space = (namespace: string) => {
    if (closed) throw new Error('the state store is closed');
    let found = spaces.get(namespace);
    if (!found) {
      if (!NAMESPACE.test(namespace)) {
        throw new Error(`invalid state namespace ${JSON.stringify(namespace)}: use letters, digits, _ . - and single colons`);
      }
      const adapter = backend.adapter();
      // The adapter prefixes keys itself; errors must reach callers instead of reading as "absent".
      const keyv = new Keyv(adapter, { namespace, useKeyPrefix: false, throwOnErrors: true });
      found = { keyv, adapter };
      spaces.set(namespace, found);
    }
    return found;
  };

  return {
    async get<T>(namespace: string, key: string) {
      return space(namespace).keyv.get<T>(key);
    },
    async set(namespace, key, value, ttlMs) {
      const { keyv, adapter } = space(namespace);
      await adapter.set(key, await serialize(keyv, value), normalizeTtl(ttlMs));
    },
    async delete(namespace, key) {
      return space(namespace).keyv.delete(key);
    },
    async claim(namespace, key, value, ttlMs) {
      if (value === undefined) throw new TypeError('claim needs a value that get can return');
      const { keyv, adapter } = space(namespace);
      return adapter.setIfAbsent(key, await serialize(keyv, value), normalizeTtl(ttlMs));
    },
    async release(namespace, key, expected) {
      if (expected === undefined) throw new TypeError('release needs the value that was claimed');
      const { keyv, adapter } = space(namespace);
      return adapter.deleteIfEqual(key, await serialize(keyv, expected));
    },
    async extend(namespace, key, expected, ttlMs) {
      if (expected === undefined) throw new TypeError('extend needs the value that was claimed');
      const { keyv, adapter } = space(namespace);
      return adapter.expireIfEqual(key, await serialize(keyv, expected), normalizeTtl(ttlMs) ?? invalidTtl(ttlMs));
    },
    async setIfHeld(namespace, key, value, guard, ttlMs) {
      if (guard.value === undefined) throw new TypeError('setIfHeld needs the value the guard holds');
      const guarded = space(guard.namespace);
      return backend.setIfHeld(
        { namespace, key, serialized: await serialize(space(namespace).keyv, value) },
        { namespace: guard.namespace, key: guard.key, serialized: await serialize(guarded.keyv, guard.value) },
        normalizeTtl(ttlMs),
      );
    },
    keyv: (namespace) => space(namespace).keyv,
    ping() {
      if (closed) return Promise.reject(new Error('the state store is closed'));
      return backend.ping();
    },
    async close() {
      if (closed) return;
      closed = true;
      spaces.clear();
      await backend.close();
    },
  };
}

/**
 * The one entry text for a value written by `set` or `claim`, so `release` can compare texts. No
 * `expires` inside (unlike Keyv's own `set`): the backend alone expires an entry, so a reader whose
 * clock runs ahead never sees it as stale and deletes it under another process's feet.
 */
async function serialize(keyv: Keyv, value: unknown): Promise<string> {
  const serialized = await keyv.serializeData({ value });
  if (typeof serialized !== 'string') throw new Error('the Keyv serializer must produce text');
  return serialized;
}

/** Undefined or 0: no expiry (as in Keyv). Backends take whole milliseconds. */
function normalizeTtl(ttlMs: number | undefined): number | undefined {
  if (ttlMs === undefined || ttlMs === 0) return undefined;
  if (!(ttlMs > 0) || !Number.isFinite(ttlMs)) invalidTtl(ttlMs);
  return Math.ceil(ttlMs);
}

function invalidTtl(ttlMs: number | undefined): never {
  throw new RangeError(`a TTL must be a positive number of ms, got ${ttlMs}`);
}
