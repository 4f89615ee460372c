import { formatDue } from '../../tasks/fields.js';
import { STATUS_MARKS } from '../../tasks/render.js';
import type { TodoItem, TodoStatus } from './format.js';

/** The todo list as text, grouped by status: open work first. Pure functions only. */

export interface TodoGroup {
  status: TodoStatus;
  label: string;
  items: TodoItem[];
}

const GROUPS: readonly Omit<TodoGroup, 'items'>[] = [
  { status: 'todo', label: 'To do' },
  { status: 'blocked', label: 'Blocked' },
  { status: 'done', label: 'Done' },
];

/** The groups that hold items, in the order To do, Blocked, Done; file order within each. */
export function groupTodos(items: readonly TodoItem[]): TodoGroup[] {
  return GROUPS.map((group) => ({ ...group, items: items.filter((item) => item.status === group.status) })).filter(
    (group) => group.items.length > 0,
  );
}

/** `○ [1] Implement WebFetch #feature #http (due 2024-12-15)` */
export function todoLine(item: TodoItem): string {
  let line = `${STATUS_MARKS[item.status]} [${item.id}] ${item.title}`;
  if (item.tags?.length) line += ` ${item.tags.map((tag) => `#${tag}`).join(' ')}`;
  if (item.dueAt) line += ` (due ${formatDue(item.dueAt)})`;
  return line;
}

export function renderTodoList(items: readonly TodoItem[]): string[] {
  return groupTodos(items).flatMap((group) => [
    `${group.label} (${group.items.length})`,
    ...group.items.map((item) => `  ${todoLine(item)}`),
  ]);
}
