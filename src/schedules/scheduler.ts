import { randomUUID } from 'node:crypto';
import type { Logger } from '../log.js';
import { withLock } from '../state/lock.js';
import { pollStore, type StorePoller } from '../state/poller.js';
import type { StateStore } from '../state/store.js';
import { checkSchedule, dueOccurrence, nextOccurrence } from './occurrences.js';
import { SCHEDULE_ATTEMPTS, SCHEDULE_CLAIMS, SCHEDULE_INDEX, SCHEDULES, type ScheduleRecord } from './records.js';
import type { RunOutcome, ScheduleRunListener } from './runs.js';

export type { ScheduleRecord } from './records.js';
export type { RunOutcome, ScheduleRunListener, ScheduleRunReport } from './runs.js';

/** One occurrence handed to a job. */
export interface ScheduleRun {
  schedule: ScheduleRecord;
  /** When it was due (not when it runs: a missed one runs late). */
  occurrence: Date;
  /** Aborted when this replica lost the occurrence's lease: a job checks it before its side effect. */
  signal: AbortSignal;
}

export type JobHandler = (run: ScheduleRun) => Promise<void>;

export interface SchedulerOptions {
  store: StateStore;
  logger: Logger;
  /** The clock occurrences are reckoned by; tests drive it. */
  now?: () => number;
  /** How often the replica looks for due occurrences (default 30 s). */
  tickMs?: number;
  /** How long a replica that stops renewing keeps an occurrence (default 60 s). */
  leaseMs?: number;
  /** Failed attempts at one occurrence before it is given up (default 3). */
  attempts?: number;
  /** Told of every run's end (name, outcome, duration), for metrics. */
  onRun?: ScheduleRunListener;
}

const INDEX_KEY = 'all';
const FIXED = 'fixed:';

/**
 * Runs each occurrence of each schedule once across replicas and restarts. Every replica looks
 * every `tickMs` for the occurrence due now (or missed, while less than a period late), and the one
 * that claims it in the store runs it under a lease it renews; a replica that dies mid-run lets the
 * lease lapse and another takes the occurrence up. A done occurrence's claim is kept past its
 * period, so it is never run twice. Schedules are records (`upsert`) run by the handler registered
 * for their kind, or fixed jobs (`every`) each replica declares at start-up.
 */
export class Scheduler {
  private readonly records: StateStore;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly fixed = new Map<string, ScheduleRecord>();
  private readonly owner = randomUUID();
  private readonly now: () => number;
  private readonly leaseMs: number;
  private readonly running = new Set<Promise<void>>();
  private poller?: StorePoller;

  constructor(private readonly options: SchedulerOptions) {
    this.records = options.store;
    this.now = options.now ?? Date.now;
    this.leaseMs = options.leaseMs ?? 60_000;
  }

  /** The job that runs the stored schedules of `kind`. */
  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /** A fixed job every replica declares (e.g. "take cycle snapshots" daily): run once per occurrence across them. */
  every(name: string, cron: string, timeZone: string, handler: JobHandler): void {
    checkSchedule(cron, timeZone);
    const kind = `${FIXED}${name}`;
    this.handlers.set(kind, handler);
    this.fixed.set(kind, { id: kind, kind, cron, timeZone, payload: {}, createdAt: 0 });
  }

  /**
   * Stores a schedule (croner's reason is thrown for a bad pattern or zone). A changed time starts
   * from now, so setting 09:00 at 10:00 does not send today's at once; an unchanged one keeps its start.
   */
  async upsert(schedule: Omit<ScheduleRecord, 'createdAt'>): Promise<ScheduleRecord> {
    checkSchedule(schedule.cron, schedule.timeZone);
    return withLock(this.options.store, `schedule:${schedule.id}`, async () => {
      const known = await this.records.get(SCHEDULES, schedule.id);
      const same = known && known.cron === schedule.cron && known.timeZone === schedule.timeZone;
      const record: ScheduleRecord = { ...schedule, createdAt: same ? known.createdAt : this.now() };
      await this.records.set(SCHEDULES, schedule.id, record);
      await this.changeIndex((ids) => ids.add(schedule.id));
      return record;
    });
  }

  /** Deletes a stored schedule; false when there was none. */
  async remove(id: string): Promise<boolean> {
    const removed = await this.records.delete(SCHEDULES, id);
    await this.changeIndex((ids) => ids.delete(id));
    return removed;
  }

  get(id: string): Promise<ScheduleRecord | undefined> {
    return this.records.get(SCHEDULES, id);
  }

  /** The stored schedules, of one kind when given. */
  async list(kind?: string): Promise<ScheduleRecord[]> {
    const ids = (await this.records.get(SCHEDULE_INDEX, INDEX_KEY)) ?? [];
    const all = await Promise.all(ids.map((id) => this.records.get(SCHEDULES, id)));
    return all.filter((s): s is ScheduleRecord => s !== undefined && (kind === undefined || s.kind === kind));
  }

