import { z } from 'zod';
import type { Translator } from '../../i18n/index.js';
import type { Logger } from '../../log.js';
import type { FileLocks } from '../../files/file-lock.js';
import { defineTool, type ToolContext, type ToolDefinition } from '../registry.js';
import { requiredPerAction } from '../../tasks/fields.js';
import { performTodo, todoOutcomeSchema, type TodoAction, type TodoOutcome } from './actions.js';
import { renderTodoList, todoLine } from './render.js';
import { DEFAULT_TODO_FILE, TODO_MARKS, TodoStore, type TodoMark } from './store.js';

const ACTIONS = ['add', 'list', 'done', 'undone', 'block', 'unblock', 'remove', 'update', 'export-markdown'] as const;
type Action = (typeof ACTIONS)[number];

const input = z
  .strictObject({
    file: z.string().optional().describe(`A file name in this channel's folder; default ${DEFAULT_TODO_FILE}.`),
    action: z.enum(ACTIONS),
    id: z.string().optional().describe('done, undone, block, unblock, remove, update: the item id as printed ("3").'),
    title: z.string().optional().describe('add (required), update.'),
    description: z.string().nullable().optional().describe('add, update (null removes it).'),
    tags: z.array(z.string()).optional().describe('add, update (replaces the list).'),
    dueAt: z
      .string()
      .nullable()
      .optional()
      .describe('add, update (null removes it): YYYY-MM-DD or an ISO date-time such as 2024-12-15T17:00:00Z.'),
    output: z
      .string()
      .optional()
      .describe('export-markdown: the .md file to write in the same folder; default the list name, e.g. todos.md.'),
  })
  .superRefine(
    requiredPerAction<Action>({
      add: ['title'],
      done: ['id'],
      undone: ['id'],
      block: ['id'],
      unblock: ['id'],
      remove: ['id'],
      update: ['id'],
    }),
  );
type Input = z.output<typeof input>;

const description = `Keeps this channel's simple todo list in a JSON file (the /todo command shows the same list).
Actions:
- add: add an item (title; optional description, tags, dueAt).
- list: every item, grouped by status (○ todo, ⛔ blocked, ✓ done).
- done / undone: mark id done, or back to todo.
- block / unblock: mark id blocked, or back to todo.
- update: change title, description, tags or dueAt of id (null removes description or dueAt).
- remove: delete id.
- export-markdown: write the list as a Markdown checklist (output, default todos.md) and return it.
For hierarchies, priorities, assignees or dependencies use the Task tool.`;

export interface TodoToolOptions {
  /** The process's locks on the channels' files. */
  locks: FileLocks;
  now?: () => Date;
  logger?: Logger;
}

export function createTodoTool(options: TodoToolOptions): ToolDefinition {
  return defineTool({
    name: 'TodoWrite',
    description,
    input,
    output: todoOutcomeSchema,
    // Removes and overwrites items, but only in the channel's own files: allowed without asking.
    effects: { readOnly: false, destructive: true, openWorld: false },
    permission: 'allow',
    progress: (call: Input, t) => t.t(call.action === 'list' ? 'tool.step.readTodos' : 'tool.step.updateTodos'),
    describe: describeCall,
    async run(call: Input, context: ToolContext) {
      const store = await TodoStore.open({ ...options, dir: context.filesDir, file: call.file });
      const outcome = await performTodo(store, todoAction(call));
      return { text: todoText(outcome), data: outcome };
    },
  });
}

/** The tool's input as the list's action. */
function todoAction(call: Input): TodoAction {
  const id = call.id ?? '';
  switch (call.action) {
    case 'add':
      return {
        action: 'add',
        title: call.title ?? '',
        description: call.description ?? undefined,
        tags: call.tags,
        dueAt: call.dueAt ?? undefined,
      };
    case 'list':
      return { action: 'list' };
    case 'done':
    case 'undone':
    case 'block':
    case 'unblock':
    case 'remove':
      return { action: call.action, id };
    case 'update':
      return { action: 'update', id, changes: { title: call.title, description: call.description, tags: call.tags, dueAt: call.dueAt } };
    case 'export-markdown':
      return { action: 'export', output: call.output };
  }
}

/** The outcome as the model reads it. */
function todoText(outcome: TodoOutcome): string {
  switch (outcome.action) {
    case 'add':
      return `Added to ${outcome.file}:\n${todoLine(outcome.item)}`;
    case 'list':
      if (outcome.items.length === 0) return `${outcome.file} is empty; add an item with action "add".`;
      return renderTodoList(outcome.items).join('\n');
    case 'done':
    case 'undone':
    case 'block':
    case 'unblock':
      return markText(outcome);
    case 'update': {
      const { item, changes } = outcome;
      if (changes.length === 0) return `Nothing changed: [${item.id}] ${item.title} already has those values.`;
      return `Updated ${changes.map((change) => change.field).join(', ')} of [${item.id}]:\n${todoLine(item)}`;
    }
    case 'remove':
      return `Removed from ${outcome.file}: [${outcome.item.id}] ${outcome.item.title}.`;
    case 'export':
      return `Wrote ${outcome.file}:\n\n${outcome.markdown}`;
  }
}

function markText({ action, item, from, changed }: Extract<TodoOutcome, { action: TodoMark }>): string {
  const rule: { from?: string; to: string } = TODO_MARKS[action];
  if (changed) return `[${item.id}] ${item.title}: ${from} → ${item.status}.\n${todoLine(item)}`;
  if (rule.from && rule.from !== from) return `Nothing changed: [${item.id}] ${item.title} is not ${rule.from} (it is ${from}).`;
  return `Nothing changed: [${item.id}] ${item.title} is already ${from}.`;
}

/** The call in plain words, for an approval message, in `t`'s language. */
function describeCall(call: Input, t: Translator): string {
  const file = call.file ?? DEFAULT_TODO_FILE;
  const item = { id: call.id ?? '?', file };
  switch (call.action) {
    case 'add':
      return t.t('tool.does.todoAdd', { title: call.title ?? '', file });
    case 'list':
      return t.t('tool.does.todoList', { file });
    case 'done':
      return t.t('tool.does.todoDone', item);
    case 'undone':
      return t.t('tool.does.todoUndone', item);
    case 'block':
      return t.t('tool.does.todoBlock', item);
    case 'unblock':
      return t.t('tool.does.todoUnblock', item);
    case 'update':
      return t.t('tool.does.todoUpdate', item);
    case 'remove':
      return t.t('tool.does.todoRemove', item);
    case 'export-markdown':
      return call.output ? t.t('tool.does.todoExport', { file, output: call.output }) : t.t('tool.does.todoExportBeside', { file });
  }
}
