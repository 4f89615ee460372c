import { describe, expect, it } from 'vitest';
import type { TodoItem } from '../../../src/tools/todo/format.js';
import { renderTodoMarkdown } from '../../../src/tools/todo/markdown.js';
import { groupTodos, renderTodoList, todoLine } from '../../../src/tools/todo/render.js';

const items: TodoItem[] = [
  { id: '1', status: 'done', title: 'Shipped' },
  { id: '2', status: 'todo', title: 'Next', tags: ['a', 'b'], dueAt: '2024-12-15' },
  { id: '3', status: 'blocked', title: 'Waiting' },
  { id: '4', status: 'todo', title: 'Later', dueAt: '2024-12-15T17:00:00+02:00' },
];

describe('the todo list as text', () => {
  it('groups items by status, open work first, keeping file order within a group', () => {
    expect(groupTodos(items).map((group) => [group.label, group.items.map((item) => item.id)])).toEqual([
      ['To do', ['2', '4']],
      ['Blocked', ['3']],
      ['Done', ['1']],
    ]);
    expect(groupTodos([items[0]!]).map((group) => group.status)).toEqual(['done']);
  });

  it('renders one line per item under a heading per group', () => {
    expect(renderTodoList(items)).toEqual([
      'To do (2)',
      '  ○ [2] Next #a #b (due 2024-12-15)',
      '  ○ [4] Later (due 2024-12-15 15:00 UTC)',
      'Blocked (1)',
      '  ⛔ [3] Waiting',
      'Done (1)',
      '  ✓ [1] Shipped',
    ]);
    expect(todoLine(items[0]!)).toBe('✓ [1] Shipped');
  });

  it('escapes Markdown in titles and descriptions of the export', () => {
    const markdown = renderTodoMarkdown([{ id: '1', status: 'todo', title: 'Fix [link](x) _now_', description: '<b>hi</b>' }], {
      file: 'list.json',
      exportedAt: new Date('2024-12-01T09:00:00Z'),
    });
    expect(markdown).toContain('- [ ] **Fix \\[link\\](x) \\_now\\_** — id 1\n  > \\<b\\>hi\\</b\\>\n');
  });
});
