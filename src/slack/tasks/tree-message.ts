import { z } from 'zod';
import { defineRecord } from '../../state/record-kind.js';
import type { StateStore } from '../../state/store.js';

/** Where each channel's task tree was last posted (channel → message ts): task events go in its thread. */
/** A tree not shown for a month is old news; its events go back to the channel. */
const taskTreeRecord = defineRecord({ namespace: 'slack:task-tree', version: 1, schema: z.string(), ttlMs: 30 * 24 * 60 * 60_000 });

export function rememberTaskTree(store: StateStore, channel: string, ts: string): Promise<void> {
  return store.set(taskTreeRecord, channel, ts);
}

export function taskTreeMessage(store: StateStore, channel: string): Promise<string | undefined> {
  return store.get(taskTreeRecord, channel);
}

/** Forgets the message only if it is still the one remembered (a newer tree may have replaced it). */
export async function forgetTaskTree(store: StateStore, channel: string, ts: string): Promise<void> {
  await store.release(taskTreeRecord, channel, ts);
}
