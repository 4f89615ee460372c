import Keyv from 'keyv';

/**
 * Everything the bot must remember lives behind this interface: the Plane cache, thread histories,
 * saved runs, approvals and Slack event ids seen. Keys are grouped in namespaces (letters, digits,
 * `_ . -` and single colons, e.g. `plane-cache` or `threads:C123`). Values go through JSON; a TTL is
 * in milliseconds, and undefined or 0 means none.
 */
export interface StateStore {
  get<T>(namespace: string, key: string): Promise<T | undefined>;
  set<T>(namespace: string, key: string, value: T, ttlMs?: number): Promise<void>;
  delete(namespace: string, key: string): Promise<boolean>;
  /**
   * Set-if-absent, atomic across every process sharing the backend: true for the one caller that
   * wrote the value, false for everyone else. Claims are read back with `get` like any value.
   */
  claim<T>(namespace: string, key: string, value: T, ttlMs?: number): Promise<boolean>;
  /** A Keyv view of one namespace, for libraries that want a Keyv (the Plane cache). */
  keyv(namespace: string): Keyv;
  /** Throws with a readable reason when the backend does not answer (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
