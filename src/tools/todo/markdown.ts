import { formatDue } from '../../tasks/fields.js';
import type { TodoItem } from './format.js';
import { groupTodos } from './render.js';

/** The todo list as a Markdown page a person would read: a checklist per status. */
export function renderTodoMarkdown(items: readonly TodoItem[], source: { file: string; exportedAt: Date }): string {
  const groups = groupTodos(items);
  const counts = groups.map((group) => `${group.items.length} ${group.label.toLowerCase()}`).join(', ');
  const when = `${source.exportedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const lines = ['# To-do list', '', `_${escape(source.file)}: ${counts || 'empty'} — exported ${when}_`];
  if (groups.length === 0) lines.push('', 'Nothing to do.');
  for (const group of groups) {
    lines.push('', `## ${group.label}`, '');
    for (const item of group.items) lines.push(...itemLines(item));
  }
  return `${lines.join('\n')}\n`;
}

function itemLines(item: TodoItem): string[] {
  const title = item.status === 'done' ? escape(item.title) : `**${escape(item.title)}**`;
  const details = [`id ${item.id}`];
  if (item.dueAt) details.push(`due ${formatDue(item.dueAt)}`);
  if (item.tags?.length) details.push(item.tags.map((tag) => `\`${tag}\``).join(' '));
  const lines = [`- [${item.status === 'done' ? 'x' : ' '}] ${title} — ${details.join(' · ')}`];
  // A quote indented under the checkbox keeps the description in the item, on lines of its own.
  for (const line of item.description?.split('\n') ?? []) lines.push(`  >${line.trim() === '' ? '' : ` ${escape(line)}`}`);
  return lines;
}

/** Escapes what Markdown would take as formatting in a title or description. */
function escape(text: string): string {
  return text.replace(/[\\`*_[\]<>]/g, '\\$&');
}
