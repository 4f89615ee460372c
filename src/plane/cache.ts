import type Keyv from 'keyv';
import { SharedLoads } from '../state/shared-loads.js';
import { currentCredential, tokenDigest } from './credential.js';

export const CACHE_TTL_MS = 5 * 60_000;

/**
 * Projects, states, labels, members, the current user and the server's version, kept for five
 * minutes in a Keyv shared by every request of the process (or of the cluster, over Redis).
 * Keys are scoped by instance and API key, since two keys may see different projects: a person's
 * own token (credential.ts) has a scope of its own.
 */
export class PlaneCache {
  private readonly loading = new SharedLoads<unknown>();

  constructor(
    private readonly keyv: Keyv,
    private readonly scope: string,
    private readonly ttlMs = CACHE_TTL_MS,
  ) {}

  /** The cached value, or `load()`'s (stored); concurrent callers of one key share one load. */
  async remember<T>(key: string, load: () => Promise<T>, options: { fresh?: boolean } = {}): Promise<T> {
    const person = await currentCredential();
    const full = person ? `${this.scope}:as:${tokenDigest(person.token)}:${key}` : `${this.scope}:${key}`;
    if (!options.fresh) {
      const hit = await this.keyv.get<T>(full);
      // Some stores answer null for a missing key; nothing stored here is null.
      if (hit !== undefined && hit !== null) return hit;
    }
    return this.loading.once(full, async () => {
      const value = await load();
      await this.keyv.set(full, value, this.ttlMs);
      return value;
    }) as Promise<T>;
  }
}
