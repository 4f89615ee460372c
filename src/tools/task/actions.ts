import type { Task, TaskStatus } from './format.js';
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
  | { action: 'remove'; id: string };

export type TaskOutcome = { file: string } & (
  | { action: 'add' | 'subtask'; task: Task }
  | { action: 'list' | 'tree'; tasks: Task[] }
  /** `openDependencies`: the tasks it still waits on that are not done. */
  | { action: 'status'; task: Task; from: TaskStatus; openDependencies: Task[] }
  | { action: 'assign'; task: Task; from?: string }
  /** `changes` is empty when the values given were the current ones. */
  | { action: 'update'; task: Task; changes: TaskFieldChange[] }
  /** The task removed, then every subtask removed with it. */
  | { action: 'remove'; removed: Task[] }
);

export async function performTask(store: TaskStore, action: TaskAction): Promise<TaskOutcome> {
  const file = store.file;
  switch (action.action) {
    case 'add':
      return { file, action: 'add', task: await store.add(action.task) };
    case 'subtask':
      return { file, action: 'subtask', task: await store.addSubtask(action.parent, action.task) };
    case 'list':
    case 'tree':
      return { file, action: action.action, tasks: (await store.read()).tasks };
    case 'status':
      return { file, action: 'status', ...(await store.setStatus(action.id, action.status)) };
    case 'assign':
      return { file, action: 'assign', ...(await store.assign(action.id, action.assignee)) };
    case 'update':
      return { file, action: 'update', ...(await store.update(action.id, action.changes)) };
    case 'remove':
      return { file, action: 'remove', ...(await store.remove(action.id)) };
  }
}

/**
 * What a task just marked done still waits on, `[2] Title (status), …`, for the presenters' note;
 * undefined when nothing it waits on is open (or it was not marked done).
 */
export function stillWaitsOn(outcome: TaskOutcome): string | undefined {
  if (outcome.action !== 'status' || outcome.task.status !== 'done' || outcome.openDependencies.length === 0) return undefined;
  return outcome.openDependencies.map((open) => `[${open.id}] ${open.title} (${open.status})`).join(', ');
}
