/**
 * What the scheduler tells of each run of a job, for whoever counts them (metrics): a small
 * interface so that the counter depends on this file only, not on the scheduler.
 */

/** How a run ended: done; failed (tried again at a later look, or given up); abandoned (its lease went to another replica, which runs it). */
export type RunOutcome = 'done' | 'failed' | 'abandoned';

export interface ScheduleRunReport {
  /**
   * The job: a fixed job's name ("take cycle snapshots"), or the kind of a stored schedule
   * ("digest", "reminder") — never a schedule's id, so that the names stay few.
   */
  name: string;
  outcome: RunOutcome;
  /** How long the job ran (the process's clock, not the schedules' injected one). */
  durationMs: number;
}

/** Told of every run's end; what it throws is logged and dropped. */
export type ScheduleRunListener = (report: ScheduleRunReport) => void;
