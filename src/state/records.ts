import type { z } from 'zod';
import type { Logger } from '../log.js';
import type { Namespace } from './namespaces.js';
import type { StateStore } from './store.js';

/**
 * One kind of record the store keeps: where it lives, the shape it has today and how an older shape
 * becomes today's. Runs, queues and subscriptions outlive a deploy, so a reader may meet what an
 * older (or, during a rolling deploy, a newer) version of the bot wrote.
 */
export interface RecordKind<T> {
  readonly namespace: Namespace;
  /** Starts at 1; raise it when the shape changes, and teach `migrate` the old one. */
  readonly version: number;
  readonly schema: z.ZodType<T>;
  /** Used when a write names none; undefined keeps the record until it is deleted. */
  readonly ttlMs?: number;
  /**
   * Turns a value an older version wrote (version 0: written before records carried one) into
   * something today's schema accepts; undefined discards it. Without it, an older value is kept when
   * it still fits the schema.
   */
  readonly migrate?: (value: unknown, fromVersion: number) => unknown;
}

export function defineRecord<T>(kind: RecordKind<T>): RecordKind<T> {
  return Object.freeze({ ...kind });
}

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

/** The entry a guarded write depends on, and the value it must hold. */
export interface RecordGuard<G> {
  kind: RecordKind<G>;
  key: string;
  value: G;
}

/**
 * The store seen through record kinds: every value read is validated, older shapes are migrated,
 * and what cannot be read is reported once per read and skipped — never a crash, never a wrong value.
 */
export class Records {
  constructor(
    private readonly store: StateStore,
    private readonly logger?: Logger,
  ) {}

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
