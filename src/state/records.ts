import type Keyv from 'keyv';
import type { Logger } from '../log.js';
import type { Namespace } from './namespaces.js';
import type { RecordGuard, RecordKind } from './record-kind.js';
import type { KeyValueStore, StateStore } from './store.js';

/** What the store holds for a record: the version that wrote it beside the value. */
interface Stored {
  $v: number;
  value: unknown;
}

function isStored(raw: unknown): raw is Stored {
  return typeof raw === 'object' && raw !== null && typeof (raw as Stored).$v === 'number' && 'value' in raw;
}

function stored<T>(kind: RecordKind<T>, value: T): Stored {
  return { $v: kind.version, value };
}

/**
 * The store seen through record kinds: every value read is validated, older shapes are migrated,
 * and what cannot be read is reported once per read and skipped — never a crash, never a wrong value.
 */
export class Records implements StateStore {
  constructor(
    private readonly store: KeyValueStore,
    private readonly logger?: Logger,
  ) {}

  keyv(namespace: Namespace): Keyv {
    return this.store.keyv(namespace);
  }

  ping(): Promise<void> {
    return this.store.ping();
  }

  close(): Promise<void> {
    return this.store.close();
  }

  async get<T>(kind: RecordKind<T>, key: string): Promise<T | undefined> {
    const raw = await this.store.get<unknown>(kind.namespace, key);
    return raw === undefined ? undefined : this.decode(kind, key, raw);
  }

  set<T>(kind: RecordKind<T>, key: string, value: T, ttlMs = kind.ttlMs): Promise<void> {
    return this.store.set(kind.namespace, key, stored(kind, value), ttlMs);
  }

  delete<T>(kind: RecordKind<T>, key: string): Promise<boolean> {
    return this.store.delete(kind.namespace, key);
  }

  claim<T>(kind: RecordKind<T>, key: string, value: T, ttlMs = kind.ttlMs): Promise<boolean> {
    return this.store.claim(kind.namespace, key, stored(kind, value), ttlMs);
  }

  release<T>(kind: RecordKind<T>, key: string, expected: T): Promise<boolean> {
    return this.store.release(kind.namespace, key, stored(kind, expected));
  }

  extend<T>(kind: RecordKind<T>, key: string, expected: T, ttlMs: number): Promise<boolean> {
    return this.store.extend(kind.namespace, key, stored(kind, expected), ttlMs);
  }

  setIfHeld<T, G>(kind: RecordKind<T>, key: string, value: T, guard: RecordGuard<G>, ttlMs = kind.ttlMs): Promise<boolean> {
    return this.store.setIfHeld(
      kind.namespace,
      key,
      stored(kind, value),
      { namespace: guard.kind.namespace, key: guard.key, value: stored(guard.kind, guard.value) },
      ttlMs,
    );
  }

  private decode<T>(kind: RecordKind<T>, key: string, raw: unknown): T | undefined {
    const { $v: version, value } = isStored(raw) ? raw : { $v: 0, value: raw };
    const where = { namespace: kind.namespace, key, version, expected: kind.version };
    const current = version < kind.version && kind.migrate ? kind.migrate(value, version) : value;
    if (current === undefined) {
      this.logger?.info(where, 'a record of an older shape was discarded: it cannot be migrated');
      return undefined;
    }
    const parsed = kind.schema.safeParse(current);
    if (parsed.success) return parsed.data;
    const problems = parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    this.logger?.warn({ ...where, problems }, 'a record that does not fit its schema was skipped');
    return undefined;
  }
}
