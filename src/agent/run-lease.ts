import { randomUUID } from 'node:crypto';
import type { Logger } from '../log.js';
import { RunInterruption } from '../tools/registry.js';
import type { SavedRun } from './run.js';
import type { RunStore } from './run-store.js';

/** Thrown where a process that lost a run's lease would otherwise go on driving it. */
export class LeaseLost extends RunInterruption {
  constructor(readonly runId: string) {
    super(`the lease of run ${runId} was lost: another process may drive it now`);
    this.name = 'LeaseLost';
  }
}

/**
 * This process's hold on one run (see docs/runs.md). It is renewed in the background with an
 * owner-checked extend; the driver confirms it before each model request and each batch of tool calls,
 * and every save is fenced by it. Once lost (refused by the store, or unconfirmed for a whole lease
 * while the store fails) it stays lost: the run is then another process's, and this one stops.
 */
export class RunLease {
  private lost = false;
  /** Local time just before the store last confirmed the lease: it holds until at least this + leaseMs. */
  private confirmedAt: number;
  private renewal?: NodeJS.Timeout;

  private constructor(
    readonly runId: string,
    private readonly token: string,
    private readonly runs: RunStore,
    private readonly logger: Logger,
    private readonly now: () => number,
    claimedAt: number,
  ) {
    this.confirmedAt = claimedAt;
  }

  /** The run's lease for this process, or undefined while another process holds it. */
  static async claim(runs: RunStore, runId: string, logger: Logger, now: () => number): Promise<RunLease | undefined> {
    const token = randomUUID();
    const claimedAt = now();
    if (!(await runs.claimLease(runId, token))) return undefined;
    return new RunLease(runId, token, runs, logger.child({ runId }), now, claimedAt);
  }

  /** Renews every third of the lease until `stopRenewing`. */
  keepRenewing(): void {
    this.renewal ??= setInterval(() => void this.renew().catch(() => undefined), this.runs.leaseMs / 3);
    this.renewal.unref();
  }

  stopRenewing(): void {
    clearInterval(this.renewal);
    this.renewal = undefined;
  }

  /** Throws LeaseLost unless the store confirms this process still holds the lease (and extends it). */
  async confirm(): Promise<void> {
    if (!(await this.renew())) throw new LeaseLost(this.runId);
  }

  /** Saves the run only while the lease is this process's; throws LeaseLost otherwise. */
  async save(run: SavedRun): Promise<void> {
    if (this.lost) throw new LeaseLost(this.runId);
    if (!(await this.runs.save(run, this.token))) {
      this.markLost('the store refused a save: the lease is no longer this process’s');
      throw new LeaseLost(this.runId);
    }
  }

  async release(): Promise<void> {
    this.stopRenewing();
    await this.runs.releaseLease(this.runId, this.token);
  }

  /**
   * One owner-checked extend. A refusal loses the lease; a store error is logged, and loses it only
   * once a whole lease went by unconfirmed (another process may have taken the run over by then).
   */
  private async renew(): Promise<boolean> {
    if (this.lost) return false;
    const sentAt = this.now();
    try {
      if (await this.runs.renewLease(this.runId, this.token)) {
        this.confirmedAt = sentAt;
        return true;
      }
      this.markLost('another process took the run over, or the lease lapsed');
    } catch (error) {
      const unconfirmedMs = this.now() - this.confirmedAt;
      if (unconfirmedMs < this.runs.leaseMs) {
        this.logger.warn({ err: error, unconfirmedMs }, 'could not renew the run lease; trying again');
        return true;
      }
      this.logger.warn({ err: error }, 'could not renew the run lease');
      this.markLost(`unconfirmed for ${unconfirmedMs} ms, longer than the lease`);
    }
    return false;
  }

  private markLost(reason: string): void {
    if (this.lost) return;
    this.lost = true;
    this.stopRenewing();
    this.logger.warn({ reason }, 'run lease lost: this process stops driving the run');
  }
}
