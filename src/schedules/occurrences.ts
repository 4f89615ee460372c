import { Cron } from 'croner';

/**
 * Cron stepping and time zones, by croner (no hand-written date arithmetic): it parses the five-field
 * patterns, steps them in an IANA zone across daylight-saving changes, and looks backwards as well
 * as forwards, which is how a missed occurrence is found again.
 */
function pattern(cron: string, timeZone: string): Cron {
  return new Cron(cron, { timezone: timeZone, paused: true });
}

/** Throws croner's reason when the pattern or the zone is not valid. */
export function checkSchedule(cron: string, timeZone: string): void {
  pattern(cron, timeZone).nextRun(new Date(0));
}

/** The next occurrence strictly after `after`. */
export function nextOccurrence(cron: string, timeZone: string, after: Date): Date | undefined {
  return pattern(cron, timeZone).nextRun(after) ?? undefined;
}

/**
 * The occurrence a replica should run at `now`: the latest one at or before it, provided it is less
 * than one period late, the period being the shorter gap to its neighbours (so a weekdays schedule
 * missed on Friday is not sent on Monday). Undefined when there is none.
 */
export function dueOccurrence(cron: string, timeZone: string, now: Date): { at: Date; periodMs: number } | undefined {
  const job = pattern(cron, timeZone);
  // previousRuns leaves out a run at exactly the reference.
  const [at, before] = job.previousRuns(2, new Date(now.getTime() + 1));
  if (!at) return undefined;
  const after = job.nextRun(at);
  const gaps = [before && at.getTime() - before.getTime(), after && after.getTime() - at.getTime()].filter((gap): gap is number => !!gap);
  const periodMs = Math.min(...gaps);
  return now.getTime() - at.getTime() < periodMs ? { at, periodMs } : undefined;
}

/** The calendar day (YYYY-MM-DD) it is at `at` in a zone. */
export function dayIn(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The next calendar day in a zone, stepped by croner to the zone's next midnight (23 or 25 hours away on DST days). */
export function nextDayIn(timeZone: string, at: Date): string {
  return dayIn(timeZone, pattern('0 0 * * *', timeZone).nextRun(at)!);
}

/** Whether a zone name is one the platform knows (a Slack user's `tz`). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}
