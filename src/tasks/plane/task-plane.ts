import type Keyv from 'keyv';
import { z } from 'zod';
import type { Logger } from '../../log.js';
import type { KeyedItem, PlaneApi } from '../../plane/api.js';
import { PlaneError } from '../../plane/errors.js';
import type { PlaneKit } from '../../plane/kit.js';
import type { PlaneRate } from '../../plane/limiter.js';
import { resolveMe } from '../../plane/me.js';
import { findMembers, findProject, findWorkItem, lookUpOrNone } from '../../plane/resolve.js';
import type { Label, Member, Project, State, WorkItem } from '../../plane/types.js';
import { textToHtml } from '../../plane/write-html.js';
import type { Requester } from '../../requester.js';
import { PhrasedError } from '../../i18n/index.js';
import type { TaskFieldChange } from '../events.js';
import { cleanId, unknownId } from '../fields.js';
import { taskSchema, type Task, type TaskStatus } from '../format.js';
import type { TaskStore } from '../store.js';
import { indexTasks, withDescendants } from '../tree.js';
import { EXTERNAL_SOURCE, externalId, OwnWrites } from './links.js';
import { blockedLabel, groupShows, planePriority, stateFor, targetDate } from './mapping.js';

export interface TaskPlaneOptions {
  kit: PlaneKit;
  /** Where the bot notes its own writes to linked items (the state store's in the bot), so their webhooks are not applied back. */
  ownWrites: Keyv;
  logger?: Logger;
}

/** A work item a sync made or changed, with the task it belongs to. */
export interface SyncedItem {
  taskId: string;
  key: string;
}

export interface SyncOutcome {
  /** The synced task as the file now holds it, subtasks included (each with its `plane` key). */
  root: Task;
  /** How many tasks the subtree holds. */
  total: number;
  project: string;
  created: SyncedItem[];
  /** Linked items whose fields the sync changed, with the Plane fields it wrote. */
  updated: (SyncedItem & { fields: string[] })[];
  unchanged: number;
  /** Task waits (`dependsOn`) sent as Plane relations, and whether the instance serves them. */
  relations: { sent: number; served: boolean };
  /** What did not go as the tree says (an assignee with no Plane member, a link to another project…). */
  notes: SyncNote[];
  /** Plane requests the sync sent, how long it took, and the rate it was paced to. */
  requests: number;
  elapsedMs: number;
  rate: PlaneRate;
}

/** Something a sync or a write-through could not do as the tree says, for the reply. */
export type SyncNote =
  | { kind: 'unassignable'; name: string; project: string }
  | { kind: 'other-project'; taskId: string; key: string }
  | { kind: 'gone'; taskId: string; key: string; project: string }
  | { kind: 'no-relations'; version?: string; waits: number };

/** The write-through of one task change to its work item. */
export type LinkedWrite = { key: string; fields: string[]; notes: SyncNote[] } | { key: string; error: string };

/** The schemas of SyncOutcome and LinkedWrite, for the Task tool's output schema. */
const syncNoteSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('unassignable'), name: z.string(), project: z.string() }),
    z.object({ kind: z.literal('other-project'), taskId: z.string(), key: z.string() }),
    z.object({ kind: z.literal('gone'), taskId: z.string(), key: z.string(), project: z.string() }),
    z.object({ kind: z.literal('no-relations'), version: z.string().optional(), waits: z.number() }),
  ])
  .meta({ id: 'SyncNote' });

export const linkedWriteSchema = z
  .union([
    z.object({ key: z.string(), fields: z.array(z.string()), notes: z.array(syncNoteSchema) }),
    z.object({ key: z.string(), error: z.string() }),
  ])
  .meta({ id: 'LinkedWrite', description: "The change written to the task's work item, or why it could not be" });

const syncedItemSchema = z.object({ taskId: z.string(), key: z.string() });

export const syncOutcomeShape = {
  root: taskSchema,
  total: z.number(),
  project: z.string(),
  created: z.array(syncedItemSchema),
  updated: z.array(syncedItemSchema.extend({ fields: z.array(z.string()) })),
  unchanged: z.number(),
  relations: z.object({ sent: z.number(), served: z.boolean() }),
  notes: z.array(syncNoteSchema),
  requests: z.number(),
  elapsedMs: z.number(),
  rate: z.object({ limit: z.number(), windowMs: z.number() }),
};

