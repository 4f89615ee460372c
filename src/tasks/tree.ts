import type { Task } from './format.js';

/** Where a task sits: the array that holds it (to remove it) and its parent, if any. */
export interface Placement {
  task: Task;
  siblings: Task[];
  parent?: Task;
}

/** Every task, depth first in file order, with where it sits. */
export function* walk(tasks: Task[], parent?: Task): Generator<Placement> {
  for (const task of tasks) {
    yield parent ? { task, siblings: tasks, parent } : { task, siblings: tasks };
    if (task.subtasks) yield* walk(task.subtasks, task);
  }
}

export function indexTasks(tasks: Task[]): Map<string, Placement> {
  const index = new Map<string, Placement>();
  for (const placement of walk(tasks)) if (!index.has(placement.task.id)) index.set(placement.task.id, placement);
  return index;
}

/** The task and everything under it. */
export function withDescendants(task: Task): Task[] {
  return [...walk([task])].map((placement) => placement.task);
}

/** `"3"` after top-level tasks 1 and 2; `"1-3"` after subtasks 1-1 and 1-2 of task 1. */
export function nextId(siblings: readonly { id: string }[], parent?: { id: string }): string {
  let highest = 0;
  for (const task of siblings) {
    const last = Number(task.id.slice(task.id.lastIndexOf('-') + 1));
    if (Number.isInteger(last) && last > highest) highest = last;
  }
  return parent ? `${parent.id}-${highest + 1}` : String(highest + 1);
}
