import { type ApiContext, type Handler, isVisible, ok, projectOf } from '../context.js';
import { ApiError, notFound } from '../errors.js';
import { paginate } from '../pagination.js';
import type { ContainerLinkRecord, CycleRecord, ModuleRecord } from '../records.js';
import { readShape } from '../shape.js';
import { dictionaryBody, isUuid } from '../validation.js';

/**
 * Cycles and modules (CE v1.3.1): lists with their counts, their work items, adding items. Listing
 * does not check the project's feature switch (a project with cycles off simply has none).
 * `cycle_view=current` answers a plain array, every other view a page.
 */

function cycleOf(context: ApiContext): CycleRecord {
  const project = projectOf(context);
  const cycle = context.db.cycles.get(context.params.cycle_id ?? '');
  if (!cycle || cycle.project !== project.id) throw notFound();
  return cycle;
}

function moduleOf(context: ApiContext): ModuleRecord {
  const project = projectOf(context);
  const module = context.db.modules.get(context.params.module_id ?? '');
  if (!module || module.project !== project.id) throw notFound();
  return module;
}

const VIEWS: Record<string, (cycle: CycleRecord, now: number) => boolean> = {
  all: () => true,
  current: (c, now) => c.start_date !== null && c.end_date !== null && c.start_date <= now && now <= c.end_date,
  upcoming: (c, now) => c.start_date !== null && c.start_date > now,
  completed: (c, now) => c.end_date !== null && c.end_date < now,
  draft: (c) => c.start_date === null && c.end_date === null,
  incomplete: (c, now) => c.end_date === null || c.end_date >= now,
};

export const listCycles: Handler = (context) => {
  const project = projectOf(context);
  const view = context.query.get('cycle_view') ?? 'all';
  // An unknown view falls back to every cycle, as Plane's view does.
  const keep = VIEWS[view] ?? VIEWS.all!;
  const now = context.db.now();
  const rows = [...context.db.cycles.values()]
    .filter((c) => c.project === project.id && keep(c, now))
    .sort((a, b) => b.created_at - a.created_at);
  if (view === 'current') return ok(rows.map((c) => context.out.cycle(c)));
  return ok(paginate(rows, context.query, context.pageRules, (c) => context.out.cycle(c)));
};

export const getCycle: Handler = (context) => ok(context.out.cycle(cycleOf(context)));

export const listModules: Handler = (context) => {
  const project = projectOf(context);
  const rows = [...context.db.modules.values()].filter((m) => m.project === project.id).sort((a, b) => b.created_at - a.created_at);
  return ok(paginate(rows, context.query, context.pageRules, (m) => context.out.module(m)));
};

export const getModule: Handler = (context) => ok(context.out.module(moduleOf(context)));

function linkedItems(context: ApiContext, links: readonly ContainerLinkRecord[], containerId: string) {
  const items = links
    .filter((l) => l.container === containerId)
    .map((l) => context.db.workItems.get(l.issue))
    .filter((item) => item !== undefined && isVisible(context.db, item))
    .sort((a, b) => a!.created_at - b!.created_at);
  const query = readShape(context.query);
  return ok(paginate(items, context.query, context.pageRules, (item) => context.out.workItem(item!, query)));
}

export const listCycleItems: Handler = (context) => linkedItems(context, context.db.cycleIssues, cycleOf(context).id);
export const listModuleItems: Handler = (context) => linkedItems(context, context.db.moduleIssues, moduleOf(context).id);

function itemIds(context: ApiContext, missing: unknown): string[] {
  const body = dictionaryBody(context.body);
  const ids = Array.isArray(body.issues) ? body.issues : [];
  if (ids.length === 0) throw new ApiError(400, missing);
  // A value that is no UUID fails the foreign key: Plane's catch-all for an integrity error.
  if (ids.some((id) => typeof id !== 'string' || !isUuid(id))) throw new ApiError(400, { error: 'The payload is not valid' });
  return (ids as string[]).map((id) => id.toLowerCase());
}

export const addCycleItems: Handler = (context) => {
  const cycle = cycleOf(context);
  const ids = itemIds(context, { error: 'Work items are required', code: 'MISSING_WORK_ITEMS' });
  if (cycle.end_date !== null && cycle.end_date < context.db.now()) {
    throw new ApiError(400, { code: 'CYCLE_COMPLETED', message: 'The Cycle has already been completed so no new issues can be added' });
  }
  context.db.linkItems(
    context.db.cycleIssues,
    cycle,
    ids.filter((id) => context.db.workItems.has(id)),
    true,
    context.user.id,
  );
  return ok(context.db.cycleIssues.filter((l) => l.container === cycle.id).map((l) => context.out.containerLink(l, 'cycle')));
};

export const addModuleItems: Handler = (context) => {
  const module = moduleOf(context);
  const ids = itemIds(context, { error: 'Issues are required' });
  // Only ids of this project's work items are kept.
  const kept = ids.filter((id) => context.db.workItems.get(id)?.project === module.project);
  context.db.linkItems(context.db.moduleIssues, module, kept, false, context.user.id);
  return ok(context.db.moduleIssues.filter((l) => l.container === module.id).map((l) => context.out.containerLink(l, 'module')));
};
