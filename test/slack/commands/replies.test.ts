import { describe, expect, it } from 'vitest';
import { buildConfirmation } from '../../../src/slack/blocks/confirmation.blocks.js';
import { buildPlaneListing } from '../../../src/slack/work-items/plane-listing.blocks.js';
import type { WorkItemData } from '../../../src/tools/plane/data.js';
import { assertWithinSlackLimits } from '../blocks/limits.js';
import { translator } from '../../../src/i18n/index.js';

const EN = translator('en');

const url = (key: string) => `https://plane.example/acme/browse/${key}/`;

describe('a Plane listing as messages', () => {
  it('links each key, escapes the rest and splits a long answer instead of cutting it', () => {
    const items = Array.from(
      { length: 200 },
      (_, i): WorkItemData => ({
        key: `ACME-${i + 1}`,
        title: `<b>Title</b> & ${'x'.repeat(200)}`,
        url: url(`ACME-${i + 1}`),
        project: { identifier: 'ACME', name: 'Website' },
        state: { name: 'Todo', group: 'unstarted' },
        priority: 'none',
        assignees: [],
        labels: [],
        startDate: null,
        targetDate: null,
      }),
    );
    const messages = buildPlaneListing(
      { heading: 'Work items of ACME', found: 200, limit: 200, items, notes: ['a note'] },
      'Work items of ACME',
      EN,
    );
    expect(messages.length).toBeGreaterThan(1);
    expect(messages.map((message) => message.text)).toEqual([
      'Work items of ACME: 200 items.',
      ...messages.slice(1).map(() => 'Work items of ACME: 200 items. (continued)'),
    ]);
    for (const message of messages) assertWithinSlackLimits(message);
    const lines = messages.flatMap((message) =>
      message.blocks.flatMap((block) => (block.type === 'section' && block.text ? block.text.text.split('\n') : [])),
    );
    expect(lines[0]).toBe('*Work items of ACME: 200 items.*');
    expect(lines.slice(1)).toHaveLength(200);
    expect(lines[1]).toMatch(/^<https:\/\/plane\.example\/acme\/browse\/ACME-1\/\|ACME-1> · &lt;b&gt;Title&lt;\/b&gt; &amp; x+/);
    expect(messages.at(-1)!.blocks.at(-1)).toEqual({ type: 'context', elements: [{ type: 'mrkdwn', text: 'a note', verbatim: true }] });
  });
});

describe('the confirmation of a change', () => {
  it('shows at most twenty changed lines and counts the rest', () => {
    const lines = Array.from({ length: 25 }, (_, i) => `○ [1-${i}] Sub <${i}>`);
    const message = buildConfirmation({ summary: 'Removed [1] with 24 subtasks', lines, notes: ['note'] }, EN);
    assertWithinSlackLimits(message);
    const code = message.blocks[1];
    expect(code?.type === 'section' && code.text?.text.split('\n')).toEqual([
      '```',
      ...lines.slice(0, 20).map((line) => line.replace('<', '&lt;').replace('>', '&gt;')),
      '… and 5 more',
      '```',
    ]);
  });

  it('marks a change that changed nothing', () => {
    const message = buildConfirmation({ summary: 'Nothing changed: [1] is already done', unchanged: true }, EN);
    expect(message.blocks).toEqual([
      { type: 'section', text: { type: 'mrkdwn', text: 'ℹ️ Nothing changed: [1] is already done', verbatim: true } },
    ]);
  });
});
