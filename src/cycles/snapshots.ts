import { z } from 'zod';
import { defineRecord } from '../state/record-kind.js';
import type { StateStore } from '../state/store.js';

/**
 * The bot's own daily counts of each current cycle: Plane keeps no history of a cycle's counts that
 * its API serves, so the burn-up is drawn from these. One record per cycle, one entry per day
 * (the day's last count wins), kept a year after the last write.
 */

const countsSchema = z.object({
  total: z.number().int().nonnegative(),
  backlog: z.number().int().nonnegative(),
  unstarted: z.number().int().nonnegative(),
  started: z.number().int().nonnegative(),
  completed: z.number().int().nonnegative(),
  cancelled: z.number().int().nonnegative(),
});
export type DayCounts = z.infer<typeof countsSchema>;

const historySchema = z.object({
  /** The project's identifier and the cycle's name when last seen (for people reading the store). */
  project: z.string(),
  cycle: z.string(),
  /** YYYY-MM-DD → that day's counts by state group. */
  days: z.record(z.string().regex(/^\d{4}-\d{2}-\d{2}$/), countsSchema),
});
export type CycleHistory = z.infer<typeof historySchema>;

export const cycleSnapshotsRecord = defineRecord({
  namespace: 'cycles:snapshots',
  version: 1,
  schema: historySchema,
  ttlMs: 400 * 86_400_000,
});

/** Keyed by workspace and cycle id: a renamed cycle keeps its history. */
const keyOf = (workspace: string, cycleId: string) => `${workspace}:${cycleId}`;

export class CycleSnapshots {
  constructor(private readonly records: StateStore) {}

  get(workspace: string, cycleId: string): Promise<CycleHistory | undefined> {
    return this.records.get(cycleSnapshotsRecord, keyOf(workspace, cycleId));
  }

  /** Writes the counts of `days` (a day already there is replaced); returns the history as written. */
  async put(
    workspace: string,
    cycleId: string,
    names: { project: string; cycle: string },
    days: Readonly<Record<string, DayCounts>>,
  ): Promise<CycleHistory> {
    const before = await this.get(workspace, cycleId);
    const history: CycleHistory = { ...names, days: { ...before?.days, ...days } };
    await this.records.set(cycleSnapshotsRecord, keyOf(workspace, cycleId), history);
    return history;
  }
}
