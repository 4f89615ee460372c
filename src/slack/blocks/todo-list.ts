import { STATUS_MARKS } from '../../tools/task/render.js';
import type { TodoItem } from '../../tools/todo/format.js';
import { groupTodos } from '../../tools/todo/render.js';
import { ACTION_IDS } from './action-ids.js';
import { buildListing } from './listing.js';
import { escapeMrkdwn, oneLine } from './text.js';
import type { SlackMessage } from './types.js';

export interface TodoListInput {
  /** e.g. "Todo list of #ops". */
  title: string;
  items: readonly TodoItem[];
  /** The value of a previous page's "More" button; absent for the first page. */
  cursor?: string | undefined;
}

function due(dueAt: string): string {
  const date = /^\d{4}-\d{2}-\d{2}/.exec(dueAt)?.[0] ?? oneLine(dueAt).slice(0, 40);
  return ` · due ${escapeMrkdwn(date)}`;
}

function itemLine(item: TodoItem): string {
  const tags = (item.tags ?? []).map((tag) => ` #${escapeMrkdwn(oneLine(tag))}`).join('');
  // An empty due date in the file is no due date.
  const dueText = item.dueAt ? due(item.dueAt) : '';
  return `${STATUS_MARKS[item.status]} [${escapeMrkdwn(oneLine(item.id))}] ${escapeMrkdwn(oneLine(item.title))}${tags}${dueText}`;
}

/** The channel's todo list grouped by status (to do, blocked, done, as the tools group it), paged like the task tree. */
export function buildTodoList(input: TodoListInput): SlackMessage {
  const lines: string[] = [];
  const groupOf: string[] = [];
  for (const group of groupTodos(input.items)) {
    const heading = `*${group.label}* (${group.items.length})`;
    lines.push(heading);
    groupOf.push(heading);
    for (const item of group.items) {
      lines.push(itemLine(item));
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
