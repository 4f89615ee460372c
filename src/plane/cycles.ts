import { phrase } from '../i18n/index.js';
import type { Container, PlaneApi } from './api.js';
import { PlaneError } from './errors.js';
import { day, projectNames, viewItem, type ItemView } from './item-view.js';
import { LIST_FIELDS } from './project-items.js';
import type { Cycle, ItemCounts, Module, Project, StateGroup } from './types.js';

/**
 * Cycles and modules by name: Plane's feature switches, the lookups with the valid options on a
 * miss, and their items named. Plane lists cycles and modules even where the feature is off (and
 * then has none), so the project's own `cycle_view` / `module_view` says which it is.
 */

export type ContainerKind = Container['kind'];

/** Throws the readable "cycles (or modules) are off in this project" when Plane says so. */
export function requireFeature(project: Project, kind: ContainerKind): void {
  const on = kind === 'cycle' ? project.cycle_view : project.module_view;
  // A Plane that does not say (older releases) is taken at its word that the list holds what there is.
  if (on === false) throw new PlaneError(phrase('cycles.error.off', { kind, project: project.identifier }));
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function pick<T extends { id: string; name: string }>(all: readonly T[], ref: string): T | undefined {
  return all.find((x) => same(x.name, ref)) ?? all.find((x) => x.id === ref);
}

function missing(kind: ContainerKind, ref: string, project: Project, names: readonly string[]): PlaneError {
  const options = names.length > 0 ? names.join(', ') : '(none)';
  return new PlaneError(phrase('cycles.error.noSuch', { kind, ref, project: project.identifier, options }));
}

/** A cycle of the project by name or id (archived ones are not listed by Plane). */
export async function findCycle(api: PlaneApi, slug: string, project: Project, ref: string): Promise<Cycle> {
  requireFeature(project, 'cycle');
  const all = await api.cycles(slug, project, 'all');
  const found = pick(all, ref);
  if (!found)
    throw missing(
      'cycle',
      ref,
      project,
      all.map((c) => c.name),
    );
  return found;
}

export async function findModule(api: PlaneApi, slug: string, project: Project, ref: string): Promise<Module> {
  requireFeature(project, 'module');
  const all = await api.modules(slug, project);
  const found = pick(all, ref);
  if (!found)
    throw missing(
      'module',
      ref,
      project,
      all.map((m) => m.name),
    );
  return found;
}

/** A cycle or module by name, as the item calls take it. */
export async function findContainer(api: PlaneApi, slug: string, project: Project, kind: ContainerKind, ref: string): Promise<Container> {
  const found = kind === 'cycle' ? await findCycle(api, slug, project, ref) : await findModule(api, slug, project, ref);
  return { kind, id: found.id, name: found.name };
}

/** The work items of a cycle or module, named (one request per 1,000 items, the names from the cache). */
export async function containerItems(api: PlaneApi, slug: string, project: Project, container: Container): Promise<ItemView[]> {
  const items = await api.containerItems(slug, project, container, LIST_FIELDS);
  const names = await projectNames(api, slug, project, items);
  return items.map((item) => viewItem(item, project, names));
}

/** Counts by state group, keyed by group, with the total. */
export type GroupCounts = Record<StateGroup, number> & { total: number };

export function groupCounts(counts: ItemCounts): GroupCounts {
  return {
    total: counts.total_issues,
    backlog: counts.backlog_issues,
    unstarted: counts.unstarted_issues,
    started: counts.started_issues,
    completed: counts.completed_issues,
    cancelled: counts.cancelled_issues,
  };
}

/** Completed of what is not cancelled, in whole percent (Plane's own progress leaves cancelled items out too). */
export function completion(counts: GroupCounts): number {
  const scope = counts.total - counts.cancelled;
  return scope <= 0 ? 0 : Math.round((counts.completed / scope) * 100);
}

export const CYCLE_STATUSES = ['current', 'upcoming', 'completed', 'draft'] as const;
export type CycleStatus = (typeof CYCLE_STATUSES)[number];

/** Where a cycle stands on `today` (YYYY-MM-DD), by its dates as Plane renders them. */
export function cycleStatus(cycle: Pick<Cycle, 'start_date' | 'end_date'>, today: string): CycleStatus {
  const start = day(cycle.start_date);
  const end = day(cycle.end_date);
  if (!start || !end) return 'draft';
  if (today < start) return 'upcoming';
  if (today > end) return 'completed';
  return 'current';
}
