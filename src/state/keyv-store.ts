import Keyv, { keyvStorageCapability, type KeyvStorageEntry } from 'keyv';
import type { KeyValueStore } from './store.js';

type MaybePromise<T> = T | Promise<T>;

/** One entry of a namespace, its value already serialized. */
export interface SerializedEntry {
  namespace: string;
  key: string;
  serialized: string;
}

/**
 * What a backend (embedded file, Redis) keeps: serialized entries by namespace and key. The backend
 * alone expires an entry (a TTL is relative, whole milliseconds), and owns the atomic steps on
 * entries: set-if-absent (absent or expired); delete-if-equal and expire-if-equal (live and
 * byte-for-byte the text); set-if-held (written only while another entry is live and holds a text).
 */
export interface Entries {
  get(namespace: string, key: string): MaybePromise<string | undefined>;
  set(namespace: string, key: string, value: string, ttlMs?: number): MaybePromise<void>;
  setIfAbsent(namespace: string, key: string, value: string, ttlMs?: number): MaybePromise<boolean>;
  delete(namespace: string, key: string): MaybePromise<boolean>;
  deleteIfEqual(namespace: string, key: string, value: string): MaybePromise<boolean>;
  expireIfEqual(namespace: string, key: string, value: string, ttlMs: number): MaybePromise<boolean>;
  setIfHeld(entry: SerializedEntry, guard: SerializedEntry, ttlMs?: number): MaybePromise<boolean>;
  clear(namespace: string): MaybePromise<void>;
  list(namespace: string): Iterable<[string, string]> | AsyncIterable<[string, string]>;
}

/** What a backend provides; the rest of the KeyValueStore is the same for all. */
export interface Backend {
  entries: Entries;
  ping(): Promise<void>;
  close(): Promise<void>;
}

// Single colons only, no glob characters: `namespace::key` (Redis layout) then parses one way.
const NAMESPACE = /^[\w.-]+(?::[\w.-]+)*$/;

// One serializer for every namespace: the text `release` compares must not depend on the namespace.
const codec = new Keyv();

export function storeOverBackend(backend: Backend): KeyValueStore {
  const { entries } = backend;
  const views = new Map<string, Keyv>();
  let closed = false;

  const checked = (namespace: string) => {
    if (closed) throw new Error('the state store is closed');
    if (!views.has(namespace) && !NAMESPACE.test(namespace)) {
      throw new Error(`invalid state namespace ${JSON.stringify(namespace)}: use letters, digits, _ . - and single colons`);
    }
    return namespace;
  };

  const view = (namespace: string) => {
    let keyv = views.get(checked(namespace));
    if (!keyv) {
      // Errors reach callers (no error listener) instead of reading as "absent"; the backend expires entries.
      keyv = new Keyv(new NamespaceAdapter(entries), { namespace, checkExpired: false });
      views.set(namespace, keyv);
    }
    return keyv;
  };

  return {
    // Straight to the backend, not through Keyv's get (hooks, telemetry, a reviver on every value).
    async get<T>(namespace: string, key: string) {
      checked(namespace);
      const raw = await entries.get(namespace, key);
      return raw === undefined ? undefined : ((await deserialize(raw)) as { value?: T } | undefined)?.value;
    },
    async set(namespace, key, value, ttlMs) {
      checked(namespace);
      await entries.set(namespace, key, await serialize(value), normalizeTtl(ttlMs));
    },
    async delete(namespace, key) {
      return entries.delete(checked(namespace), key);
    },
    async claim(namespace, key, value, ttlMs) {
      checked(namespace);
      if (value === undefined) throw new TypeError('claim needs a value that get can return');
      return entries.setIfAbsent(namespace, key, await serialize(value), normalizeTtl(ttlMs));
    },
    async release(namespace, key, expected) {
      checked(namespace);
      if (expected === undefined) throw new TypeError('release needs the value that was claimed');
      return entries.deleteIfEqual(namespace, key, await serialize(expected));
    },
    async extend(namespace, key, expected, ttlMs) {
      checked(namespace);
      if (expected === undefined) throw new TypeError('extend needs the value that was claimed');
      return entries.expireIfEqual(namespace, key, await serialize(expected), normalizeTtl(ttlMs) ?? invalidTtl(ttlMs));
    },
    async setIfHeld(namespace, key, value, guard, ttlMs) {
      checked(namespace);
      checked(guard.namespace);
      if (guard.value === undefined) throw new TypeError('setIfHeld needs the value the guard holds');
      return entries.setIfHeld(
        { namespace, key, serialized: await serialize(value) },
        { namespace: guard.namespace, key: guard.key, serialized: await serialize(guard.value) },
        normalizeTtl(ttlMs),
      );
    },
    keyv: view,
    ping() {
      if (closed) return Promise.reject(new Error('the state store is closed'));
      return backend.ping();
    },
    async close() {
      if (closed) return;
      closed = true;
      views.clear();
      await backend.close();
    },
  };
}

