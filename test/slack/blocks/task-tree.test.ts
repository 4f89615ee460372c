import { describe, expect, it } from 'vitest';
import { buildTaskTree } from '../../../src/slack/tasks/task-tree.blocks.js';
import type { SlackMessage } from '../../../src/slack/blocks/types.js';
import { long, PING_ATTEMPTS } from './hostile.js';
import { assertWithinSlackLimits } from './limits.js';
import { moreButton } from './more-button.js';
import { assertInert, textsOf } from './safety.js';
import { translator } from '../../../src/i18n/index.js';

const EN = translator('en');

const SEED_TREE = [
  '○ [1] Implémenter WebFetch [HIGH] (@alice)',
  '├─ → [1-1] Configurer authentification [HIGH]',
  '├─ ○ [1-2] Tester API externe [NORMAL]',
  '└─ ✓ [1-3] Documentation [LOW]',
];

function bigTree(count: number, title = (i: number) => `Task number ${i}`): string[] {
  return Array.from({ length: count }, (_, i) => `${i % 5 === 0 ? '' : '│  ├─ '}○ [${i + 1}] ${title(i)} [NORMAL] (@bob)`);
}

/** Follows "More" buttons from the first page to the last, checking each page as it goes. */
function allPages(lines: string[], title = 'Tasks in #ops'): SlackMessage[] {
  const pages: SlackMessage[] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 1000; guard += 1) {
    const page = buildTaskTree({ title, lines, cursor }, EN);
    assertWithinSlackLimits(page);
    assertInert(page);
    // Only what Slack takes: the page is spread into chat.postMessage and respond() as it is.
    expect(Object.keys(page).sort()).toEqual(['blocks', 'text']);
    pages.push(page);
    const more = moreButton(page);
    if (more === undefined) return pages;
    expect(more).toMatchObject({ action_id: 'task_tree_more', value: expect.any(String) });
    cursor = more.value;
  }
  throw new Error('paging never ended');
}

function shownLines(page: SlackMessage): string[] {
  return page.blocks
    .flatMap((block) => (block.type === 'section' && block.text ? [block.text.text] : []))
    .flatMap((text) => text.split('\n').filter((line) => line !== '```'));
}

describe('buildTaskTree', () => {
  it('renders the seed tree in one code block with no More button', () => {
    const page = buildTaskTree({ title: 'Tasks in #ops', lines: SEED_TREE }, EN);
    assertWithinSlackLimits(page);
    expect(moreButton(page)).toBeUndefined();
    expect(page.blocks[0]).toMatchObject({ type: 'header', text: { type: 'plain_text', text: 'Tasks in #ops' } });
    expect(page.blocks[1]).toMatchObject({ type: 'section', text: { type: 'mrkdwn', text: ['```', ...SEED_TREE, '```'].join('\n') } });
    expect(page.blocks.some((block) => block.type === 'actions')).toBe(false);
  });

  it('says so when there are no tasks', () => {
    const page = buildTaskTree({ title: 'Tasks', lines: [] }, EN);
    assertWithinSlackLimits(page);
    expect(JSON.stringify(page.blocks)).toContain('No tasks yet');
    expect(moreButton(page)).toBeUndefined();
  });

  it('pages 1,000 tasks so that every line is shown exactly once, in order', () => {
    const lines = bigTree(1000);
    const pages = allPages(lines);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.flatMap(shownLines)).toEqual(lines);
    for (const page of pages.slice(0, -1)) expect(JSON.stringify(page.blocks)).toMatch(/Lines \d+–\d+ of 1000/);
  });

  it('pages 1,000 tasks with 3,000-character hostile titles within every limit', () => {
    const lines = bigTree(1000, (i) => `${i} ${long(3000)}`);
    const pages = allPages(lines, long(3000));
    expect(pages.length).toBeGreaterThan(10);
    const shown = pages.flatMap(shownLines);
    expect(shown).toHaveLength(1000);
    for (const line of shown) expect(line.length).toBeLessThanOrEqual(500);
    expect(shown.every((line) => line.endsWith('…'))).toBe(true);
  });

  it('escapes mention syntax and control characters in task titles', () => {
    const page = buildTaskTree({ title: PING_ATTEMPTS, lines: [`○ [1] ${PING_ATTEMPTS} & <b> \`\`\` end`] }, EN);
    assertWithinSlackLimits(page);
    assertInert(page);
    const text = textsOf(page)
      .map((entry) => entry.text)
      .join('\n');
    expect(text).toContain('&lt;!channel&gt;');
    expect(text).toContain('&amp; &lt;b&gt;');
  });

  it('keeps a title with line breaks on its own tree line', () => {
    const page = buildTaskTree({ title: 'T', lines: ['○ [1] first\nsecond', '└─ ○ [1-1] child'] }, EN);
    expect(shownLines(page)).toEqual(['○ [1] first second', '└─ ○ [1-1] child']);
  });

  it("gives the More button's block the pager block id it is asked for, and none otherwise", () => {
    const lines = bigTree(1000);
    expect(buildTaskTree({ title: 'T', lines, pagerBlockId: 'task_pages_list' }, EN).blocks.at(-1)).toMatchObject({
      type: 'actions',
      block_id: 'task_pages_list',
    });
    expect(buildTaskTree({ title: 'T', lines }, EN).blocks.at(-1)).not.toHaveProperty('block_id');
  });

  it('starts from the top on a cursor it cannot read', () => {
    for (const cursor of ['', 'abc', '-5', '99999', '1e3']) {
      const page = buildTaskTree({ title: 'T', lines: SEED_TREE, cursor }, EN);
      expect(shownLines(page)).toEqual(SEED_TREE);
    }
  });
});
