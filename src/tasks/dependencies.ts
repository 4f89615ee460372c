import { phrase, PhrasedError } from '../i18n/index.js';
import type { Task } from './format.js';
import type { Placement } from './tree.js';

/** Task dependencies (`dependsOn`): a task waits on others; the waits may never form a cycle. */

/** The open tasks `task` still waits on, in its `dependsOn` order; ids that no longer exist are skipped. */
export function openDependencies(task: Task, index: Map<string, Placement>): Task[] {
  return (task.dependsOn ?? [])
    .map((id) => index.get(id)?.task)
    .filter((dependency): dependency is Task => dependency !== undefined && dependency.status !== 'done');
}

/**
 * Makes `task` wait on `dependencyId`, refusing a link that would close a cycle; the message names
 * the cycle (`1 → 2 → 1-1 → 1`). Returns false when the link was already there.
 */
export function addDependency(task: Task, dependencyId: string, index: Map<string, Placement>): boolean {
  if (dependencyId === task.id) throw new PhrasedError(phrase('taskError.waitsOnItself', { id: task.id }));
  if (task.dependsOn?.includes(dependencyId)) return false;
  const back = pathBetween(dependencyId, task.id, index);
  if (back) {
    const cycle = [task.id, ...back].join(' → ');
    throw new PhrasedError(phrase('taskError.cycle', { id: task.id, dependency: dependencyId, cycle }));
  }
  task.dependsOn = [...(task.dependsOn ?? []), dependencyId];
  return true;
}

/** The chain of waits from `from` to `to` (both included), if there is one. */
function pathBetween(from: string, to: string, index: Map<string, Placement>): string[] | undefined {
  const cameFrom = new Map<string, string | undefined>([[from, undefined]]);
  const queue = [from];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    if (next === to) {
      const path: string[] = [];
      for (let step: string | undefined = to; step !== undefined; step = cameFrom.get(step)) path.unshift(step);
      return path;
    }
    for (const dependency of index.get(next)?.task.dependsOn ?? []) {
      if (!cameFrom.has(dependency)) {
        cameFrom.set(dependency, next);
        queue.push(dependency);
      }
    }
  }
  return undefined;
}

/** Drops waits on tasks that are gone; returns the tasks whose list changed. */
export function forgetDependencies(tasks: Iterable<Placement>, goneIds: ReadonlySet<string>): Task[] {
  const changed: Task[] = [];
  for (const { task } of tasks) {
    if (!task.dependsOn?.some((id) => goneIds.has(id))) continue;
    const kept = task.dependsOn.filter((id) => !goneIds.has(id));
    if (kept.length > 0) task.dependsOn = kept;
    else delete task.dependsOn;
    changed.push(task);
  }
  return changed;
}