/** What of a task changed, for the write-through. */
export interface TaskChange {
  status?: { from: TaskStatus; to: TaskStatus };
  fields?: readonly TaskFieldChange[];
}

/** Where the sync runs and for whom: carried into the work items' external ids and the kit's write notes. */
export interface SyncContext {
  scope?: string;
  requester?: Requester;
}

/** A long sync announces its progress each time about this share of it is done. */
const PROGRESS_STEPS = 4;
const BLOCKED_COMMENT = 'Blocked in the channel’s task tree.';

/**
 * A channel's task tree and Plane (docs/tools.md, "Task trees synced with Plane"): `sync` pushes a
 * subtree as work items and sub-work-items, parents first, and records each link in the task file;
 * `push` writes one task change to its work item. Every request goes through the kit, under its limiter.
 */
export class TaskPlane {
  private readonly ownWrites: OwnWrites;

  constructor(private readonly options: TaskPlaneOptions) {
    this.ownWrites = new OwnWrites(options.ownWrites);
  }

  async sync(store: TaskStore, id: string, projectRef: string, context: SyncContext = {}): Promise<SyncOutcome> {
    const { kit } = this.options;
    const api = kit.api();
    const started = Date.now();
    const run = new SyncRun(api, kit.slug(), store, this.ownWrites, context, kit);
    const { result, requests } = await api.metered(() => run.run(id, projectRef));
    return { ...result, requests, elapsedMs: Date.now() - started, rate: kit.rate };
  }

  /** Writes a change of a linked task to its work item; a Plane failure is returned, not thrown (the task change is kept). */
  async push(task: Task, change: TaskChange, requester?: Requester): Promise<LinkedWrite | undefined> {
    const key = task.plane;
    if (key === undefined) return undefined;
    try {
      return await this.write(key, change, requester);
    } catch (error) {
      if (!(error instanceof PlaneError)) throw error;
      this.options.logger?.warn({ err: error, key }, 'could not write a task change to Plane');
      return { key, error: error.message };
    }
  }

  private async write(key: string, change: TaskChange, requester: Requester | undefined): Promise<LinkedWrite> {
    const { kit } = this.options;
    const api = kit.api();
    const slug = kit.slug();
    const { item, project, keyed } = await findWorkItem(api, slug, key);
    const notes: SyncNote[] = [];
    const body: Record<string, unknown> = {};
    let comment: string | undefined;
    const { status } = change;
    if (status && status.from !== status.to) {
      const labelIds = idsOf(item.labels);
      const blocked =
        status.to === 'blocked' || status.from === 'blocked'
          ? await lookUpOrNone((opts) => api.labels(slug, project, opts), blockedLabel)
          : undefined;
      if (status.to === 'blocked') {
        if (blocked) body.labels = [...new Set([...labelIds, blocked.id])];
        else comment = BLOCKED_COMMENT;
      } else {
        if (blocked && labelIds.includes(blocked.id)) body.labels = labelIds.filter((labelId) => labelId !== blocked.id);
        const states = await api.states(slug, project);
        const state = stateFor(status.to, states);
        if (!groupShows(groupOf(item, states), status.to) && state) body.state = state.id;
      }
    }
    for (const field of change.fields ?? []) {
      const to = typeof field.to === 'string' ? field.to : undefined;
      if (field.field === 'title' && to) body.name = to;
      if (field.field === 'description') body.description_html = textToHtml(to ?? '');
      if (field.field === 'priority' && to) body.priority = planePriority(to as Task['priority']);
      if (field.field === 'dueAt') body.target_date = targetDate(to);
      if (field.field === 'assignee') {
        const member = to === undefined ? undefined : await memberFor(api, slug, project, to, requester, notes);
        if (to === undefined || member) body.assignees = member ? [member.id] : [];
      }
    }
    const fields = Object.keys(body);
    if (fields.length > 0) {
      await this.ownWrites.note(item.id, body);
      await kit.noteWrite({ key: keyed.key, fields, ...(requester?.name && { by: requester.name }) });
      await api.updateWorkItem(slug, keyed, body);
    }
    if (comment) {
      await kit.noteWrite({ key: keyed.key, fields: ['comment'], ...(requester?.name && { by: requester.name }) });
      await api.addComment(slug, keyed, textToHtml(comment));
      fields.push('comment');
    }
    return { key: keyed.key, fields, notes };
  }
}

