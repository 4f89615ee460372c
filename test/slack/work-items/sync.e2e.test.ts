import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startBotHarness, type BotHarness } from '../../harness/bot.js';
import { commentOn } from '../../notifications/support.js';
import { ALICE, BOB, GENERAL, actionIds, botReply, botReplies, joinAcme, viewOf } from './support.js';

let harness: BotHarness;

beforeAll(async () => {
  harness = await startBotHarness({ webhooks: true, timing: { condenseMs: 200, postIntervalMs: 50 } });
  joinAcme(harness);
});
afterAll(async () => harness?.close());

const commentsOn = (key: string) => {
  const item = harness.plane.db.workItem(key);
  return [...harness.plane.db.comments.values()].filter((c) => c.issue === item.id);
};
/** The Plane comments the bot posted into the thread. */
const commentLines = (threadTs: string) => botReplies(harness, GENERAL, threadTs).filter((m) => / commented: /.test(m.text));

/** Until every webhook Plane sent has been answered and every notice posted. */
async function quiet(): Promise<void> {
  await harness.plane.webhooks.settled();
  await new Promise((resolve) => setTimeout(resolve, 600));
  await harness.slack.settled();
}

describe('a thread linked to a work item', () => {
  it('links an existing item, refuses a second link, syncs replies and comments both ways without echo, and stops on Stop syncing', async () => {
    const { slack } = harness;
    const ts = await slack.userSays({ user: ALICE, channel: GENERAL, text: 'The signup form is slow again' });
    await slack.runShortcut({ user: ALICE, channel: GENERAL, messageTs: ts, callbackId: 'link_work_item' });
    const form = await viewOf(harness, ALICE, 'link_work_item_form');
    const unknown = await slack.submitView(ALICE, form.view.id, { item: { value: 'ACME-999' } });
    expect(unknown.outcome).toBe('errors');
    expect(unknown.errors?.item).toMatch(/ACME-999/);
    expect((await slack.submitView(ALICE, form.view.id, { item: { value: 'acme-2' } })).outcome).toBe('closed');
    const card = await botReply(harness, GENERAL, ts, /^alice linked this thread to ACME-2/);
    expect(actionIds(card)).toContain('work_item_stop_sync');

    // A second link is refused, naming the first.
    await slack.runShortcut({ user: BOB, channel: GENERAL, messageTs: ts, callbackId: 'link_work_item' });
    const refusal = await eventually(() => slack.workspace.ephemeralsFor(GENERAL, BOB).find((m) => m.text.includes('already linked')));
    expect(refusal.text).toContain('already linked to ACME-2 (by alice)');
    expect(slack.openView(BOB)).toBeUndefined();

    // Slack → Plane: one comment, formatting carried over.
    const before = commentsOn('ACME-2').length;
    await slack.userSays({
      user: BOB,
      channel: GENERAL,
      threadTs: ts,
      text: '*Reproduced* on `v2.3`, see <https://logs.example/42|the log>\n• step one\n• step two',
    });
    const made = await eventually(() => commentsOn('ACME-2').length > before && commentsOn('ACME-2').at(-1));
    expect(made.comment_html).toBe(
      '<p><strong>bob via Slack:</strong> <strong>Reproduced</strong> on <code>v2.3</code>, see <a href="https://logs.example/42">the log</a></p><ul><li>step one</li><li>step two</li></ul>',
    );
    expect(made.external_source).toBe('slack');
    // A mention of the bot is a question for it, not a comment.
    await slack.userSays({ user: BOB, channel: GENERAL, threadTs: ts, text: '<@U0BOT> what is this?' });

    // Plane → Slack: one thread message; the Slack reply's own webhook is not echoed back.
    await commentOn(harness, 'ACME-2', '<p>Fixed in the next release.</p>');
    await eventually(() => commentLines(ts).length >= 1, 10_000, 'the Plane comment in the thread');
    await quiet();
    expect(commentLines(ts).map((m) => m.text)).toEqual([expect.stringContaining('commented: Fixed in the next release.')]);
    expect(commentsOn('ACME-2').length).toBe(before + 2);

    // Stop syncing, by someone else than who linked it: neither way any more.
    const answer = await slack.clickButton({ user: BOB, channel: GENERAL, messageTs: card.ts, actionId: 'work_item_stop_sync' });
    expect(answer.status).toBe(200);
    await botReply(harness, GENERAL, ts, /^bob stopped syncing this thread with ACME-2/);
    await eventually(
      () => !actionIds(slack.workspace.message(GENERAL, card.ts)!).includes('work_item_stop_sync'),
      5_000,
      'the card without Stop syncing',
    );
    await slack.userSays({ user: BOB, channel: GENERAL, threadTs: ts, text: 'This stays in Slack' });
    await commentOn(harness, 'ACME-2', '<p>This stays in Plane.</p>');
    await quiet();
    expect(commentsOn('ACME-2').some((c) => c.comment_html.includes('This stays in Slack'))).toBe(false);
    expect(commentLines(ts)).toHaveLength(1);
  });
});
