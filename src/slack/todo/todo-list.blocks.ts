import type { Translator } from '../../i18n/index.js';
import { STATUS_MARKS } from '../../tasks/render.js';
import { ACTION_IDS } from '../blocks/action-ids.js';
import { buildListing, LISTING_LINE_MAX } from '../blocks/listing.blocks.js';
import { escapeMrkdwn, oneLine, oneLineStart } from '../blocks/text.js';
import type { SlackMessage } from '../blocks/types.js';
import { groupTodos, type TodoItem } from '../../tools/index.js';

export interface TodoListInput {
  /** e.g. "Todo list of #ops". */
  title: string;
  items: readonly TodoItem[];
  /** The value of a previous page's "More" button; absent for the first page. */
  cursor?: string | undefined;
}

function due(dueAt: string, t: Translator): string {
  const date = /^\d{4}-\d{2}-\d{2}/.exec(dueAt)?.[0] ?? oneLine(dueAt).slice(0, 40);
  return ` · ${t.t('commands.todo.due', { date: escapeMrkdwn(date) })}`;
}

function itemLine(item: TodoItem, t: Translator): string {
  const tags = (item.tags ?? []).map((tag) => ` #${escapeMrkdwn(oneLine(tag))}`).join('');
  // An empty due date in the file is no due date.
  const dueText = item.dueAt ? due(item.dueAt, t) : '';
  // Every page lays out every line, and the listing shows only the start of a long one: a list of
  // long titles cost tens of milliseconds a page when each was collapsed and escaped whole.
  const title = escapeMrkdwn(oneLineStart(item.title, LISTING_LINE_MAX));
  return `${STATUS_MARKS[item.status]} [${escapeMrkdwn(oneLine(item.id))}] ${title}${tags}${dueText}`;
}

/** The channel's todo list grouped by status (to do, blocked, done, as the tools group it), paged like the task tree. */
export function buildTodoList(input: TodoListInput, t: Translator): SlackMessage {
  const lines: string[] = [];
  const groupOf: string[] = [];
  const continuedOf = new Map<string, string>();
  for (const group of groupTodos(input.items)) {
    const label = t.t('commands.todo.group', { status: group.status });
    const heading = `*${label}* (${group.items.length})`;
    continuedOf.set(heading, `*${label}* (${t.t('commands.todo.continued', { count: group.items.length })})`);
    lines.push(heading);
    groupOf.push(heading);
    for (const item of group.items) {
      lines.push(itemLine(item, t));
      groupOf.push(heading);
    }
  }
  return buildListing(
    {
      header: input.title,
      lines,
      cursor: input.cursor,
      code: false,
      moreActionId: ACTION_IDS.todoListMore,
      empty: t.t('commands.todo.empty'),
      continuation: (index) => {
        const heading = groupOf[index];
        return heading === undefined || lines[index] === heading ? undefined : continuedOf.get(heading);
      },
    },
    t,
  );
}
