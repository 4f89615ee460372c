import { z } from 'zod';
import { passesFilters } from '../notifications/filters.js';
import type { SubscriptionFilters } from '../notifications/subscriptions.js';
import { viewItem, type ItemView } from '../plane/item-view.js';
import { STATE_GROUPS, type StateGroup } from '../plane/types.js';
import { defineRecord } from '../state/record-kind.js';
import type { ProjectRead } from './reads.js';

/** At most this many items per section; the rest are counted. */
export const SECTION_MAX = 10;
export const DEFAULT_STALE_DAYS = 7;
const DAY_MS = 86_400_000;

/** One work item as a digest line shows it: key, title and link; its state, assignees or due day where the section says. */
export interface DigestItem {
  key: string;
  title: string;
  url: string;
  state?: string;
  /** The state it had at the last digest (a move). */
  from?: string;
  assignees: string[];
  due?: string;
}

export interface DigestSection {
  items: DigestItem[];
  /** How many more are not shown. */
  more: number;
}

export const SECTIONS = ['done', 'created', 'moved', 'overdue', 'unassigned', 'stale'] as const;
export type SectionName = (typeof SECTIONS)[number];

export interface DigestCycle {
  name: string;
  start: string | null;
  end: string | null;
  completed: number;
  total: number;
  /** Whole days from now to its end. */
  daysLeft: number;
}

/** Everything one digest says, ids already names. */
export interface DigestData {
  project: { identifier: string; name: string };
  /** Open and closed items by state group, with the change since the last digest (none for a first one). */
  counts: { group: StateGroup; count: number; change?: number }[];
  sections: Record<SectionName, DigestSection>;
  staleDays: number;
  cycles: DigestCycle[];
  /** When the last digest was, when there was one. */
  since?: number;
  /** Nothing done, created, moved, overdue, unassigned or stale, and no count changed. */
  quiet: boolean;
}

/** What a channel's digest saw of a project, for the changes the next one reports. */
export const snapshotSchema = z.object({
  at: z.number(),
  /** Work item id → state id. */
  states: z.record(z.string(), z.string()),
  counts: z.record(z.string(), z.number()),
});
export type DigestSnapshot = z.infer<typeof snapshotSchema>;

export const DIGEST_SNAPSHOTS = defineRecord({ namespace: 'digest:snapshots', version: 1, schema: snapshotSchema, ttlMs: 90 * DAY_MS });

export interface DigestInput {
  read: ProjectRead;
  url: (key: string) => string;
  filters: SubscriptionFilters;
  staleDays: number;
  snapshot?: DigestSnapshot;
  /** Without a snapshot, what counts as new: since one period ago. */
  fallbackSince: number;
  now: number;
  /** Today, in the schedule's time zone (YYYY-MM-DD): overdue is a target day before it. */
  today: string;
}

const OPEN: ReadonlySet<StateGroup> = new Set(['backlog', 'unstarted', 'started']);
const time = (value: string | null | undefined) => (value ? Date.parse(value) : Number.NaN);

/** A digest and the snapshot the next one compares with. Pure: the read comes in, nothing goes out. */
export function composeDigest(input: DigestInput): { data: DigestData; snapshot: DigestSnapshot } {
  const { read, snapshot, now, today } = input;
  const since = snapshot?.at ?? input.fallbackSince;
  const rows = read.items
    .map((item) => ({ item, view: viewItem(item, read.project, read.names) }))
    .filter(({ view }) => passesFilters(filterable(view), input.filters));
  const groupOf = (stateId: string | undefined) => (stateId ? read.names.states.get(stateId)?.group : undefined);
  const line = (view: ItemView, extra: Partial<DigestItem> = {}): DigestItem => ({
    key: view.key,
    title: view.title,
    url: input.url(view.key),
    state: view.state?.name,
    assignees: view.assignees,
    ...extra,
  });
  const sections = Object.fromEntries(SECTIONS.map((name) => [name, [] as DigestItem[]])) as Record<SectionName, DigestItem[]>;
  const counts = Object.fromEntries(STATE_GROUPS.map((group) => [group, 0])) as Record<StateGroup, number>;
  const staleBefore = now - input.staleDays * DAY_MS;
  for (const { item, view } of rows) {
    const group = view.state?.group;
    if (group) counts[group] += 1;
    const before = snapshot?.states[item.id];
    const known = before !== undefined;
    const created = time(item.created_at);
    if (group === 'completed' && (known ? groupOf(before) !== 'completed' : time(item.completed_at) >= since))
      sections.done.push(line(view));
    else if (known && before !== view.stateId) sections.moved.push(line(view, { from: read.names.states.get(before)?.name }));
    if (!known && created >= since) sections.created.push(line(view));
    if (!group || !OPEN.has(group)) continue;
    if (view.targetDate && view.targetDate < today) sections.overdue.push(line(view, { due: view.targetDate }));
    if ((view.priority === 'urgent' || view.priority === 'high') && view.assigneeIds.length === 0) sections.unassigned.push(line(view));
    if (group === 'started' && time(item.updated_at) < staleBefore) sections.stale.push(line(view));
  }
  sections.overdue.sort((a, b) => (a.due ?? '').localeCompare(b.due ?? ''));
  const shown = Object.fromEntries(
    SECTIONS.map((name) => [name, { items: sections[name].slice(0, SECTION_MAX), more: Math.max(0, sections[name].length - SECTION_MAX) }]),
  ) as Record<SectionName, DigestSection>;
  const countList = STATE_GROUPS.map((group) => ({
    group,
    count: counts[group],
    ...(snapshot && { change: counts[group] - (snapshot.counts[group] ?? 0) }),
  }));
  const quiet = SECTIONS.every((name) => sections[name].length === 0) && countList.every((c) => !c.change);
  return {
    data: {
      project: { identifier: read.project.identifier, name: read.project.name },
      counts: countList,
      sections: shown,
      staleDays: input.staleDays,
      cycles: read.cycles.map((c) => ({
        name: c.name,
        start: c.start_date,
        end: c.end_date,
        completed: c.completed_issues,
        total: c.total_issues,
        daysLeft: c.end_date ? Math.max(0, Math.floor((time(c.end_date) - now) / DAY_MS)) : 0,
      })),
      ...(snapshot && { since: snapshot.at }),
      quiet,
    },
    snapshot: {
      at: now,
      states: Object.fromEntries(rows.flatMap(({ item, view }) => (view.stateId ? [[item.id, view.stateId]] : []))),
      counts,
    },
  };
}

/** The fields `passesFilters` reads, from a named item. */
function filterable(view: ItemView) {
  return {
    id: '',
    projectId: view.project.id,
    key: view.key,
    title: view.title,
    url: '',
    state: view.state?.name ?? '',
    stateGroup: view.state?.group ?? ('' as const),
    priority: view.priority,
    assignees: view.assignees,
    assigneeIds: view.assigneeIds,
    labels: view.labels,
  };
}
