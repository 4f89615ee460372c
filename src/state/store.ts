import type Keyv from 'keyv';
import type { Namespace } from './namespaces.js';
import type { RecordGuard, RecordKind } from './record-kind.js';

/**
 * The shared store does not answer (Redis down or unreachable). Front ends tell the person the bot
 * cannot work right now instead of dropping what they asked; work that lives in files goes on.
 */
export class StateUnavailableError extends Error {
  override readonly name = 'StateUnavailableError';
  constructor(readonly reason: string) {
    super(`the state store is unreachable: ${reason}`);
  }
}

/** Whether an error, or the error it wraps (Bolt wraps a listener's), is the store being unreachable. */
export function isStateUnavailable(error: unknown): error is StateUnavailableError {
  for (let cause = error, depth = 0; cause && depth < 4; depth++) {
    if (cause instanceof StateUnavailableError) return true;
    cause = (cause as { original?: unknown; cause?: unknown }).original ?? (cause as { cause?: unknown }).cause;
  }
  return false;
}

/** The entry a guarded write depends on, and the value it must hold (as raw JSON). */
export interface StoreGuard {
  namespace: string;
  key: string;
  value: unknown;
}

/**
 * The backends' side (embedded file, Redis): raw JSON values by namespace and key, with the atomic
 * steps. Only `state/` sees it; the rest of the bot reads and writes typed records (`StateStore`).
 * Namespaces are letters, digits, `_ . -` and single colons; values go through JSON; a TTL is in
 * milliseconds, and undefined or 0 means none.
 */
export interface KeyValueStore {
  get<T>(namespace: string, key: string): Promise<T | undefined>;
  set<T>(namespace: string, key: string, value: T, ttlMs?: number): Promise<void>;
  delete(namespace: string, key: string): Promise<boolean>;
  /**
   * Set-if-absent, atomic across every process sharing the backend: true for the one caller that
   * wrote the value, false for everyone else. Claims are read back with `get` like any value.
   */
  claim<T>(namespace: string, key: string, value: T, ttlMs?: number): Promise<boolean>;
  /**
   * Compare-and-delete, atomic across every process sharing the backend: deletes the entry only while
   * it is unexpired and holds `expected` (compared as the JSON text `set` and `claim` store, so object
   * keys must come in the same order), and says whether it did. Releasing a claim this way never
   * deletes the claim of another process that took the key over after ours expired.
   */
  release<T>(namespace: string, key: string, expected: T): Promise<boolean>;
  /**
   * Compare-and-expire, atomic across every process sharing the backend: while the entry is unexpired
   * and holds `expected` (compared as `release` compares), its TTL starts again at `ttlMs`; says
   * whether it did. Renewing a lease this way never extends, nor revives, one another process took
   * over or that lapsed meanwhile.
   */
  extend<T>(namespace: string, key: string, expected: T, ttlMs: number): Promise<boolean>;
  /**
   * Set, only while the entry `guard` is unexpired and holds `guard.value` (compared as `release`
   * compares), in one atomic step; says whether it wrote. The holder of a lease writes the record the
   * lease protects, and a holder whose lease lapsed or was taken over writes nothing.
   */
  setIfHeld<T>(namespace: string, key: string, value: T, guard: StoreGuard, ttlMs?: number): Promise<boolean>;
  /** A Keyv view of one namespace, for libraries that want a Keyv (the Plane cache). */
  keyv(namespace: string): Keyv;
  /** Throws with a readable reason when the backend does not answer (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Everything the bot must remember lives behind this interface: the Plane cache, thread histories,
 * saved runs, approvals and Slack event ids seen. Each value is a record of a kind declared with
 * `defineRecord` (namespace, schema, version, TTL); what is read back is validated, older shapes are
 * migrated, and what cannot be read is reported and skipped (see `Records`). The atomic steps are
 * those of `KeyValueStore`, across every process sharing the backend.
 */
export interface StateStore {
  get<T>(kind: RecordKind<T>, key: string): Promise<T | undefined>;
  /** `ttlMs` defaults to the kind's. */
  set<T>(kind: RecordKind<T>, key: string, value: T, ttlMs?: number): Promise<void>;
  delete<T>(kind: RecordKind<T>, key: string): Promise<boolean>;
  /** Set-if-absent: true for the one caller that wrote the value. */
  claim<T>(kind: RecordKind<T>, key: string, value: T, ttlMs?: number): Promise<boolean>;
  /** Compare-and-delete: only while the record holds `expected`. */
  release<T>(kind: RecordKind<T>, key: string, expected: T): Promise<boolean>;
  /** Compare-and-expire: the TTL starts again only while the record holds `expected`. */
  extend<T>(kind: RecordKind<T>, key: string, expected: T, ttlMs: number): Promise<boolean>;
  /** Set only while the guard record holds the guard's value, in one atomic step. */
  setIfHeld<T, G>(kind: RecordKind<T>, key: string, value: T, guard: RecordGuard<G>, ttlMs?: number): Promise<boolean>;
  /** A Keyv view of one namespace, for libraries that want a Keyv (the Plane cache). */
  keyv(namespace: Namespace): Keyv;
  /** Throws with a readable reason when the backend does not answer (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
