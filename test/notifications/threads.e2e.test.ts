import { describe, expect, it } from 'vitest';
import { eventually } from '../harness/bot.js';
import { OPS, run, sharedBot } from '../slack/commands-e2e/support.js';
import { cardOf, cards, commentOn, expectNoUuid, patchItem, shown, stateId } from './support.js';

const CONDENSE_MS = 400;

describe('Plane → Slack: a card per work item, then its thread', () => {
  const harness = sharedBot({
    webhooks: true,
    timing: { condenseMs: CONDENSE_MS, postIntervalMs: 20 },
    setUp: async (h) => {
      await run(h, { command: '/plane', text: 'subscribe ACME' }, { ephemeral: 1 });
    },
  });

  it('a PATCH changing state, priority and assignees (three deliveries) gives one card and one condensed line; the card shows the new state', async () => {
    const h = harness();
    const { dana, leo } = h.demo.users;
    const item = h.plane.db.workItem('ACME-2');
    item.assignees = [dana.id];
    const attemptsBefore = h.plane.webhooks.attempts.length;
    await patchItem(h, 'ACME-2', { state: stateId(h, 'In Review'), priority: 'urgent', assignees: [dana.id, leo.id] });
    const { card, replies } = await cardOf(h, OPS, 'ACME-2', 1);
    const sent = h.plane.webhooks.attempts.slice(attemptsBefore);
    expect(sent.map((a) => JSON.parse(a.body).activity.field).sort()).toEqual(['assignees', 'priority', 'state']);
    await new Promise((resolve) => setTimeout(resolve, CONDENSE_MS * 3));
    const after = cards(h, OPS).filter((c) => c.card.text.startsWith('ACME-2:'));
    expect(after).toHaveLength(1);
    expect(after[0]!.replies).toHaveLength(1);
    expect(shown(replies[0]!)).toBe('*plane-bot*: Todo → In Review · priority urgent · assigned leo');
    expect(shown(after[0]!.card)).toContain('In Review');
    expect(shown(after[0]!.card)).toContain('urgent');
    expectNoUuid([card, ...replies]);
  });

  it('a later change goes into the thread and the card is edited to the current state', async () => {
    const h = harness();
    await patchItem(h, 'ACME-3', { priority: 'medium' });
    const first = await cardOf(h, OPS, 'ACME-3', 1);
    await patchItem(h, 'ACME-3', { state: stateId(h, 'Done') });
    const second = await cardOf(h, OPS, 'ACME-3', 2);
    expect(second.card.ts).toBe(first.card.ts);
    expect(shown(second.replies[1]!)).toMatch(/→ Done$/);
    // The edit follows the line.
    await eventually(() => shown(h.slack.workspace.message(OPS, first.card.ts)!).includes('✓ Done'), 5_000, 'the card edited to Done');
  });

  it('a comment arrives in the thread with its author and text', async () => {
    const h = harness();
    await patchItem(h, 'ACME-4', { priority: 'urgent' });
    await cardOf(h, OPS, 'ACME-4', 1);
    await commentOn(h, 'ACME-4', '<p>Deployed the <strong>fix</strong> &amp; checked <a href="https://example.com/x">the page</a>.</p>');
    const { replies } = await cardOf(h, OPS, 'ACME-4', 2);
    const comment = shown(replies[1]!);
    expect(comment).toContain('plane-bot* commented:');
    // Plane's rich text as Slack formatting: bold and the link.
    expect(comment).toContain('Deployed the *fix* & checked <https://example.com/x|the page>.');
  });
});
