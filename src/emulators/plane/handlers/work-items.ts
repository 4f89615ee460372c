import { type ApiContext, type Handler, isVisible, ok, projectOf, visibleWorkItems, workItemOf, workspaceOf } from '../context.js';
import type { FakePlaneDb } from '../db.js';
import { notFound, serverError } from '../errors.js';
import { orderRows, type SortKeys } from '../order.js';
import { paginate } from '../pagination.js';
import { PRIORITIES, STATE_GROUPS, type WorkItemRecord } from '../records.js';
import { plainShape, readShape } from '../shape.js';
import { externalConflict, readWorkItemInput } from './work-item-input.js';

/** Work items, served identically under `/work-items/` and `/issues/`. */

const CONFLICT = 'Issue with the same external id and external source already exists';

function sortKeys(db: FakePlaneDb): SortKeys<WorkItemRecord> {
  const groupRank = (item: WorkItemRecord) => {
    const group = item.state ? db.states.get(item.state)?.group : undefined;
    return group ? STATE_GROUPS.indexOf(group) : null;
  };
  const first = (names: string[]) => [...names].sort()[0] ?? null;
  return {
    created_at: (i) => i.created_at,
    updated_at: (i) => i.updated_at,
    completed_at: (i) => i.completed_at,
    name: (i) => i.name,
    sequence_id: (i) => i.sequence_id,
    sort_order: (i) => i.sort_order,
    start_date: (i) => i.start_date,
    target_date: (i) => i.target_date,
    // Special cases of the list view: priority urgent → none, state backlog → cancelled.
    priority: (i) => PRIORITIES.indexOf(i.priority),
    state__group: groupRank,
    state__name: groupRank,
    labels__name: (i) => first(i.labels.map((id) => db.labels.get(id)?.name ?? '')),
    assignees__first_name: (i) => first(i.assignees.map((id) => db.users.get(id)?.first_name ?? '')),
  };
}

/**
 * Community Edition reads no filter parameters at all. Cloud honours the SDKs'
 * `state` and `assignee` (comma-separated UUIDs) — Plane's docs name them Cloud features; their
 * exact semantics are UNVERIFIED, so the fake applies the obvious "any of" match.
 */
function cloudFilters(context: ApiContext, items: WorkItemRecord[]): WorkItemRecord[] {
  if (context.flavour.edition !== 'cloud') return items;
  const ids = (name: string) => context.query.get(name)?.split(',').filter(Boolean) ?? [];
  const states = ids('state');
  const assignees = ids('assignee');
  return items.filter(
    (i) =>
      (states.length === 0 || (i.state !== null && states.includes(i.state))) &&
      (assignees.length === 0 || i.assignees.some((a) => assignees.includes(a))),
  );
}

export const listWorkItems: Handler = (context) => {
  const project = projectOf(context);
  const items = visibleWorkItems(context.db, project.id);
  const query = readShape(context.query);
  const externalId = context.query.get('external_id');
  const externalSource = context.query.get('external_source');
  // With both external parameters the endpoint answers one object, not an envelope.
  if (externalId && externalSource) {
    const match = items.find((i) => i.external_id === externalId && i.external_source === externalSource);
    if (!match) throw notFound();
    return ok(context.out.workItem(match, query));
  }
  const rows = orderRows(cloudFilters(context, items), context.query.get('order_by') ?? '-created_at', sortKeys(context.db));
  return ok(paginate(rows, context.query, context.pageRules, (i) => context.out.workItem(i, query)));
};

export const getWorkItem: Handler = (context) => ok(context.out.workItem(workItemOf(context), readShape(context.query)));

/** GET /workspaces/{slug}/work-items/ACME-130/. */
export const getWorkItemByKey: Handler = (context) => {
  const workspace = workspaceOf(context);
  const identifier = context.params.project_identifier ?? '';
  const number = context.params.issue_identifier ?? '';
  // The view converts the number with int(): anything else raises → 500 (inferred from Plane's code).
  if (!/^\s*[+-]?\d+\s*$/.test(number)) throw serverError();
  const project = [...context.db.projects.values()].find((p) => p.workspace === workspace.id && p.identifier === identifier);
  const item = [...context.db.workItems.values()].find(
    (i) => i.project === project?.id && i.sequence_id === Number(number) && isVisible(context.db, i),
  );
  if (!item) throw notFound();
  return ok(context.out.workItem(item, readShape(context.query)));
};

export const createWorkItem: Handler = (context) => {
  const { db } = context;
  const project = projectOf(context);
  const body = context.body as Record<string, unknown>;
  const externalId = body?.external_id;
  const externalSource = body?.external_source;
  if (externalId && externalSource) {
    const existing = [...db.workItems.values()].find(
      (i) => i.project === project.id && i.external_id === externalId && i.external_source === externalSource,
    );
    if (existing) throw externalConflict(CONFLICT, existing.id);
  }
  const input = readWorkItemInput(db, project, context.body, false);
  const item = db.createWorkItem(project, {
    name: input.name ?? '',
    description_html: input.description_html ?? '<p></p>',
    state: input.state ?? db.defaultState(project.id)?.id ?? null,
    priority: input.priority ?? 'none',
    assignees: input.assignees ?? (project.default_assignee ? [project.default_assignee] : []),
    labels: input.labels ?? [],
    start_date: input.start_date ?? null,
    target_date: input.target_date ?? null,
    parent: input.parent ?? null,
    is_draft: input.is_draft ?? false,
    archived_at: null,
    external_id: input.external_id ?? null,
    external_source: input.external_source ?? null,
    created_by: input.created_by ?? context.user.id,
    created_at: input.created_at ?? db.stamp(),
  });
  context.webhooks.workItemCreated(item, context.user);
  return ok(context.out.workItem(item, plainShape), 201);
};

export const updateWorkItem: Handler = (context) => {
  const { db } = context;
  const item = workItemOf(context);
  const project = projectOf(context);
  const body = context.body as Record<string, unknown>;
  const externalId = body?.external_id;
  if (externalId && externalId !== item.external_id) {
    const source = body.external_source ?? item.external_source;
    const existing = [...db.workItems.values()].find(
      (i) => i.project === project.id && i.external_id === externalId && i.external_source === source,
    );
    if (existing) throw externalConflict(CONFLICT, existing.id);
  }
  const changes = readWorkItemInput(db, project, context.body, true);
  const before = context.webhooks.snapshot(item, context.user);
  const updated = db.updateWorkItem(item, changes, context.user.id);
  context.webhooks.workItemUpdated(updated, before, body ?? {}, context.user, 'api');
  return ok(context.out.workItem(updated, plainShape));
};
