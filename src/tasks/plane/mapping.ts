import type { Label, Priority, State, StateGroup } from '../../plane/types.js';
import type { TaskPriority, TaskStatus } from '../format.js';

/**
 * How a task and its work item correspond (docs/tools.md, "Task trees synced with Plane"): the
 * priorities by name (`critical` ↔ `urgent`, `normal` ↔ `medium`), the status by the state's group
 * (`todo` the project's default state, `in-progress` its first started state, `done` its first
 * completed state), `blocked` by the project's `blocked` label while the state stays.
 */

const TO_PLANE: Record<TaskPriority, Priority> = { critical: 'urgent', high: 'high', normal: 'medium', low: 'low' };
const FROM_PLANE: Record<Priority, TaskPriority> = { urgent: 'critical', high: 'high', medium: 'normal', low: 'low', none: 'normal' };

export const planePriority = (priority: TaskPriority): Priority => TO_PLANE[priority];
/** Plane's `none` is the task file's default, `normal`. */
export const taskPriority = (priority: Priority): TaskPriority => FROM_PLANE[priority];

/** What a state group means for a task; `cancelled` when the mapping loses that. */
export function statusOfGroup(group: StateGroup | string): { status: TaskStatus; cancelled?: true } | undefined {
  switch (group) {
    case 'backlog':
    case 'unstarted':
      return { status: 'todo' };
    case 'started':
      return { status: 'in-progress' };
    case 'completed':
      return { status: 'done' };
    case 'cancelled':
      return { status: 'done', cancelled: true };
    default:
      return undefined;
  }
}

/** Whether an item in a state of `group` already shows the task's status (nothing to change). */
export function groupShows(group: StateGroup | string | undefined, status: TaskStatus): boolean {
  return group !== undefined && statusOfGroup(group)?.status === status;
}

/** The state a task of this status goes to; undefined for `blocked` (the state stays) or when the project has none of that group. */
export function stateFor(status: TaskStatus, states: readonly State[]): State | undefined {
  switch (status) {
    case 'todo':
      return states.find((state) => state.default) ?? states.find((state) => state.group === 'backlog' || state.group === 'unstarted');
    case 'in-progress':
      return states.find((state) => state.group === 'started');
    case 'done':
      return states.find((state) => state.group === 'completed');
    case 'blocked':
      return undefined;
  }
}

export const BLOCKED_LABEL = 'blocked';

export function blockedLabel(labels: readonly Label[]): Label | undefined {
  return labels.find((label) => label.name.trim().toLowerCase() === BLOCKED_LABEL);
}

/** A task's due date as Plane's `target_date`: the date as written (`2024-12-15T17:00:00Z` → `2024-12-15`). */
export function targetDate(dueAt: string | undefined): string | null {
  return dueAt === undefined ? null : dueAt.slice(0, 10);
}
