import type { PlanePriority, TaskPriority } from './types.js';

export const TASK_PRIORITIES: readonly TaskPriority[] = ['low', 'normal', 'high', 'critical'];
export const PLANE_PRIORITIES: readonly PlanePriority[] = ['urgent', 'high', 'medium', 'low', 'none'];

const TO_PLANE: Record<TaskPriority, PlanePriority> = { critical: 'urgent', high: 'high', normal: 'medium', low: 'low' };

/** Where a task's priority meets Plane's: critical ↔ urgent, normal ↔ medium (SPEC §4). */
export function taskToPlanePriority(priority: TaskPriority): PlanePriority {
  return TO_PLANE[priority];
}

/** Plane's `none` has no task counterpart: undefined (the task keeps its default). */
export function planeToTaskPriority(priority: PlanePriority): TaskPriority | undefined {
  return TASK_PRIORITIES.find((candidate) => TO_PLANE[candidate] === priority);
}
