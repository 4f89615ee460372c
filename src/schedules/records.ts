import { z } from 'zod';
import { defineRecord } from '../state/record-kind.js';

/** A schedule kept in the store: a kind of job, when (cron in a zone) and what the job needs. */
export const scheduleSchema = z.object({
  id: z.string(),
  kind: z.string(),
  cron: z.string(),
  timeZone: z.string(),
  /** The job's own data (a digest's channel and project, a person's reminder). */
  payload: z.record(z.string(), z.unknown()),
  /** An occurrence before this is never run: a schedule set at 10:00 for 09:00 starts tomorrow. */
  createdAt: z.number(),
});
export type ScheduleRecord = z.infer<typeof scheduleSchema>;

export const SCHEDULES = defineRecord({ namespace: 'schedule:defs', version: 1, schema: scheduleSchema });

/** The ids of every stored schedule (the store cannot list keys). */
export const SCHEDULE_INDEX = defineRecord({ namespace: 'schedule:index', version: 1, schema: z.array(z.string()) });

/**
 * One occurrence taken by a replica: a lease while it runs (renewed), kept past its period once done,
 * so no replica runs it again.
 */
export const SCHEDULE_CLAIMS = defineRecord({ namespace: 'schedule:claims', version: 1, schema: z.object({ owner: z.string() }) });

/** Failed attempts at one occurrence, so a job that keeps failing is tried a few times, not forever. */
export const SCHEDULE_ATTEMPTS = defineRecord({ namespace: 'schedule:attempts', version: 1, schema: z.number() });
