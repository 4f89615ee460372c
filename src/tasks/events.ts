import type { EventEmitter } from 'node:events';
import type { Requester } from '../requester.js';
import type { FieldChange } from './fields.js';
import type { Task, TaskStatus } from './format.js';

/** What the task store announces after each change is written, for front ends to subscribe to. */

export interface TaskEventBase {
  /** Where the change came from (ToolContext.scope: a channel id). */
  scope?: string;
  /** The file, relative to its folder (`tasks.json`). */
  file: string;
  taskId: string;
  title: string;
  /** Who made the change (ToolContext.requester). */
  by?: Requester;
  /** When the change was written, ISO 8601. */
  at: string;
}

/** What Plane's side of a change says beyond the new status, for the announcement. */
export type PlaneNote =
  /** Done because its work item was cancelled. */
  | { kind: 'cancelled' }
  /** Blocked because its work item has the blocked label. */
  | { kind: 'blocked-label'; label: string }
  /** The work item moved to a state whose group no task status matches: nothing changed. */
  | { kind: 'no-status'; key: string; state: string; group: string; status: TaskStatus }
  /** The work item moved to another state while it keeps the blocked label: the task stays blocked. */
  | { kind: 'stays-blocked'; key: string; state: string; group: string; label: string };

export type TaskField = 'title' | 'description' | 'priority' | 'assignee' | 'dueAt' | 'tags' | 'dependsOn';
export type TaskFieldChange = FieldChange<TaskField>;

export type TaskEvent =
  | (TaskEventBase & { type: 'created'; task: Task; parent?: string })
  | (TaskEventBase & { type: 'status_changed'; from: TaskStatus; to: TaskStatus; openDependencies: string[]; because?: PlaneNote })
  | (TaskEventBase & { type: 'assigned'; from?: string; to?: string })
  /** Every change but the assignee's, which is announced as `assigned`. */
  | (TaskEventBase & { type: 'updated'; changes: TaskFieldChange[] })
  | (TaskEventBase & { type: 'removed'; removedIds: string[] })
  /** The task and its subtree were synced with Plane: `key` is the task's own work item. */
  | (TaskEventBase & { type: 'synced'; project: string; key: string; total: number; created: number; updated: number })
  /** A long sync under way: `done` of `total` tasks, with the time it still needs at Plane's rate. */
  | (TaskEventBase & { type: 'sync_progress'; project: string; done: number; total: number; leftMs: number })
  /** Something about the task that changed nothing in the tree. */
  | (TaskEventBase & { type: 'noted'; note: PlaneNote });

export interface TaskEventMap {
  task: [TaskEvent];
}

/** Pass `new EventEmitter<TaskEventMap>()` and listen with `events.on('task', (event) => …)`. */
export type TaskEventEmitter = EventEmitter<TaskEventMap>;
