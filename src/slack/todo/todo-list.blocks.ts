import type { Translator } from '../../i18n/index.js';
import { STATUS_MARKS } from '../../tasks/render.js';
import { ACTION_IDS } from '../blocks/action-ids.js';
import { buildListing } from '../blocks/listing.blocks.js';
import { escapeMrkdwn, oneLine } from '../blocks/text.js';
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
  return `${STATUS_MARKS[item.status]} [${escapeMrkdwn(oneLine(item.id))}] ${escapeMrkdwn(oneLine(item.title))}${tags}${dueText}`;
}

/** The channel's todo list grouped by status (to do, blocked, done, as the tools group it), paged like the task tree. */
export function buildTodoList(input: TodoListInput, t: Translator): SlackMessage {
  // One row per line: a group's heading (no item) or one of its items, laid out only when a page shows it.
  const rows: { heading: string; continued: string; item?: TodoItem }[] = [];
  for (const group of groupTodos(input.items)) {
    const label = t.t('commands.todo.group', { status: group.status });
    const heading = {
      heading: `*${label}* (${group.items.length})`,
      continued: `*${label}* (${t.t('commands.todo.continued', { count: group.items.length })})`,
    };
    rows.push(heading);
    for (const item of group.items) rows.push({ ...heading, item });
  }
  return buildListing(
    {
      header: input.title,
      lines: {
        length: rows.length,
        at: (index) => {
          const row = rows.at(index);
          return row && (row.item ? itemLine(row.item, t) : row.heading);
        },
      },
      cursor: input.cursor,
      code: false,
      moreActionId: ACTION_IDS.todoListMore,
      empty: t.t('commands.todo.empty'),
      continuation: (index) => {
        const row = rows[index];
        return row?.item ? row.continued : undefined;
      },
    },
    t,
  );
}
