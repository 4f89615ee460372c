import { silentLogger, type Logger } from '../log.js';
import { JsonFile, type JsonFileOptions } from '../files/json-file.js';
import { resolveInside } from '../files/safe-path.js';
import { phrase, type Phrase, PhrasedError } from '../i18n/index.js';
import type { Requester } from '../requester.js';
import { addDependency, forgetDependencies, openDependencies } from './dependencies.js';
import type { PlaneNote, TaskEvent, TaskEventBase, TaskEventEmitter, TaskField, TaskFieldChange } from './events.js';
import {
  applyFields,
  checkCommonChanges,
  checkDue,
  cleanId,
  normalizeAssignee,
  normalizeTags,
  parseWith,
  requireTitle,
  unknownId,
  type CommonChanges,
  type FieldValue,
} from './fields.js';
import {
  taskFileFormat,
  taskPrioritySchema,
  taskStatusSchema,
  type Task,
  type TaskFile,
  type TaskPriority,
  type TaskStatus,
} from './format.js';
import { indexTasks, nextId, walk, withDescendants, type Placement } from './tree.js';

export const DEFAULT_TASK_FILE = 'tasks.json';

export interface TaskStoreOptions extends JsonFileOptions {
  /** The folder the file lives in (one per channel); created if missing. */
  dir: string;
  /** A file name inside `dir`; `tasks.json` when omitted. Anything leading outside `dir` is refused. */
  file?: string;
  /** Carried on events: where the changes come from (ToolContext.scope). */
  scope?: string;
  /** Carried on events: who makes the changes (ToolContext.requester). */
  actor?: Requester;
  /** Receives a `task` event after each change is written. */
  events?: TaskEventEmitter;
}

export interface NewTask {
  title: string;
  priority?: TaskPriority;
  description?: string;
  assignee?: string;
  dueAt?: string;
  tags?: string[];
  /** Ids of existing tasks the new one waits on. */
  dependsOn?: string[];
}

/** What `update` may change; `null` removes an optional field. */
export interface TaskChanges extends CommonChanges {
  priority?: TaskPriority;
  assignee?: string | null;
  /** Ids to start waiting on. */
  depends?: string[];
  /** Ids to stop waiting on. */
  undepend?: string[];
}

export interface StatusChange {
  task: Task;
  from: TaskStatus;
  /** The tasks it still waits on that are not done. */
  openDependencies: Task[];
}

export interface Assignment {
  task: Task;
  from?: string;
}

export interface TaskUpdate {
  task: Task;
  /** Empty when the values given were the current ones. */
  changes: TaskFieldChange[];
}

export interface Removal {
  /** The task removed, then every subtask removed with it. */
  removed: Task[];
}

/** The channel's task tree in one file (the task file format, docs/tools.md), shared by the Task tool and `/task`. */
export class TaskStore {
  private readonly logger: Logger;

  private constructor(
    private readonly json: JsonFile<TaskFile>,
    private readonly options: TaskStoreOptions,
  ) {
    this.logger = options.logger ?? silentLogger;
  }

  static async open(options: TaskStoreOptions): Promise<TaskStore> {
    const { path, name } = await resolveInside(options.dir, options.file ?? DEFAULT_TASK_FILE, DEFAULT_TASK_FILE);
    return new TaskStore(new JsonFile(path, name, taskFileFormat, options), options);
  }

  /** The file's name relative to its folder. */
  get file(): string {
    return this.json.name;
  }

  /** Where the changes come from (ToolContext.scope: a channel id), when known. */
  get scope(): string | undefined {
    return this.options.scope;
  }

  read(): Promise<TaskFile> {
    return this.json.read();
  }

  add(input: NewTask): Promise<Task> {
    return this.create(undefined, input);
  }

  addSubtask(parentId: string, input: NewTask): Promise<Task> {
    return this.create(cleanId(parentId), input);
  }

  async setStatus(id: string, status: TaskStatus, because?: PlaneNote): Promise<StatusChange> {
    const to = parseWith(taskStatusSchema, status);
    const [result, at] = await this.write(
      (data, now) => {
        const index = indexTasks(data.tasks);
        const { task } = this.find(index, id);
        const from = task.status;
        if (from !== to) touch(task, now).status = to;
        return { task, from, openDependencies: openDependencies(task, index) };
      },
      (change) => change.from !== to,
    );
    if (result.from !== to) {
      const openIds = result.openDependencies.map((dependency) => dependency.id);
      this.emit(result.task, at, { type: 'status_changed', from: result.from, to, openDependencies: openIds, ...(because && { because }) });
    }
    return result;
  }

