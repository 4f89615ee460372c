import { ACTION_IDS } from './action-ids.js';
import { buildListing } from './listing.js';
import { escapeMrkdwn, oneLine } from './text.js';
import type { SlackMessage } from './types.js';

export type TodoStatus = 'todo' | 'blocked' | 'done';

export interface TodoItemView {
  id: string;
  title: string;
  status: TodoStatus;
  tags?: readonly string[];
  /** ISO date or date-time; shown as its date. */
  dueAt?: string;
}

export interface TodoListInput {
  /** e.g. "Todo list of #ops". */
  title: string;
  items: readonly TodoItemView[];
  /** The value of a previous page's "More" button; absent for the first page. */
  cursor?: string | undefined;
}

const GROUPS: ReadonlyArray<{ status: TodoStatus; label: string; icon: string }> = [
  { status: 'todo', label: 'To do', icon: '○' },
  { status: 'blocked', label: 'Blocked', icon: '⛔' },
  { status: 'done', label: 'Done', icon: '✓' },
];

function due(dueAt: string): string {
  const date = /^\d{4}-\d{2}-\d{2}/.exec(dueAt)?.[0] ?? oneLine(dueAt).slice(0, 40);
  return ` · due ${escapeMrkdwn(date)}`;
}

function itemLine(item: TodoItemView, icon: string): string {
  const tags = (item.tags ?? []).map((tag) => ` #${escapeMrkdwn(oneLine(tag))}`).join('');
  const dueText = item.dueAt === undefined ? '' : due(item.dueAt);
  return `${icon} [${escapeMrkdwn(oneLine(item.id))}] ${escapeMrkdwn(oneLine(item.title))}${tags}${dueText}`;
}

/** The channel's todo list grouped by status (to do, blocked, done), paged like the task tree. */
export function buildTodoList(input: TodoListInput): SlackMessage {
  const lines: string[] = [];
  const groupOf: string[] = [];
  for (const group of GROUPS) {
    const items = input.items.filter((item) => item.status === group.status);
    if (items.length === 0) continue;
    const heading = `*${group.label}* (${items.length})`;
    lines.push(heading);
    groupOf.push(heading);
    for (const item of items) {
      lines.push(itemLine(item, group.icon));
      groupOf.push(heading);
    }
  }
  return buildListing({
    header: input.title,
    lines,
    cursor: input.cursor,
    code: false,
    moreActionId: ACTION_IDS.todoListMore,
    empty: 'Nothing to do. Add an item with /todo add <title>.',
    continuation: (index) => {
      const heading = groupOf[index];
      return heading === undefined || lines[index] === heading ? undefined : `${heading.slice(0, -1)}, continued)`;
    },
  });
}
