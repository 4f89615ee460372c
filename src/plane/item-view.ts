import type { Freshness, KeyedItem, PlaneApi } from './api.js';
import { memberName } from './member-names.js';
import { mentionNames } from './mentions.js';
import { readHtml, type ReadableHtml } from './read-html.js';
import { findWorkItem } from './resolve.js';
import type { Label, Member, Priority, Project, State, StateGroup, WorkItem } from './types.js';

/** A work item with every id replaced by a name: what the tools print. */
export interface ItemView {
  key: string;
  title: string;
  project: Project;
  state?: { name: string; group: StateGroup };
  priority: Priority;
  assignees: string[];
  labels: string[];
  startDate: string | null;
  targetDate: string | null;
  created?: string;
  updated?: string;
  descriptionHtml: string;
  /** Kept for filtering and sorting (lists); never printed. */
  stateId?: string;
  assigneeIds: string[];
}

/** The names of a project's states, labels and members, from the cache. */
export interface ProjectNames {
  states: Map<string, State>;
  labels: Map<string, Label>;
  members: Map<string, Member>;
}

/**
 * The names behind the bare ids of `items`, from the cache; a list one of them refers to beyond is
 * loaded once more, fresh. A list no item refers to by id (a read by key comes expanded) is not loaded.
 */
export async function projectNames(api: PlaneApi, slug: string, project: Project, items: readonly WorkItem[]): Promise<ProjectNames> {
  const byId = <T extends { id: string }>(list: T[]) => new Map(list.map((x) => [x.id, x]));
  const complete = async <T extends { id: string }>(
    load: (opts: Freshness) => Promise<T[]>,
    refs: (item: WorkItem) => unknown[],
  ): Promise<Map<string, T>> => {
    const ids = items.flatMap(refs).filter((ref): ref is string => typeof ref === 'string');
    if (ids.length === 0) return new Map();
    const cached = byId(await load({}));
    return ids.every((id) => cached.has(id)) ? cached : byId(await load({ fresh: true }));
  };
  const [states, labels, members] = await Promise.all([
    complete(
      (opts) => api.states(slug, project, opts),
      (item) => [item.state],
    ),
    complete(
      (opts) => api.labels(slug, project, opts),
      (item) => item.labels,
    ),
    complete(
      (opts) => api.projectMembers(slug, project, opts),
      (item) => item.assignees,
    ),
  ]);
  return { states, labels, members };
}

/** A date or datetime as YYYY-MM-DD (datetimes come in the key owner's timezone). */
export function day(value: string | null | undefined): string | null {
  return value ? value.slice(0, 10) : null;
}

export function viewItem(item: WorkItem, project: Project, names: ProjectNames): ItemView {
  const state = typeof item.state === 'string' ? names.states.get(item.state) : (item.state ?? undefined);
  const assignees = item.assignees.map((a) => (typeof a === 'string' ? names.members.get(a) : a));
  const labels = item.labels.map((l) => (typeof l === 'string' ? names.labels.get(l) : l));
  return {
    key: `${project.identifier}-${item.sequence_id}`,
    title: item.name,
    project,
    state: state ? { name: state.name, group: state.group } : undefined,
    priority: item.priority ?? 'none',
    assignees: assignees.map((m) => (m ? memberName(m) : 'a former member')),
    labels: labels.map((l) => l?.name ?? 'a deleted label'),
    startDate: day(item.start_date),
    targetDate: day(item.target_date),
    created: day(item.created_at) ?? undefined,
    updated: day(item.updated_at) ?? undefined,
    descriptionHtml: item.description_html ?? '',
    stateId: state?.id ?? (typeof item.state === 'string' ? item.state : undefined),
    assigneeIds: item.assignees.map((a) => (typeof a === 'string' ? a : a.id)),
  };
}

/** One work item of `project` (as a write returns it), named. */
export async function viewOne(api: PlaneApi, slug: string, project: Project, item: WorkItem): Promise<ItemView> {
  return viewItem(item, project, await projectNames(api, slug, project, [item]));
}

/** A work item by key, named, with its description as text (mentions named). */
export async function readWorkItem(
  api: PlaneApi,
  slug: string,
  key: string,
): Promise<{ view: ItemView; description: ReadableHtml; keyed: KeyedItem }> {
  const { item, project, keyed } = await findWorkItem(api, slug, key);
  const view = await viewOne(api, slug, project, item);
  const description = readHtml(view.descriptionHtml, await mentionNames(api, slug, view.descriptionHtml));
  return { view, description, keyed };
}
