import type { EventEmitter } from 'node:events';
import type { Requester } from '../registry.js';
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
  /** Said after the change (`cancelled in Plane`). */
  note?: string;
}

export type TaskField = 'title' | 'description' | 'priority' | 'assignee' | 'dueAt' | 'tags' | 'dependsOn';
export type TaskFieldChange = FieldChange<TaskField>;

export type TaskEvent =
  | (TaskEventBase & { type: 'created'; task: Task; parent?: string })
  | (TaskEventBase & { type: 'status_changed'; from: TaskStatus; to: TaskStatus; openDependencies: string[] })
  | (TaskEventBase & { type: 'assigned'; from?: string; to?: string })
  /** Every change but the assignee's, which is announced as `assigned`. */
  | (TaskEventBase & { type: 'updated'; changes: TaskFieldChange[] })
  | (TaskEventBase & { type: 'removed'; removedIds: string[] })
  /** The task and its subtree were synced with Plane: `key` is the task's own work item. */
  | (TaskEventBase & { type: 'synced'; project: string; key: string; total: number; created: number; updated: number })
  /** A long sync under way: `done` of `total` tasks, with the time it still needs at Plane's rate. */
  | (TaskEventBase & { type: 'sync_progress'; project: string; done: number; total: number; leftMs: number })
  /** Something about the task that changed nothing in the tree (`note` says what). */
  | (TaskEventBase & { type: 'noted'; note: string });

export interface TaskEventMap {
  task: [TaskEvent];
}

/** Pass `new EventEmitter<TaskEventMap>()` and listen with `events.on('task', (event) => …)`. */
export type TaskEventEmitter = EventEmitter<TaskEventMap>;
