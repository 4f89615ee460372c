import { z } from 'zod';
import type { JsonFormat } from '../../files/json-file.js';

/** The TodoWrite file format of version 1 (docs/tools.md): `{version: 1, items, lastModified}`. */

export const TODO_STATUSES = ['todo', 'done', 'blocked'] as const;
export type TodoStatus = (typeof TODO_STATUSES)[number];

// A type, not an interface, so that it fits the loose item schema (other writers' fields are kept).
export type TodoItem = {
  id: string;
  status: TodoStatus;
  title: string;
  description?: string;
  tags?: string[];
  createdAt?: string;
  /** ISO 8601: a date (`2024-12-15`) or a date-time (`2024-12-15T17:00:00Z`). */
  dueAt?: string;
};

export interface TodoFile {
  version: 1;
  items: TodoItem[];
  lastModified?: string;
}

// Loose objects: fields another writer added survive our rewrites, so files stay interchangeable.
export const todoItemSchema = z
  .looseObject({
    id: z.string().min(1),
    status: z.enum(TODO_STATUSES),
    title: z.string(),
    description: z.string().optional(),
    tags: z.array(z.string()).optional(),
    createdAt: z.string().optional(),
    dueAt: z.string().optional(),
  })
  .meta({ id: 'TodoItem' });

export const todoFileFormat: JsonFormat<TodoFile> = {
  schema: z.looseObject({ version: z.literal(1), items: z.array(todoItemSchema), lastModified: z.string().optional() }),
  empty: () => ({ version: 1, items: [] }),
};