  /** When a schedule next runs, after now. */
  nextRun(schedule: Pick<ScheduleRecord, 'cron' | 'timeZone'>): Date | undefined {
    return nextOccurrence(schedule.cron, schedule.timeZone, new Date(this.now()));
  }

  /** Looks every `tickMs`, the first one `tickMs` after start-up (a missed occurrence waits that long, not the bot's start). */
  start(): void {
    this.poller ??= pollStore(() => this.tick(), {
      what: 'run the schedules due',
      everyMs: this.options.tickMs ?? 30_000,
      atOnce: false,
      logger: this.options.logger,
    });
  }

  /** No new look; waits for the runs under way. */
  async stop(): Promise<void> {
    await this.poller?.stop();
    this.poller = undefined;
    await Promise.allSettled([...this.running]);
  }

  /** One look: starts every occurrence due now that no replica took, and waits for them. Says how many this replica ran. */
  async tick(): Promise<number> {
    const now = new Date(this.now());
    const schedules = [...this.fixed.values(), ...(await this.list())];
    const started: Promise<boolean>[] = [];
    for (const schedule of schedules) {
      const handler = this.handlers.get(schedule.kind);
      const due = handler && dueOccurrence(schedule.cron, schedule.timeZone, now);
      if (!handler || !due || due.at.getTime() < schedule.createdAt) continue;
      started.push(this.runOnce(schedule, handler, due.at, due.periodMs));
    }
    return (await Promise.all(started)).filter(Boolean).length;
  }

  private async runOnce(schedule: ScheduleRecord, handler: JobHandler, at: Date, periodMs: number): Promise<boolean> {
    const key = `${schedule.id}@${at.toISOString()}`;
    const lease = { owner: this.owner };
    if (!(await this.records.claim(SCHEDULE_CLAIMS, key, lease, this.leaseMs))) return false;
    const lost = new AbortController();
    const renew = setInterval(
      () => {
        this.records.extend(SCHEDULE_CLAIMS, key, lease, this.leaseMs).then(
          (held) => held || lost.abort(),
          () => lost.abort(),
        );
      },
      Math.max(10, Math.floor(this.leaseMs / 3)),
    );
    renew.unref();
    const fields = { schedule: schedule.id, kind: schedule.kind, occurrence: at.toISOString() };
    const started = performance.now();
    const report = (outcome: RunOutcome) => this.report(schedule, outcome, performance.now() - started);
    const run = (async () => {
      let failure: { error: unknown } | undefined;
      try {
        await handler({ schedule, occurrence: at, signal: lost.signal });
      } catch (error) {
        failure = { error };
      } finally {
        clearInterval(renew);
      }
      try {
        // The lease went to another replica: the occurrence is theirs now.
        if (lost.signal.aborted) report('abandoned');
        else if (failure) {
          await this.failed(key, lease, periodMs, failure.error, fields);
          report('failed');
        } else {
          // Kept past the period: the occurrence is no longer due by then, and no replica takes it again.
          await this.records.extend(SCHEDULE_CLAIMS, key, lease, periodMs + this.leaseMs);
          report('done');
        }
      } catch (error) {
        this.options.logger.warn({ ...fields, err: error }, 'could not record the end of a scheduled job');
      }
    })();
    this.running.add(run);
    try {
      await run;
    } finally {
      this.running.delete(run);
    }
    return true;
  }

  /** A failed run is tried again at a later look, up to `attempts` times within the period. */
  private async failed(key: string, lease: { owner: string }, periodMs: number, error: unknown, fields: object): Promise<void> {
    const attempts = ((await this.records.get(SCHEDULE_ATTEMPTS, key)) ?? 0) + 1;
    await this.records.set(SCHEDULE_ATTEMPTS, key, attempts, periodMs);
    const giveUp = attempts >= (this.options.attempts ?? 3);
    this.options.logger.warn(
      { ...fields, err: error, attempts, giveUp },
      giveUp ? 'a scheduled job failed; giving this occurrence up' : 'a scheduled job failed; trying again later',
    );
    if (giveUp) await this.records.extend(SCHEDULE_CLAIMS, key, lease, periodMs + this.leaseMs);
    else await this.records.release(SCHEDULE_CLAIMS, key, lease);
  }

  /** Tells `onRun`; a listener that throws costs its report only. */
  private report(schedule: ScheduleRecord, outcome: RunOutcome, durationMs: number): void {
    const name = schedule.kind.startsWith(FIXED) ? schedule.kind.slice(FIXED.length) : schedule.kind;
    try {
      this.options.onRun?.({ name, outcome, durationMs });
    } catch (error) {
      this.options.logger.warn({ err: error, name, outcome }, 'the listener of scheduled runs failed');
    }
  }

  private changeIndex(edit: (ids: Set<string>) => void): Promise<void> {
    return withLock(this.options.store, 'schedule:index', async () => {
      const ids = new Set((await this.records.get(SCHEDULE_INDEX, INDEX_KEY)) ?? []);
      edit(ids);
      await this.records.set(SCHEDULE_INDEX, INDEX_KEY, [...ids]);
    });
  }
}