/** One sync: what it has looked up so far, and the links it has made. */
class SyncRun {
  private project!: Project;
  private states: State[] = [];
  /** The project's `blocked` label, once looked up (undefined inside: the project has none). */
  private blocked?: { label: Label | undefined };
  /** The project's work items by key, read once when the tree has links already. */
  private items?: Map<string, WorkItem>;
  /** Work item ids by key: created now or read. */
  private readonly ids = new Map<string, string>();
  private readonly members = new Map<string, Member | undefined>();
  private readonly notes: SyncNote[] = [];

  constructor(
    private readonly api: PlaneApi,
    private readonly slug: string,
    private readonly store: TaskStore,
    private readonly ownWrites: OwnWrites,
    private readonly context: SyncContext,
    private readonly kit: Pick<PlaneKit, 'rate' | 'noteWrite'>,
  ) {}

  /** Tells the kit of a write, so Plane's notification of it names who asked. */
  private noteWrite(key: string, fields: string[]): Promise<void> {
    const by = this.context.requester?.name;
    return this.kit.noteWrite({ key, fields, ...(by && { by }) });
  }

  async run(id: string, projectRef: string): Promise<Omit<SyncOutcome, 'requests' | 'elapsedMs' | 'rate'>> {
    const { api, slug } = this;
    const index = indexTasks((await this.store.read()).tasks);
    const root = index.get(cleanId(id))?.task;
    if (!root) throw unknownId('task', cleanId(id), [...index.keys()], this.store.file);
    this.project = await findProject(api, slug, projectRef);
    this.states = await api.states(slug, this.project);
    const tasks = withDescendants(root);
    const parentTask = root.parent === undefined ? undefined : index.get(root.parent)?.task;
    if (tasks.some((task) => task.plane) || parentTask?.plane) await this.readItems();

    const created: SyncedItem[] = [];
    const updated: SyncOutcome['updated'] = [];
    let unchanged = 0;
    const keyOf = new Map<string, string | undefined>(
      parentTask?.plane && this.inProject(parentTask.plane) ? [[parentTask.id, parentTask.plane]] : [],
    );
    const progress = this.progress(root, tasks.length);
    for (const [done, task] of tasks.entries()) {
      const parentKey = task.parent === undefined ? undefined : keyOf.get(task.parent);
      if (task.plane) {
        keyOf.set(task.id, this.inProject(task.plane) ? task.plane : undefined);
        const fields = await this.update(task, parentKey);
        if (fields === undefined) continue;
        if (fields.length > 0) updated.push({ taskId: task.id, key: task.plane, fields });
        else unchanged += 1;
      } else {
        const key = await this.create(task, parentKey);
        keyOf.set(task.id, key);
        created.push({ taskId: task.id, key });
      }
      await progress(done + 1);
    }
    const relations = await this.relate(tasks, index);
    const synced = indexTasks((await this.store.read()).tasks).get(root.id)?.task;
    const rootKey = synced?.plane;
    if (synced && rootKey) {
      await this.store.announce(root.id, {
        type: 'synced',
        project: this.project.identifier,
        key: rootKey,
        total: tasks.length,
        created: created.length,
        updated: updated.length,
      });
    }
    return {
      root: synced ?? root,
      total: tasks.length,
      project: this.project.identifier,
      created,
      updated,
      unchanged,
      relations,
      notes: this.notes,
    };
  }

  private inProject(key: string): boolean {
    return key.toUpperCase().startsWith(`${this.project.identifier.toUpperCase()}-`);
  }

  private async readItems(): Promise<Map<string, WorkItem>> {
    if (!this.items) {
      const items = await this.api.workItems(this.slug, this.project);
      this.items = new Map(items.map((item) => [`${this.project.identifier}-${item.sequence_id}`, item]));
      for (const [key, item] of this.items) this.ids.set(key, item.id);
    }
    return this.items;
  }