/**
 * The one entry text for a value written by `set` or `claim`, so `release` can compare texts. No
 * `expires` inside (unlike Keyv's own `set`): the backend alone expires an entry, so a reader whose
 * clock runs ahead never sees it as stale and deletes it under another process's feet.
 */
async function serialize(value: unknown): Promise<string> {
  const serialized = await codec.encode({ value });
  if (typeof serialized !== 'string') throw new Error('the Keyv serializer must produce text');
  return serialized;
}

/**
 * Keyv's serializer tags strings that start with ':' (its own escapes, Buffers and BigInts): a value
 * string can only start right after ':', '[' or ',' in JSON.stringify's output, so without one of
 * these three followed by `":` no string is tagged, and the plain (several times faster) JSON.parse
 * gives the same value as Keyv's reviver. A key that starts with ':' only sends a text the slow way.
 */
const MAY_HOLD_TAGS = /[:[,]":/;

async function deserialize(text: string): Promise<unknown> {
  if (!MAY_HOLD_TAGS.test(text)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      // Not JSON: Keyv's decode reports it as it always did (undefined).
    }
  }
  return codec.decode(text);
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

/** Keyv's absolute `expires` as the relative TTL a backend takes; a past one still expires at once. */
function ttlUntil(expires: number | undefined): number | undefined {
  return expires === undefined ? undefined : Math.max(1, Math.ceil(expires - Date.now()));
}

/**
 * The Keyv v6 storage adapter over one namespace of a backend's entries (Keyv assigns `namespace`).
 * It declares the v6 contract (absolute `expires`, expiry enforced on read) so Keyv uses it as is.
 */
class NamespaceAdapter {
  namespace?: string;

  constructor(private readonly entries: Entries) {}

  get capabilities() {
    return keyvStorageCapability(this);
  }

  private get space(): string {
    return this.namespace ?? '';
  }

  async get<Value>(key: string): Promise<Value | undefined> {
    return (await this.entries.get(this.space, key)) as Value | undefined;
  }

  async getMany<Value>(keys: string[]): Promise<Array<Value | undefined>> {
    return Promise.all(keys.map((key) => this.get<Value>(key)));
  }

  async has(key: string): Promise<boolean> {
    return (await this.entries.get(this.space, key)) !== undefined;
  }

  async hasMany(keys: string[]): Promise<boolean[]> {
    return Promise.all(keys.map((key) => this.has(key)));
  }

  async set(key: string, value: unknown, expires?: number): Promise<boolean> {
    if (typeof value !== 'string') throw new TypeError('the state store keeps serialized text only');
    await this.entries.set(this.space, key, value, ttlUntil(expires));
    return true;
  }

  async setMany<Value>(values: KeyvStorageEntry<Value>[]): Promise<boolean[]> {
    return Promise.all(values.map(({ key, value, expires }) => this.set(key, value, expires)));
  }

  async delete(key: string): Promise<boolean> {
    return this.entries.delete(this.space, key);
  }

  async deleteMany(keys: string[]): Promise<boolean[]> {
    return Promise.all(keys.map((key) => this.delete(key)));
  }

  async clear(): Promise<void> {
    await this.entries.clear(this.space);
  }

  async *iterator(): AsyncGenerator<[string, string], void> {
    yield* this.entries.list(this.space);
  }
}
