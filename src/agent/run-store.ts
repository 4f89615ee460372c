import { noMeter, type AgentMeter } from './meter.js';
import type { StateStore } from '../state/store.js';
import { withLock } from '../state/lock.js';
import type { SavedRun } from './run.js';
import {
  decisionRecord,
  leaseRecord,
  runIndexRecord,
  runRecord,
  stopRecord,
  type DecisionRecord,
  type RunIndex,
  type StopRecord,
} from './run-records.js';

export type { DecisionRecord, RunIndex, StopRecord } from './run-records.js';

const INDEX_KEY = 'unfinished';
/** How long a process owns a run it is driving without renewing; a crash frees it after this. */
export const DEFAULT_LEASE_MS = 60_000;

/** Persistence of runs on the shared store; every method is safe across processes. */
export class RunStore {
  constructor(
    private readonly store: StateStore,
    readonly leaseMs = DEFAULT_LEASE_MS,
    /** Told of each decision claimed, with how long its request waited (a call's deadline is its asking plus this timeout). */
    private readonly decisions: { meter: AgentMeter; approvalTimeoutMs: number } = { meter: noMeter, approvalTimeoutMs: 0 },
  ) {}

  /** The claimed `record` of a call of `owner`'s waiting turn, for the meter. */
  noteDecision(owner: SavedRun, record: DecisionRecord): void {
    const askedAt = (owner.pending?.deadline ?? record.at) - this.decisions.approvalTimeoutMs;
    this.decisions.meter.approvalDecided(record.decision, record.at - askedAt);
  }

  get(runId: string): Promise<SavedRun | undefined> {
    return this.store.get(runRecord, runId);
  }

  /**
   * Writes a run no process drives: a new one, or a failed one taken up again (both while its
   * thread's lock is held). Every later write is `save`, by the lease holder.
   */
  saveUnleased(run: SavedRun): Promise<void> {
    return this.store.set(runRecord, run.id, run);
  }

  /**
   * Writes the run only while `lease` (a token given to `claimLease`) still holds its lease, in one
   * atomic step: a process that stalled past its lease cannot overwrite the turns of the process that
   * took the run over. False when the lease is gone.
   */
  save(run: SavedRun, lease: string): Promise<boolean> {
    return this.store.setIfHeld(runRecord, run.id, run, { kind: leaseRecord, key: run.id, value: lease });
  }

  async remove(runId: string): Promise<void> {
    await this.store.delete(runRecord, runId);
  }

  index(): Promise<RunIndex> {
    return this.store.get(runIndexRecord, INDEX_KEY).then((index) => index ?? {});
  }

  /** Lists the run as unfinished, with its deadline when it waits for approvals. */
  track(runId: string, deadline?: number): Promise<void> {
    return this.updateIndex((index) => {
      index[runId] = deadline === undefined ? {} : { deadline };
    });
  }

  untrack(runId: string): Promise<void> {
    return this.updateIndex((index) => {
      delete index[runId];
    });
  }

  private updateIndex(change: (index: RunIndex) => void): Promise<void> {
    return withLock(this.store, `${runIndexRecord.namespace}:${INDEX_KEY}`, async () => {
      const index = await this.index();
      change(index);
      await this.store.set(runIndexRecord, INDEX_KEY, index);
    });
  }

  /** The first decision for a call wins, in whichever process it arrives. */
  claimDecision(runId: string, callId: string, record: DecisionRecord): Promise<boolean> {
    return this.store.claim(decisionRecord, `${runId}/${callId}`, record);
  }

  decisionOf(runId: string, callId: string): Promise<DecisionRecord | undefined> {
    return this.store.get(decisionRecord, `${runId}/${callId}`);
  }

  /** The first request to stop a run wins, in whichever process it arrives; later ones change nothing. */
  requestStop(runId: string, record: StopRecord): Promise<boolean> {
    return this.store.claim(stopRecord, runId, record);
  }

  stopOf(runId: string): Promise<StopRecord | undefined> {
    return this.store.get(stopRecord, runId);
  }

  /**
   * Exactly one process drives a run at a time: the one holding its lease. `lease` is a token new to
   * this claim, so a process that lost a lease and claimed it again later is two holders, not one.
   */
  claimLease(runId: string, lease: string): Promise<boolean> {
    return this.store.claim(leaseRecord, runId, lease, this.leaseMs);
  }

  /**
   * Extends the lease for another `leaseMs` while `lease` still holds it; false once it lapsed or
   * another process took it over (it is then not taken back).
   */
  renewLease(runId: string, lease: string): Promise<boolean> {
    return this.store.extend(leaseRecord, runId, lease, this.leaseMs);
  }

  /** Only while `lease` still holds it: a lease another process took over after ours lapsed stays. */
  async releaseLease(runId: string, lease: string): Promise<void> {
    await this.store.release(leaseRecord, runId, lease);
  }
}
