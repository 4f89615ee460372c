import { z } from 'zod';
import type { JsonFormat } from '../files/json-file.js';
import { parseWith } from './fields.js';

/** The task file format of version 1 (docs/tools.md): `{version: 1, tasks, lastModified}`, subtasks nested with `parent`. */

export const TASK_STATUSES = ['todo', 'in-progress', 'done', 'blocked'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const TASK_PRIORITIES = ['low', 'normal', 'high', 'critical'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

export const taskStatusSchema = z.enum(TASK_STATUSES, {
  error: (issue) => `Unknown status ${JSON.stringify(issue.input)}; valid statuses: ${TASK_STATUSES.join(', ')}`,
});
export const taskPrioritySchema = z.enum(TASK_PRIORITIES, {
  error: (issue) => `Unknown priority ${JSON.stringify(issue.input)}; valid priorities: ${TASK_PRIORITIES.join(', ')}`,
});

// A type, not an interface, so that it fits the loose task schema (other writers' fields are kept).
export type Task = {
  id: string;
  title: string;
  status: TaskStatus;
  priority: TaskPriority;
  /** The parent's id; present on subtasks only. */
  parent?: string;
  description?: string;
  assignee?: string;
  /** ISO 8601: a date (`2024-12-15`) or a date-time (`2024-12-15T17:00:00Z`). */
  dueAt?: string;
  tags?: string[];
  /** Ids of the tasks this one waits on: an extension of the version-1 format, which other writers of the format ignore. */
  dependsOn?: string[];
  /** The Plane work item it is synced with (`ACME-31`): another extension that version-1 readers ignore. */
  plane?: string;
  createdAt?: string;
  updatedAt?: string;
  subtasks?: Task[];
};

export interface TaskFile {
  version: 1;
  tasks: Task[];
  lastModified?: string;
}

// Loose objects: fields another writer added survive our rewrites, so files stay interchangeable.
// Parsing puts known keys in the format's order, so rewritten files keep its layout.
export const taskSchema = z
  .looseObject({
    id: z.string().min(1),
    title: z.string(),
    status: z.enum(TASK_STATUSES),
    priority: z.enum(TASK_PRIORITIES),
    parent: z.string().optional(),
    description: z.string().optional(),
    assignee: z.string().optional(),
    dueAt: z.string().optional(),
    tags: z.array(z.string()).optional(),
    dependsOn: z.array(z.string()).optional(),
    plane: z.string().optional(),
    createdAt: z.string().optional(),
    updatedAt: z.string().optional(),
    // A getter rather than z.lazy: zod then compiles the recursion, several times faster on big files.
    get subtasks(): z.ZodOptional<z.ZodArray<typeof taskSchema>> {
      return z.array(taskSchema).optional();
    },
  })
  .meta({ id: 'Task' });

export const taskFileFormat: JsonFormat<TaskFile> = {
  schema: z.looseObject({ version: z.literal(1), tasks: z.array(taskSchema), lastModified: z.string().optional() }),
  empty: () => ({ version: 1, tasks: [] }),
};

/** For front ends that read a status or priority typed by a person. */
export const parseTaskStatus = (text: string): TaskStatus => parseWith(taskStatusSchema, text.trim().toLowerCase());
export const parseTaskPriority = (text: string): TaskPriority => parseWith(taskPrioritySchema, text.trim().toLowerCase());
