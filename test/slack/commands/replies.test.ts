import { describe, expect, it } from 'vitest';
import { buildConfirmation } from '../../../src/slack/commands/confirmation.js';
import { buildPlaneListing, readPlaneListing } from '../../../src/slack/commands/plane-text.js';
import { assertWithinSlackLimits } from '../blocks/limits.js';

const url = (key: string) => `https://plane.example/acme/browse/${key}/`;

describe('a Plane listing as messages', () => {
  it('reads the head, the items and the notes of a tool answer', () => {
    expect(readPlaneListing('Work items: 2 items.\nACME-1 · One\nACME-2 · Two\n\nNote: "me" means plane-bot.')).toEqual({
      head: 'Work items: 2 items.',
      items: ['ACME-1 · One', 'ACME-2 · Two'],
      notes: ['"me" means plane-bot.'],
    });
  });

  it('links each key, escapes the rest and splits a long answer instead of cutting it', () => {
    const items = Array.from({ length: 200 }, (_, i) => `ACME-${i + 1} · <b>Title</b> & ${'x'.repeat(200)} · Todo (unstarted)`);
    const messages = buildPlaneListing({ head: 'Work items of ACME: 200 items.', items, notes: ['a note'] }, url);
    expect(messages.length).toBeGreaterThan(1);
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
    const message = buildConfirmation({ summary: 'Removed [1] with 24 subtasks', lines, notes: ['note'] });
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
    const message = buildConfirmation({ summary: 'Nothing changed: [1] is already done', unchanged: true });
    expect(message.blocks).toEqual([{ type: 'section', text: { type: 'mrkdwn', text: 'ℹ️ Nothing changed: [1] is already done', verbatim: true } }]);
  });
});