  /** A progress line each quarter of a sync that needs more than one window of Plane's budget. */
  private progress(root: Task, total: number): (done: number) => Promise<void> {
    if (total <= this.kit.rate.limit) return async () => undefined;
    const step = Math.ceil(total / PROGRESS_STEPS);
    const started = Date.now();
    return async (done) => {
      if (done % step !== 0 || done === total) return;
      const leftMs = Math.round(((Date.now() - started) / done) * (total - done));
      await this.store.announce(root.id, {
        type: 'sync_progress',
        project: this.project.identifier,
        done,
        total,
        leftMs: Math.max(leftMs, 0),
      });
    };
  }

  private async create(task: Task, parentKey: string | undefined): Promise<string> {
    const { api, slug, project } = this;
    const body: Record<string, unknown> = {
      name: task.title,
      priority: planePriority(task.priority),
      external_source: EXTERNAL_SOURCE,
      external_id: externalId({ scope: this.context.scope ?? '', file: this.store.file, taskId: task.id, createdAt: task.createdAt ?? '' }),
    };
    if (task.description) body.description_html = textToHtml(task.description);
    const state = stateFor(task.status === 'blocked' ? 'todo' : task.status, this.states);
    if (state) body.state = state.id;
    const due = targetDate(task.dueAt);
    if (due) body.target_date = due;
    const parentId = parentKey === undefined ? undefined : await this.idOf(parentKey);
    if (parentId) body.parent = parentId;
    const member = task.assignee === undefined ? undefined : await this.member(task.assignee);
    if (member) body.assignees = [member.id];
    const blocked = task.status === 'blocked' ? await this.blockedLabel() : undefined;
    if (blocked) body.labels = [blocked.id];
    const item = await this.createOrAdopt(body);
    const key = `${project.identifier}-${item.sequence_id}`;
    this.ids.set(key, item.id);
    await this.noteWrite(key, ['created']);
    // Linked at once: a sync cut short leaves every item it made linked, and the next one goes on from there.
    await this.store.link(new Map([[task.id, key]]));
    if (task.status === 'blocked' && !blocked) {
      await api.addComment(slug, { id: item.id, projectId: project.id, key }, textToHtml(BLOCKED_COMMENT));
    }
    return key;
  }

  /** A second create of the same task (after a crash, or two syncs at once) is refused by Plane (409): the item already there is the task's. */
  private async createOrAdopt(body: Record<string, unknown>): Promise<WorkItem> {
    try {
      return await this.api.createWorkItem(this.slug, this.project, body);
    } catch (error) {
      if (!(error instanceof PlaneError) || error.status !== 409) throw error;
      const existing = await this.api.workItemByExternalId(this.slug, this.project, EXTERNAL_SOURCE, String(body.external_id));
      if (!existing) throw error;
      return existing;
    }
  }

  /** Undefined when the item cannot be updated (another project, gone); otherwise the Plane fields written. */
  private async update(task: Task, parentKey: string | undefined): Promise<string[] | undefined> {
    const key = task.plane!;
    if (!this.inProject(key)) {
      this.notes.push({ kind: 'other-project', taskId: task.id, key });
      return undefined;
    }
    const item = (await this.readItems()).get(key.toUpperCase());
    if (!item) {
      this.notes.push({ kind: 'gone', taskId: task.id, key, project: this.project.identifier });
      return undefined;
    }
    const body: Record<string, unknown> = {};
    if (item.name !== task.title) body.name = task.title;
    if (item.priority !== planePriority(task.priority)) body.priority = planePriority(task.priority);
    const labelIds = idsOf(item.labels);
    if (task.status === 'blocked') {
      const blocked = await this.blockedLabel();
      if (blocked && !labelIds.includes(blocked.id)) body.labels = [...labelIds, blocked.id];
    } else if (!groupShows(groupOf(item, this.states), task.status)) {
      const state = stateFor(task.status, this.states);
      if (state) body.state = state.id;
    }
    // What the task does not say (no due date, no assignee) is left as Plane has it.
    const due = targetDate(task.dueAt);
    if (due && item.target_date !== due) body.target_date = due;
    if (task.assignee !== undefined) {
      const member = await this.member(task.assignee);
      if (member && !idsOf(item.assignees).includes(member.id)) body.assignees = [member.id];
    }
    const parentId = parentKey === undefined ? undefined : await this.idOf(parentKey);
    if (parentId && idOf(item.parent) !== parentId) body.parent = parentId;
    const fields = Object.keys(body);
    if (fields.length > 0) {
      await this.ownWrites.note(item.id, body);
      await this.noteWrite(key, fields);
      await this.api.updateWorkItem(this.slug, { id: item.id, projectId: this.project.id, key }, body);
    }
    return fields;
  }

