import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { defineRecord } from './record-kind.js';
import type { StateStore } from './store.js';

/** A lock's holder (a fresh uuid per hold). The namespace predates other users of these locks; its name stays so running replicas agree. */
const lockHolder = defineRecord({ namespace: 'agent:lock', version: 1, schema: z.string() });
/** A holder that died keeps a lock this long at most. */
const LOCK_TTL_MS = 30_000;
const WAIT_LIMIT_MS = 15_000;

/**
 * Runs `work` while holding a short lock shared by every process on the store: a read-modify-write of
 * one record (a thread's queue, the run index) must not interleave with another process's. The claim
 * expires, so a crash cannot wedge the record. Release is one compare-and-delete: a holder that
 * overran the TTL finds the lock gone or taken by another process, and leaves it alone.
 */
export async function withLock<T>(store: StateStore, key: string, work: () => Promise<T>): Promise<T> {
  const owner = randomUUID();
  const started = Date.now();
  for (let pause = 2; !(await store.claim(lockHolder, key, owner, LOCK_TTL_MS)); pause = Math.min(pause * 2, 100)) {
    if (Date.now() - started > WAIT_LIMIT_MS) throw new Error(`State lock ${key} was busy for more than ${WAIT_LIMIT_MS / 1000} s`);
    await sleep(pause);
  }
  try {
    return await work();
  } finally {
    await store.release(lockHolder, key, owner);
  }
}
