import { z } from 'zod';
import { fieldChangeSchema, type CommonField, type FieldChange } from '../../tasks/fields.js';
import { TODO_STATUSES, todoItemSchema, type TodoItem, type TodoStatus } from './format.js';
import type { NewTodo, TodoChanges, TodoMark, TodoStore } from './store.js';

/**
 * The todo list's actions, one function for every front end (the TodoWrite tool, `/todo`): each
 * returns a typed outcome, which the tool words for the model and the command shows in Slack.
 */

export type TodoAction =
  | ({ action: 'add' } & NewTodo)
  | { action: 'list' }
  | { action: TodoMark; id: string }
  | { action: 'update'; id: string; changes: TodoChanges }
  | { action: 'remove'; id: string }
  | { action: 'export'; output?: string };

export type TodoOutcome = { file: string } & (
  | { action: 'add'; item: TodoItem }
  | { action: 'list'; items: TodoItem[] }
  /** `changed` is false when the item already had the status, or was not in the one the mark applies to. */
  | { action: TodoMark; item: TodoItem; from: TodoStatus; changed: boolean }
  /** `changes` is empty when the values given were the current ones. */
  | { action: 'update'; item: TodoItem; changes: FieldChange<CommonField>[] }
  | { action: 'remove'; item: TodoItem }
  /** `file` is the Markdown file written. */
  | { action: 'export'; markdown: string }
);

/** TodoOutcome as the TodoWrite tool declares its data. */
export const todoOutcomeSchema = z.discriminatedUnion('action', [
  z.object({ file: z.string(), action: z.literal('add'), item: todoItemSchema }),
  z.object({ file: z.string(), action: z.literal('list'), items: z.array(todoItemSchema) }),
  z.object({
    file: z.string(),
    action: z.enum(['done', 'undone', 'block', 'unblock']),
    item: todoItemSchema,
    from: z.enum(TODO_STATUSES),
    changed: z.boolean().describe('False when the item already had the status, or was not in the one the action applies to'),
  }),
  z.object({
    file: z.string(),
    action: z.literal('update'),
    item: todoItemSchema,
    changes: z.array(fieldChangeSchema(['title', 'description', 'dueAt', 'tags'])),
  }),
  z.object({ file: z.string(), action: z.literal('remove'), item: todoItemSchema }),
  z.object({ file: z.string().describe('The Markdown file written'), action: z.literal('export'), markdown: z.string() }),
]);

export async function performTodo(store: TodoStore, action: TodoAction): Promise<TodoOutcome> {
  const file = store.file;
  switch (action.action) {
    case 'add': {
      const { action: _, ...fields } = action;
      return { file, action: 'add', item: await store.add(fields) };
    }
    case 'list':
      return { file, action: 'list', items: (await store.read()).items };
    case 'done':
    case 'undone':
    case 'block':
    case 'unblock':
      return { file, action: action.action, ...(await store.mark(action.id, action.action)) };
    case 'update':
      return { file, action: 'update', ...(await store.update(action.id, action.changes)) };
    case 'remove':
      return { file, action: 'remove', item: await store.remove(action.id) };
    case 'export': {
      const { file: written, markdown } = await store.exportMarkdown(action.output);
      return { file: written, action: 'export', markdown };
    }
  }
}
