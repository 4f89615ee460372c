import type { z } from 'zod';
import type { Namespace } from './namespaces.js';

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

/** The entry a guarded write depends on, and the value it must hold. */
export interface RecordGuard<G> {
  kind: RecordKind<G>;
  key: string;
  value: G;
}