  /** Waits on linked tasks of the same project become `blocked_by` relations, where the instance serves them. */
  private async relate(tasks: Task[], index: ReturnType<typeof indexTasks>): Promise<SyncOutcome['relations']> {
    const current = indexTasks((await this.store.read()).tasks);
    const waits = tasks.flatMap((task) => {
      const key = current.get(task.id)?.task.plane;
      const on = (task.dependsOn ?? []).map((dependency) => current.get(dependency)?.task.plane ?? index.get(dependency)?.task.plane);
      const keys = on.filter((dependencyKey): dependencyKey is string => dependencyKey !== undefined && this.inProject(dependencyKey));
      return key && this.inProject(key) && keys.length > 0 ? [{ key, on: keys }] : [];
    });
    const count = waits.reduce((sum, wait) => sum + wait.on.length, 0);
    if (count === 0) return { sent: 0, served: true };
    if (!(await this.api.servesRelations())) return this.unserved(count);
    let sent = 0;
    for (const wait of waits) {
      const item: KeyedItem = { id: (await this.idOf(wait.key))!, projectId: this.project.id, key: wait.key };
      const related = (await Promise.all(wait.on.map((key) => this.idOf(key)))).filter(
        (relatedId): relatedId is string => relatedId !== undefined,
      );
      try {
        await this.api.addRelations(this.slug, item, 'blocked_by', related);
      } catch (error) {
        // An instance that does not tell its release (Cloud) and has no such route.
        if (error instanceof PlaneError && error.status === 404 && sent === 0) return this.unserved(count);
        throw error;
      }
      sent += related.length;
    }
    return { sent, served: true };
  }

  private async unserved(count: number): Promise<SyncOutcome['relations']> {
    const { version } = await this.api.instance();
    this.notes.push({ kind: 'no-relations', ...(version && { version }), waits: count });
    return { sent: 0, served: false };
  }

  private async idOf(key: string): Promise<string | undefined> {
    const known = this.ids.get(key.toUpperCase());
    if (known) return known;
    try {
      const { item } = await findWorkItem(this.api, this.slug, key);
      this.ids.set(key.toUpperCase(), item.id);
      return item.id;
    } catch (error) {
      if (error instanceof PlaneError && error.status === 404) return undefined;
      throw error;
    }
  }

  private async blockedLabel(): Promise<Label | undefined> {
    this.blocked ??= { label: await lookUpOrNone((opts) => this.api.labels(this.slug, this.project, opts), blockedLabel) };
    return this.blocked.label;
  }

  /** The project member a task's assignee names (display name, full name or e-mail); each name is looked up once. */
  private async member(name: string): Promise<Member | undefined> {
    if (!this.members.has(name))
      this.members.set(name, await memberFor(this.api, this.slug, this.project, name, this.context.requester, this.notes));
    return this.members.get(name);
  }
}

/** The member a task's assignee names, or undefined with a note saying so. */
async function memberFor(
  api: PlaneApi,
  slug: string,
  project: Project,
  name: string,
  requester: Requester | undefined,
  notes: SyncNote[],
): Promise<Member | undefined> {
  try {
    return (await findMembers(api, slug, project, [name], () => resolveMe(api, slug, requester))).members[0];
  } catch (error) {
    if (!(error instanceof PlaneError)) throw error;
    notes.push({ kind: 'unassignable', name, project: project.identifier });
    return undefined;
  }
}

function idOf(ref: string | { id: string } | null | undefined): string | undefined {
  return typeof ref === 'string' ? ref : ref?.id;
}

function idsOf(refs: readonly (string | { id: string })[]): string[] {
  return refs.map((ref) => (typeof ref === 'string' ? ref : ref.id));
}

function groupOf(item: WorkItem, states: readonly State[]): string | undefined {
  if (item.state && typeof item.state === 'object') return item.state.group;
  return states.find((state) => state.id === item.state)?.group;
}

/** Thrown by the actions when a sync is asked of a front end that has no Plane. */
export function noPlane(): PhrasedError {
  return new PhrasedError('Syncing with Plane is not available here.');
}
