import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlackMessage } from '../../../src/emulators/slack/index.js';
import { eventually, startBotHarness, type BotHarness } from '../../harness/bot.js';
import { assertWithinSlackLimits } from '../blocks/limits.js';
import { ALICE, BOB, GENERAL, botReply, botReplies, joinAcme, viewOf } from './support.js';

let harness: BotHarness;

beforeAll(async () => {
  harness = await startBotHarness({ webhooks: true, timing: { condenseMs: 200, postIntervalMs: 50 } });
  joinAcme(harness);
});
afterAll(async () => harness?.close());

type Json = Record<string, unknown>;
const fieldText = (message: SlackMessage, label: string) =>
  (message.blocks ?? [])
    .flatMap((b) => (b.fields as Json[] | undefined) ?? [])
    .map((f) => String(f.text))
    .find((t) => t.startsWith(`*${label}*`)) ?? '';

describe('a work item card’s actions, used by someone else than who asked for the card', () => {
  it('assigns the clicker, moves the state and comments through a modal, each said in the thread and the card edited', async () => {
    const { slack, plane } = harness;
    const ts = await slack.userSays({ user: ALICE, channel: GENERAL, text: 'Dark mode toggle forgets its setting' });
    await slack.runShortcut({ user: ALICE, channel: GENERAL, messageTs: ts, callbackId: 'link_work_item' });
    const form = await viewOf(harness, ALICE, 'link_work_item_form');
    await slack.submitView(ALICE, form.view.id, { item: { value: 'ACME-3' } });
    const card = await botReply(harness, GENERAL, ts, /^alice linked this thread to ACME-3/);
    const item = plane.db.workItem('ACME-3');
    const before = [...item.assignees];
    const current = () => slack.workspace.message(GENERAL, card.ts)!;

    // Assign to me: bob joins, the others stay; no approval is asked.
    await slack.clickButton({ user: BOB, channel: GENERAL, messageTs: card.ts, actionId: 'work_item_assign_me' });
    await botReply(harness, GENERAL, ts, /^bob assigned themselves to ACME-3$/);
    const bob = plane.db.user('bob@acme.test').id;
    expect(item.assignees).toEqual([...before, bob]);
    await eventually(() => fieldText(current(), 'Assignees').includes('bob'), 5_000, 'the card edited with bob');
    // The confirmation's line stays above the edited card.
    expect(current().text.length).toBeGreaterThan(0);
    expect(JSON.stringify(current().blocks)).toContain('alice linked this thread to ACME-3');

    // The state menu.
    await slack.clickButton({ user: BOB, channel: GENERAL, messageTs: card.ts, actionId: 'work_item_state', selected: 'Done' });
    await botReply(harness, GENERAL, ts, /^bob moved ACME-3 to Done$/);
    expect(plane.db.states.get(item.state!)?.name).toBe('Done');
    await eventually(() => fieldText(current(), 'State').includes('Done'), 5_000, 'the card edited to Done');

    // Comment: a modal, then one Plane comment in bob's name and one line in the thread, no echo.
    await slack.clickButton({ user: BOB, channel: GENERAL, messageTs: card.ts, actionId: 'work_item_comment' });
    const comment = await viewOf(harness, BOB, 'work_item_comment_form');
    expect((await slack.submitView(BOB, comment.view.id, { comment: { value: '' } })).outcome).toBe('errors');
    expect((await slack.submitView(BOB, comment.view.id, { comment: { value: 'Works for me on _Firefox_' } })).outcome).toBe('closed');
    await botReply(harness, GENERAL, ts, /^bob commented on ACME-3: Works for me on _Firefox_$/);
    const made = [...plane.db.comments.values()].filter((c) => c.issue === item.id).at(-1)!;
    expect(made.comment_html).toBe('<p><strong>bob via Slack:</strong> Works for me on <em>Firefox</em></p>');
    await plane.webhooks.settled();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(botReplies(harness, GENERAL, ts).filter((m) => / commented: /.test(m.text))).toHaveLength(0);

    for (const message of botReplies(harness, GENERAL, ts)) assertWithinSlackLimits({ text: message.text, blocks: message.blocks });
    // Direct intent: nothing waited for an approval.
    expect(slack.workspace.messages(GENERAL).some((m) => /approv/i.test(m.text))).toBe(false);
  });
});