  async assign(id: string, assignee: string): Promise<Assignment> {
    const to = normalizeAssignee(assignee);
    const [result, at] = await this.write(
      (data, now) => {
        const { task } = this.find(indexTasks(data.tasks), id);
        const from = task.assignee;
        if (from !== to) touch(task, now).assignee = to;
        return from === undefined ? { task } : { task, from };
      },
      (change) => change.from !== to,
    );
    if (result.from !== to) this.emit(result.task, at, { type: 'assigned', from: result.from, to });
    return result;
  }

  async update(id: string, changes: TaskChanges): Promise<TaskUpdate> {
    const wanted = checkChanges(changes);
    const [result, at] = await this.write(
      (data, now) => {
        const index = indexTasks(data.tasks);
        const { task } = this.find(index, id);
        const applied: TaskFieldChange[] = applyFields(task, wanted.fields);
        const dependsBefore = task.dependsOn;
        this.changeDependencies(task, wanted, index);
        if (JSON.stringify(dependsBefore) !== JSON.stringify(task.dependsOn)) {
          applied.push({ field: 'dependsOn', from: dependsBefore, to: task.dependsOn });
        }
        if (applied.length > 0) touch(task, now);
        return { task, changes: applied };
      },
      (update) => update.changes.length > 0,
    );
    const assigned = result.changes.find((change) => change.field === 'assignee');
    if (assigned) {
      const [from, to] = [assigned.from, assigned.to] as (string | undefined)[];
      this.emit(result.task, at, { type: 'assigned', from, to });
    }
    const others = result.changes.filter((change) => change.field !== 'assignee');
    if (others.length > 0) this.emit(result.task, at, { type: 'updated', changes: others });
    return result;
  }

  async remove(id: string): Promise<Removal> {
    const [result, at] = await this.write((data, now) => {
      const { task, siblings } = this.find(indexTasks(data.tasks), id);
      siblings.splice(siblings.indexOf(task), 1);
      const removed = withDescendants(task);
      const goneIds = new Set(removed.map((gone) => gone.id));
      for (const waiting of forgetDependencies(walk(data.tasks), goneIds)) touch(waiting, now);
      return { removed };
    });
    const [task] = result.removed;
    if (task) this.emit(task, at, { type: 'removed', removedIds: result.removed.map((gone) => gone.id) });
    return result;
  }

  /**
   * Records the Plane work item each task is synced with (task id → key). Bookkeeping rather than a
   * change of the task: nothing is stamped or announced.
   */
  async link(links: ReadonlyMap<string, string>): Promise<void> {
    if (links.size === 0) return;
    await this.json.update(
      (data) => {
        let changed = false;
        for (const { task } of walk(data.tasks)) {
          const key = links.get(task.id);
          if (key !== undefined && task.plane !== key) {
            task.plane = key;
            changed = true;
          }
        }
        return changed;
      },
      (changed) => changed,
    );
  }

