import { describe, expect, it } from 'vitest';
import { buildTodoList } from '../../../src/slack/todo/todo-list.blocks.js';
import type { TodoItem } from '../../../src/tools/todo/format.js';
import type { SlackMessage } from '../../../src/slack/blocks/types.js';
import { long, PING_ATTEMPTS } from './hostile.js';
import { assertWithinSlackLimits } from './limits.js';
import { moreButton } from './more-button.js';
import { assertInert } from './safety.js';
import { translator } from '../../../src/i18n/index.js';

const EN = translator('en');

function sectionText(page: SlackMessage): string {
  return page.blocks.flatMap((block) => (block.type === 'section' && block.text ? [block.text.text] : [])).join('\n');
}

describe('buildTodoList', () => {
  it('groups items by status with ids, tags and due dates', () => {
    const items: TodoItem[] = [
      { id: '1', title: 'Write docs', status: 'done', tags: ['docs'] },
      { id: '2', title: 'Fix login', status: 'todo', tags: ['bug', 'auth'], dueAt: '2026-12-31T23:59:59Z' },
      { id: '3', title: 'Deploy', status: 'blocked', dueAt: '2026-01-15' },
    ];
    const page = buildTodoList({ title: 'Todo list', items }, EN);
    assertWithinSlackLimits(page);
    expect(sectionText(page)).toBe(
      [
        '*To do* (1)',
        '○ [2] Fix login #bug #auth · due 2026-12-31',
        '*Blocked* (1)',
        '⛔ [3] Deploy · due 2026-01-15',
        '*Done* (1)',
        '✓ [1] Write docs #docs',
      ].join('\n'),
    );
  });

  it('shows no due date for an empty one, and skips groups without items', () => {
    const items: TodoItem[] = [
      { id: '1', title: 'Call the bank', status: 'blocked', dueAt: '', tags: [] },
      { id: '2', title: 'Pay rent', status: 'blocked', description: 'not shown', createdAt: '2026-01-01' },
    ];
    expect(sectionText(buildTodoList({ title: 'Todo list', items }, EN))).toBe(
      ['*Blocked* (2)', '⛔ [1] Call the bank', '⛔ [2] Pay rent'].join('\n'),
    );
  });

  it('says so when the list is empty', () => {
    const page = buildTodoList({ title: 'Todo list', items: [] }, EN);
    assertWithinSlackLimits(page);
    expect(sectionText(page)).toContain('Nothing to do');
  });

  it('pages 1,000 hostile items within every limit, repeating the group heading', () => {
    const items: TodoItem[] = Array.from({ length: 1000 }, (_, i) => ({
      id: String(i + 1),
      title: `${PING_ATTEMPTS} ${long(3000)}`,
      status: i < 600 ? 'todo' : i < 800 ? 'blocked' : 'done',
      tags: [PING_ATTEMPTS, '&<>'],
      dueAt: '<!channel>',
    }));
    let cursor: string | undefined;
    let count = 0;
    let pages = 0;
    for (; pages < 1000; pages += 1) {
      const page = buildTodoList({ title: 'Todo list', items, cursor }, EN);
      assertWithinSlackLimits(page);
      assertInert(page);
      const text = sectionText(page);
      count += text.split('\n').filter((line) => /^(○|⛔|✓) \[/.test(line)).length;
      if (pages > 0) expect(text.split('\n')[0]).toMatch(/^\*(To do|Blocked|Done)\* \(\d+(, continued)?\)$/);
      const more = moreButton(page);
      if (more === undefined) break;
      expect(more).toMatchObject({ action_id: 'todo_list_more', value: expect.any(String) });
      cursor = more.value;
    }
    expect(count).toBe(1000);
    expect(pages).toBeGreaterThan(1);
  });
});
