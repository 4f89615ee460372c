import { z } from 'zod';
import type { Requester } from '../requester.js';
import { fieldChangeSchema } from './fields.js';
import { TASK_STATUSES, taskSchema, type Task, type TaskStatus } from './format.js';
import { linkedWriteSchema, noPlane, syncOutcomeShape, type LinkedWrite, type SyncOutcome, type TaskPlane } from './plane/task-plane.js';
import type { NewTask, TaskChanges, TaskStore } from './store.js';
import type { TaskFieldChange } from './events.js';

/**
 * The task tree's actions, one function for every front end (the Task tool, `/task`): each returns
 * a typed outcome, which the tool words for the model and the command shows in Slack.
 */

export type TaskAction =
  | { action: 'add'; task: NewTask }
  | { action: 'subtask'; parent: string; task: NewTask }
  | { action: 'list' | 'tree' }
  | { action: 'status'; id: string; status: TaskStatus }
  | { action: 'assign'; id: string; assignee: string }
  | { action: 'update'; id: string; changes: TaskChanges }
  | { action: 'remove'; id: string }
  /** The task and its subtree to work items of a Plane project (by identifier or name). */
  | { action: 'sync'; id: string; project: string };

/** What the actions reach besides the file: Plane, for the tasks synced with it, and who asks. */
export interface TaskActionEnv {
  plane?: TaskPlane;
  requester?: Requester;
}

/** `plane`: the change written to the task's work item, when it is synced with one. */
export type TaskOutcome = { file: string } & (
  | { action: 'add' | 'subtask'; task: Task }
  | { action: 'list' | 'tree'; tasks: Task[] }
  /** `openDependencies`: the tasks it still waits on that are not done. */
  | { action: 'status'; task: Task; from: TaskStatus; openDependencies: Task[]; plane?: LinkedWrite }
  | { action: 'assign'; task: Task; from?: string; plane?: LinkedWrite }
  /** `changes` is empty when the values given were the current ones. */
  | { action: 'update'; task: Task; changes: TaskFieldChange[]; plane?: LinkedWrite }
  /** The task removed, then every subtask removed with it; `keptInPlane`: their work items, which stay. */
  | { action: 'remove'; removed: Task[]; keptInPlane: string[] }
  | ({ action: 'sync' } & SyncOutcome)
);

/** TaskOutcome as the Task tool declares its data. */
export const taskOutcomeSchema = z.discriminatedUnion('action', [
  z.object({ file: z.string(), action: z.enum(['add', 'subtask']), task: taskSchema }),
  z.object({ file: z.string(), action: z.enum(['list', 'tree']), tasks: z.array(taskSchema) }),
  z.object({
    file: z.string(),
    action: z.literal('status'),
    task: taskSchema,
    from: z.enum(TASK_STATUSES),
    openDependencies: z.array(taskSchema).describe('The tasks it still waits on that are not done'),
    plane: linkedWriteSchema.optional(),
  }),
  z.object({
    file: z.string(),
    action: z.literal('assign'),
    task: taskSchema,
    from: z.string().optional(),
    plane: linkedWriteSchema.optional(),
  }),
  z.object({
    file: z.string(),
    action: z.literal('update'),
    task: taskSchema,
    changes: z.array(fieldChangeSchema(['title', 'description', 'priority', 'assignee', 'dueAt', 'tags', 'dependsOn'])),
    plane: linkedWriteSchema.optional(),
  }),
  z.object({
    file: z.string(),
    action: z.literal('remove'),
    removed: z.array(taskSchema).describe('The task removed, then every subtask removed with it'),
    keptInPlane: z.array(z.string()).describe('Their work items, which stay'),
  }),
  z.object({ file: z.string(), action: z.literal('sync'), ...syncOutcomeShape }),
]);

export async function performTask(store: TaskStore, action: TaskAction, env: TaskActionEnv = {}): Promise<TaskOutcome> {
  const file = store.file;
  // A change of a synced task is written to its work item; the change in the file stands either way.
  const push = async (task: Task, change: Parameters<TaskPlane['push']>[1]) => {
    const plane = env.plane && task.plane ? await env.plane.push(task, change, env.requester) : undefined;
    return plane ? { plane } : {};
  };
  switch (action.action) {
    case 'add':
      return { file, action: 'add', task: await store.add(action.task) };
    case 'subtask':
      return { file, action: 'subtask', task: await store.addSubtask(action.parent, action.task) };
    case 'list':
    case 'tree':
      return { file, action: action.action, tasks: (await store.read()).tasks };
    case 'status': {
      const change = await store.setStatus(action.id, action.status);
      const changed = change.from !== change.task.status;
      return {
        file,
        action: 'status',
        ...change,
        ...(changed && (await push(change.task, { status: { from: change.from, to: change.task.status } }))),
      };
    }
    case 'assign': {
      const change = await store.assign(action.id, action.assignee);
      const fields: TaskFieldChange[] =
        change.from === change.task.assignee ? [] : [{ field: 'assignee', from: change.from, to: change.task.assignee }];
      return { file, action: 'assign', ...change, ...(fields.length > 0 && (await push(change.task, { fields }))) };
    }
    case 'update': {
      const change = await store.update(action.id, action.changes);
      const fields = change.changes.filter((field) => PUSHED_FIELDS.has(field.field));
      return { file, action: 'update', ...change, ...(fields.length > 0 && (await push(change.task, { fields }))) };
    }
    case 'remove': {
      const { removed } = await store.remove(action.id);
      const keptInPlane = removed.flatMap((task) => (task.plane ? [task.plane] : []));
      return { file, action: 'remove', removed, keptInPlane };
    }
    case 'sync': {
      if (!env.plane) throw noPlane();
      return {
        file,
        action: 'sync',
        ...(await env.plane.sync(store, action.id, action.project, { scope: store.scope, requester: env.requester })),
      };
    }
  }
}

/** The fields a work item has a counterpart for (tags and waits stay in the tree; waits become relations on a sync). */
const PUSHED_FIELDS = new Set<TaskFieldChange['field']>(['title', 'description', 'priority', 'assignee', 'dueAt']);

/**
 * What a task just marked done still waits on, `[2] Title (status), …`, for the presenters' note;
 * undefined when nothing it waits on is open (or it was not marked done).
 */
export function stillWaitsOn(outcome: TaskOutcome): string | undefined {
  if (outcome.action !== 'status' || outcome.task.status !== 'done' || outcome.openDependencies.length === 0) return undefined;
  return outcome.openDependencies.map((open) => `[${open.id}] ${open.title} (${open.status})`).join(', ');
}
