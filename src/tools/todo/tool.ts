import { z } from 'zod';
import type { Logger } from '../../log.js';
import { defineTool, type ToolContext, type ToolDefinition } from '../registry.js';
import { requiredPerAction } from '../task/fields.js';
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
  now?: () => Date;
  logger?: Logger;
}

export function createTodoTool(options: TodoToolOptions = {}): ToolDefinition {
  return defineTool({
    name: 'TodoWrite',
    description,
    input,
    // Removes and overwrites items, but only in the channel's own files: allowed without asking.
    effects: { readOnly: false, destructive: true, openWorld: false },
    permission: 'allow',
    progress: (call: Input) => (call.action === 'list' ? 'Reading the todo list…' : 'Updating the todo list…'),
    describe: describeCall,
    async run(call: Input, context: ToolContext): Promise<string> {
      const store = await TodoStore.open({ ...options, dir: context.filesDir, file: call.file });
      return perform(store, call);
    },
  });
}

async function perform(store: TodoStore, call: Input): Promise<string> {
  const id = call.id ?? '';
  switch (call.action) {
    case 'add': {
      const item = await store.add({
        title: call.title ?? '',
        description: call.description ?? undefined,
        tags: call.tags,
        dueAt: call.dueAt ?? undefined,
      });
      return `Added to ${store.file}:\n${todoLine(item)}`;
    }
    case 'list': {
      const { items } = await store.read();
      if (items.length === 0) return `${store.file} is empty; add an item with action "add".`;
      return renderTodoList(items).join('\n');
    }
    case 'done':
    case 'undone':
    case 'block':
    case 'unblock':
      return markText(call.action, await store.mark(id, call.action));
    case 'update': {
      const { item, changes } = await store.update(id, {
        title: call.title,
        description: call.description,
        tags: call.tags,
        dueAt: call.dueAt,
      });
      if (changes.length === 0) return `Nothing changed: [${item.id}] ${item.title} already has those values.`;
      return `Updated ${changes.map((change) => change.field).join(', ')} of [${item.id}]:\n${todoLine(item)}`;
    }
    case 'remove': {
      const item = await store.remove(id);
      return `Removed from ${store.file}: [${item.id}] ${item.title}.`;
    }
    case 'export-markdown': {
      const { file, markdown } = await store.exportMarkdown(call.output);
      return `Wrote ${file}:\n\n${markdown}`;
    }
  }
}

function markText(mark: TodoMark, { item, from, changed }: Awaited<ReturnType<TodoStore['mark']>>): string {
  const rule: { from?: string; to: string } = TODO_MARKS[mark];
  if (changed) return `[${item.id}] ${item.title}: ${from} → ${item.status}.\n${todoLine(item)}`;
  if (rule.from && rule.from !== from) return `Nothing changed: [${item.id}] ${item.title} is not ${rule.from} (it is ${from}).`;
  return `Nothing changed: [${item.id}] ${item.title} is already ${from}.`;
}

/** The call in plain words, for an approval message. */
function describeCall(call: Input): string {
  const file = call.file ?? DEFAULT_TODO_FILE;
  const item = `item ${call.id} of ${file}`;
  switch (call.action) {
    case 'add':
      return `Add "${call.title}" to ${file}`;
    case 'list':
      return `Show ${file}`;
    case 'done':
      return `Mark ${item} done`;
    case 'undone':
      return `Mark ${item} not done`;
    case 'block':
      return `Mark ${item} blocked`;
    case 'unblock':
      return `Unblock ${item}`;
    case 'update':
      return `Update ${item}`;
    case 'remove':
      return `Remove ${item}`;
    case 'export-markdown':
      return `Write ${file} as Markdown to ${call.output ?? 'a .md file beside it'}`;
  }
}
