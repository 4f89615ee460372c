import { describe, expect, it } from 'vitest';
import { translator } from '../../../src/i18n/index.js';

const EN = translator('en');
import { buildWorkItemCard, type WorkItemView } from '../../../src/slack/work-items/work-item-card.blocks.js';
import { long, PING_ATTEMPTS } from './hostile.js';
import { assertWithinSlackLimits } from './limits.js';
import { assertInert } from './safety.js';

const ITEM: WorkItemView = {
  key: 'ACME-130',
  title: 'Login fails on Safari',
  url: 'https://app.plane.so/acme/browse/ACME-130/',
  state: 'In Progress',
  stateGroup: 'started',
  priority: 'high',
  assignees: ['Alice Martin', 'Bob'],
  labels: ['bug', 'frontend'],
  startDate: '2026-01-05',
  targetDate: '2026-01-20',
  description: 'Steps:\n1. open Safari\n2. log in',
};

describe('buildWorkItemCard', () => {
  it('shows key, title, fields, description and a link to Plane', () => {
    const card = buildWorkItemCard(ITEM, EN);
    assertWithinSlackLimits(card);
    expect(card.text).toBe('ACME-130: Login fails on Safari (In Progress)');
    expect(card.blocks[0]).toMatchObject({ type: 'header', text: { text: 'ACME-130 Login fails on Safari' } });
    const fields = card.blocks[1]?.type === 'section' ? card.blocks[1].fields?.map((field) => field.text) : [];
    expect(fields).toEqual([
      '*State*\n→ In Progress',
      '*Priority*\nhigh',
      '*Assignees*\nAlice Martin, Bob',
      '*Labels*\nbug, frontend',
      '*Start*\n2026-01-05',
      '*Target*\n2026-01-20',
    ]);
    expect(card.blocks[2]).toMatchObject({ type: 'section', text: { text: ITEM.description } });
    expect(card.blocks[3]).toMatchObject({
      type: 'actions',
      elements: [{ type: 'button', action_id: 'work_item_open', url: ITEM.url, text: { text: 'Open in Plane' } }],
    });
  });

  it('leaves out what is absent and shows — for empty lists', () => {
    const card = buildWorkItemCard(
      { ...ITEM, assignees: [], labels: [], startDate: undefined, targetDate: undefined, description: '  ' },
      EN,
    );
    assertWithinSlackLimits(card);
    const fields = card.blocks[1]?.type === 'section' ? (card.blocks[1].fields ?? []) : [];
    expect(fields.map((field) => field.text)).toEqual(['*State*\n→ In Progress', '*Priority*\nhigh', '*Assignees*\n—', '*Labels*\n—']);
    expect(card.blocks).toHaveLength(3);
  });

  it('drops the link button for a URL Slack would refuse', () => {
    for (const url of ['javascript:alert(1)', '', `https://x.example/${'a'.repeat(3000)}`, 'https://x.example/a b']) {
      const card = buildWorkItemCard({ ...ITEM, url }, EN);
      assertWithinSlackLimits(card);
      expect(card.blocks.some((block) => block.type === 'actions')).toBe(false);
    }
  });

  it('stays within every limit and inert with huge hostile values', () => {
    const hostile = `${PING_ATTEMPTS} ${long(3000)}`;
    const card = buildWorkItemCard(
      {
        key: hostile,
        title: hostile,
        url: ITEM.url,
        state: hostile,
        stateGroup: hostile,
        priority: hostile,
        assignees: Array.from({ length: 500 }, () => hostile),
        labels: Array.from({ length: 500 }, () => hostile),
        startDate: hostile,
        targetDate: hostile,
        description: long(100_000, `${PING_ATTEMPTS}\n&<>\n`),
      },
      EN,
    );
    assertWithinSlackLimits(card);
    assertInert(card);
    const description = card.blocks[2]?.type === 'section' ? (card.blocks[2].text?.text ?? '') : '';
    expect(description.length).toBeLessThanOrEqual(600);
    expect(description.endsWith('…')).toBe(true);
  });
});