  /** Announces what happened to a task outside the file (a sync with Plane, a note), as a change would be. */
  async announce(id: string, event: Extract<EventBody, { type: 'synced' | 'sync_progress' | 'noted' }>): Promise<void> {
    const { task } = this.find(indexTasks((await this.read()).tasks), id);
    this.emit(task, this.now(), event);
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  private async create(parentId: string | undefined, input: NewTask): Promise<Task> {
    const title = requireTitle(input.title, 'task');
    const priority = parseWith(taskPrioritySchema, input.priority ?? 'normal');
    const assignee = input.assignee === undefined ? undefined : normalizeAssignee(input.assignee);
    const dueAt = input.dueAt === undefined ? undefined : checkDue(input.dueAt);
    const tags = normalizeTags(input.tags);
    const [created, at] = await this.write((data, now) => {
      const index = indexTasks(data.tasks);
      const parent = parentId === undefined ? undefined : this.find(index, parentId, phrase('taskError.cannotAddSubtask')).task;
      const siblings = parent ? (parent.subtasks ??= []) : data.tasks;
      // Nothing waits on a new task yet, so its own waits cannot close a cycle.
      const waitedOn = (input.dependsOn ?? []).map((dependencyId) => this.find(index, dependencyId, phrase('taskError.cannotWaitOnIt')));
      const dependsOn = [...new Set(waitedOn.map((placement) => placement.task.id))];
      const task: Task = {
        id: nextId(siblings, parent),
        title,
        status: 'todo',
        priority,
        ...(parent && { parent: parent.id }),
        ...(input.description?.trim() && { description: input.description.trim() }),
        ...(assignee && { assignee }),
        ...(dueAt && { dueAt }),
        ...(tags && { tags }),
        ...(dependsOn.length > 0 && { dependsOn }),
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
        subtasks: [],
      };
      siblings.push(task);
      return task;
    });
    this.emit(created, at, { type: 'created', task: created, ...(parentId && { parent: parentId }) });
    return created;
  }

  private changeDependencies(task: Task, wanted: CheckedChanges, index: Map<string, Placement>): void {
    for (const dependencyId of wanted.undepend) {
      if (!task.dependsOn?.includes(dependencyId)) {
        const waits = task.dependsOn ?? [];
        throw new PhrasedError(
          phrase('taskError.doesNotWait', { id: task.id, dependency: dependencyId, count: waits.length, waits: waits.join(', ') }),
        );
      }
      task.dependsOn = task.dependsOn.filter((other) => other !== dependencyId);
      if (task.dependsOn.length === 0) delete task.dependsOn;
    }
    for (const dependencyId of wanted.depends) {
      addDependency(task, this.find(index, dependencyId, phrase('taskError.cannotWaitOnIt')).task.id, index);
    }
  }

  /** The task with this id, else the error naming the valid ids, after `context` (what could not be done). */
  private find(index: Map<string, Placement>, id: string, context?: Phrase): Placement {
    const clean = cleanId(id);
    const placement = index.get(clean);
    if (placement) return placement;
    const error = unknownId('task', clean, [...index.keys()], this.file);
    throw context ? new PhrasedError([context, ...(error.phrases ?? [])]) : error;
  }

  /** Runs `change` under the file's lock; returns its result and the instant the change is stamped with. */
  private async write<R>(change: (data: TaskFile, now: Date) => R, changed?: (result: R) => boolean): Promise<[R, Date]> {
    let at = new Date(0);
    const result = await this.json.update((data, now) => {
      at = now;
      return change(data, now);
    }, changed);
    return [result, at];
  }

  /** Listeners run after the write; one that throws must not turn a saved change into a failure. */
  private emit(task: Task, at: Date, event: EventBody): void {
    const { events, scope, actor } = this.options;
    if (!events) return;
    const base: TaskEventBase = {
      ...(scope !== undefined && { scope }),
      file: this.file,
      taskId: task.id,
      title: task.title,
      ...(actor && { by: actor }),
      at: at.toISOString(),
    };
    try {
      events.emit('task', { ...base, ...event } as TaskEvent);
    } catch (error) {
      this.logger.warn({ err: error, event: event.type }, 'a task event listener failed');
    }
  }
}

type ScalarField = Exclude<TaskField, 'dependsOn'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** An event as a change describes it; the store adds where, when and by whom. */
type EventBody = DistributiveOmit<TaskEvent, keyof TaskEventBase>;

function touch(task: Task, now: Date): Task {
  task.updatedAt = now.toISOString();
  return task;
}

interface CheckedChanges {
  /** Field and new value (`undefined`: remove the field), in a stable order. */
  fields: [ScalarField, FieldValue][];
  depends: string[];
  undepend: string[];
}

/** Validates every change before the file is locked, so bad input never waits for the lock. */
function checkChanges(changes: TaskChanges): CheckedChanges {
  const fields: CheckedChanges['fields'] = checkCommonChanges(changes, 'task');
  if (changes.priority !== undefined) fields.push(['priority', parseWith(taskPrioritySchema, changes.priority)]);
  if (changes.assignee !== undefined) {
    fields.push(['assignee', changes.assignee === null ? undefined : normalizeAssignee(changes.assignee)]);
  }
  const depends = (changes.depends ?? []).map(cleanId);
  const undepend = (changes.undepend ?? []).map(cleanId);
  if (fields.length === 0 && depends.length === 0 && undepend.length === 0) {
    throw new PhrasedError(
      phrase('taskError.nothingToUpdate', { fields: 'title, description, priority, assignee, dueAt, tags, depends, undepend' }),
    );
  }
  return { fields, depends, undepend };
}
