import type { Logger } from '../log.js';
import { completion, groupCounts, type GroupCounts } from '../plane/cycles.js';
import { PlaneError } from '../plane/errors.js';
import { day } from '../plane/item-view.js';
import type { PlaneKit } from '../plane/kit.js';
import { findProject } from '../plane/resolve.js';
import type { Cycle, Project } from '../plane/types.js';
import type { BurnUpPoint } from './burnup.js';
import type { CycleSnapshots } from './snapshots.js';

/**
 * `/plane cycle`'s facts and the daily snapshots behind its burn-up. A report costs one Plane
 * request per project (the current cycles with their counts; two when there is none, to name the
 * next one), the project list coming from the kit's cache; it also records today's snapshot.
 */

const DAY_MS = 86_400_000;

export interface CurrentCycle {
  name: string;
  startDate: string;
  endDate: string;
  /** Whole days after today up to the last day (0 on the last day). */
  daysLeft: number;
  counts: GroupCounts;
  progress: number;
  /** The cycle in Plane's web app. */
  url: string;
  /** Every day of the cycle, first to last. */
  days: string[];
  /** The days with a snapshot, oldest first (today's included). */
  points: BurnUpPoint[];
  /** Identifies the cycle's picture among the report's (an id: not shown). */
  id: string;
}

export type CycleReport =
  | { project: { identifier: string; name: string }; kind: 'off' }
  | { project: { identifier: string; name: string }; kind: 'none'; upcoming?: { name: string; startDate: string } }
  | { project: { identifier: string; name: string }; kind: 'current'; cycles: CurrentCycle[] };

export interface SnapshotOutcome {
  /** Cycles whose snapshot was written. */
  taken: number;
  /** Projects that could not be read (named with the reason), the others went on. */
  failed: string[];
}

/** The day of `now` in UTC, as YYYY-MM-DD. */
export function dayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  const end = Date.parse(`${last}T00:00:00Z`);
  // A cycle is weeks long; the cap keeps a mistyped year from drawing ten thousand days.
  for (let at = Date.parse(`${first}T00:00:00Z`); at <= end && days.length < 366; at += DAY_MS)
    days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

export class CycleReports {
  constructor(
    private readonly kit: PlaneKit,
    private readonly snapshots: CycleSnapshots,
    private readonly logger?: Logger,
  ) {}

  /** The project's current cycles (each with its burn-up points), or why there is none; records today's snapshot. */
  async report(projectRef: string, now: Date): Promise<CycleReport> {
    const api = this.kit.api();
    const slug = this.kit.slug();
    const project = await findProject(api, slug, projectRef);
    const named = { identifier: project.identifier, name: project.name };
    if (project.cycle_view === false) return { project: named, kind: 'off' };
    const today = dayOf(now);
    const current = (await api.cycles(slug, project, 'current')).filter((c) => c.start_date && c.end_date);
    if (current.length === 0) {
      const upcoming = (await api.cycles(slug, project, 'upcoming'))
        .filter((c) => c.start_date)
        .sort((a, b) => a.start_date!.localeCompare(b.start_date!))[0];
      return { project: named, kind: 'none', ...(upcoming && { upcoming: { name: upcoming.name, startDate: day(upcoming.start_date)! } }) };
    }
    const cycles = await Promise.all(current.map((cycle) => this.snapshotAndView(slug, project, cycle, today)));
    cycles.sort((a, b) => a.startDate.localeCompare(b.startDate) || a.name.localeCompare(b.name));
    return { project: named, kind: 'current', cycles };
  }

  /**
   * The daily job: one snapshot of every current cycle of every project the key's user is a member
   * of, with cycles on. Run it once a day (the scheduler); running it again the same day replaces
   * that day's counts. A project that cannot be read is logged and the others go on.
   */
  async takeCycleSnapshots(now: Date): Promise<SnapshotOutcome> {
    const api = this.kit.api();
    const slug = this.kit.slug();
    const today = dayOf(now);
    const projects = (await api.projects(slug)).filter((p) => !p.archived_at && p.is_member !== false && p.cycle_view !== false);
    const outcome: SnapshotOutcome = { taken: 0, failed: [] };
    for (const project of projects) {
      try {
        for (const cycle of await api.cycles(slug, project, 'current')) {
          await this.snapshots.put(slug, cycle.id, { project: project.identifier, cycle: cycle.name }, { [today]: groupCounts(cycle) });
          outcome.taken += 1;
        }
      } catch (error) {
        if (!(error instanceof PlaneError)) throw error;
        this.logger?.warn({ project: project.identifier, err: error }, 'could not take the snapshot of a project’s current cycles');
        outcome.failed.push(`${project.identifier} (${error.message})`);
      }
    }
    return outcome;
  }

  private async snapshotAndView(slug: string, project: Project, cycle: Cycle, today: string): Promise<CurrentCycle> {
    const counts = groupCounts(cycle);
    const history = await this.snapshots.put(
      slug,
      cycle.id,
      { project: project.identifier, cycle: cycle.name },
      { [today]: groupCounts(cycle) },
    );
    const startDate = day(cycle.start_date) ?? today;
    const endDate = day(cycle.end_date) ?? today;
    const days = daysBetween(startDate, endDate);
    const points = Object.entries(history.days)
      .filter(([date]) => date >= startDate && date <= endDate)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, c]) => ({ date, total: c.total, completed: c.completed }));
    return {
      id: cycle.id,
      name: cycle.name,
      startDate,
      endDate,
      daysLeft: Math.max(0, Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS)),
      counts,
      progress: completion(counts),
      url: `${this.kit.appUrl}/${encodeURIComponent(slug)}/projects/${project.id}/cycles/${cycle.id}/`,
      days,
      points,
    };
  }
}
