import type { StateStore } from '../state/store.js';
import type { Requester } from '../tools/registry.js';
import type { ApprovalOutcome } from './front-end.js';
import { withLock } from '../state/lock.js';
import type { SavedRun } from './run.js';

const RUNS = 'agent:run';
const INDEX = 'agent:index';
const DECISIONS = 'agent:decision';
const LEASES = 'agent:lease';
const STOPS = 'agent:stop';

const INDEX_KEY = 'unfinished';
/** A saved run or a decision is forgotten after this long. */
const KEEP_MS = 7 * 24 * 3_600_000;
/** How long a process owns a run it is driving without renewing; a crash frees it after this. */
export const DEFAULT_LEASE_MS = 60_000;

/** A decision as claimed (`expired` is recorded by the approval timeout): what the front end is told. */
export type DecisionRecord = ApprovalOutcome;

/** A person asked for the run to stop: whichever process drives it (or next claims it) stops it. */
export interface StopRecord {
  by: Requester;
  at: number;
}

/** Unfinished runs (running or waiting), each with its approval deadline while it waits. */
export type RunIndex = Record<string, { deadline?: number }>;

/** Persistence of runs on the shared store; every method is safe across processes. */
export class RunStore {
  constructor(
    private readonly store: StateStore,
    readonly leaseMs = DEFAULT_LEASE_MS,
  ) {}

  get(runId: string): Promise<SavedRun | undefined> {
    return this.store.get<SavedRun>(RUNS, runId);
  }

  /**
   * Writes a run no process drives: a new one, or a failed one taken up again (both while its
   * thread's lock is held). Every later write is `save`, by the lease holder.
   */
  saveUnleased(run: SavedRun): Promise<void> {
    return this.store.set(RUNS, run.id, run, KEEP_MS);
  }

  /**
   * Writes the run only while `lease` (a token given to `claimLease`) still holds its lease, in one
   * atomic step: a process that stalled past its lease cannot overwrite the turns of the process that
   * took the run over. False when the lease is gone.
   */
  save(run: SavedRun, lease: string): Promise<boolean> {
    return this.store.setIfHeld(RUNS, run.id, run, { namespace: LEASES, key: run.id, value: lease }, KEEP_MS);
  }

  async remove(runId: string): Promise<void> {
    await this.store.delete(RUNS, runId);
  }

  index(): Promise<RunIndex> {
    return this.store.get<RunIndex>(INDEX, INDEX_KEY).then((index) => index ?? {});
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
    return withLock(this.store, `${INDEX}:${INDEX_KEY}`, async () => {
      const index = await this.index();
      change(index);
      await this.store.set(INDEX, INDEX_KEY, index);
    });
  }

  /** The first decision for a call wins, in whichever process it arrives. */
  claimDecision(runId: string, callId: string, record: DecisionRecord): Promise<boolean> {
    return this.store.claim(DECISIONS, `${runId}/${callId}`, record, KEEP_MS);
  }

  decisionOf(runId: string, callId: string): Promise<DecisionRecord | undefined> {
    return this.store.get<DecisionRecord>(DECISIONS, `${runId}/${callId}`);
  }

  /** The first request to stop a run wins, in whichever process it arrives; later ones change nothing. */
  requestStop(runId: string, record: StopRecord): Promise<boolean> {
    return this.store.claim(STOPS, runId, record, KEEP_MS);
  }

  stopOf(runId: string): Promise<StopRecord | undefined> {
    return this.store.get<StopRecord>(STOPS, runId);
  }

  /**
   * Exactly one process drives a run at a time: the one holding its lease. `lease` is a token new to
   * this claim, so a process that lost a lease and claimed it again later is two holders, not one.
   */
  claimLease(runId: string, lease: string): Promise<boolean> {
    return this.store.claim(LEASES, runId, lease, this.leaseMs);
  }

  /**
   * Extends the lease for another `leaseMs` while `lease` still holds it; false once it lapsed or
   * another process took it over (it is then not taken back).
   */
  renewLease(runId: string, lease: string): Promise<boolean> {
    return this.store.extend(LEASES, runId, lease, this.leaseMs);
  }

  /** Only while `lease` still holds it: a lease another process took over after ours lapsed stays. */
  async releaseLease(runId: string, lease: string): Promise<void> {
    await this.store.release(LEASES, runId, lease);
  }
}
