import { describe, expect, it } from 'vitest';
import { textReply, toolReply } from '../fakes/anthropic/index.js';
import { eventually, type BotHarness } from '../harness/bot.js';
import { approvalMessage, BOT } from '../slack/conversations/support.js';
import { ALICE, BOB, OPS, run, sharedBot } from '../slack/commands-e2e/support.js';
import { botReplies, botReply, GENERAL, joinAcme, viewOf } from '../slack/work-items/support.js';
import { cardOf, cards, patchItem, shown, stateId } from './support.js';

const CONDENSE_MS = 300;

/** Until every webhook Plane sent has been answered and every notice posted. */
async function quiet(h: BotHarness): Promise<void> {
  await h.plane.webhooks.settled();
  await new Promise((resolve) => setTimeout(resolve, CONDENSE_MS * 3));
  await h.slack.settled();
}

/** Alice asks the agent in a thread; the one Plane write it asks for is approved and made. */
async function approvedAgentWrite(h: BotHarness, channel: string, threadTs: string, text: string): Promise<void> {
  const requestsBefore = h.model!.requests.length;
  await h.slack.userSays({ user: ALICE, channel, threadTs, text: `<@${BOT}> ${text}` });
  const approval = await approvalMessage(h, threadTs, channel);
  expect((await h.slack.clickButton({ user: ALICE, channel, messageTs: approval.ts, actionId: 'approval_approve' })).status).toBe(200);
  // The model's next request carries the call's result: the write is done.
  await eventually(() => h.model!.requests.length >= requestsBefore + 2, 15_000, 'the model request after the approved call');
}

describe('Plane → Slack: a change the bot confirmed itself is not said twice in that thread', () => {
  const harness = sharedBot({
    webhooks: true,
    model: [],
    timing: { condenseMs: CONDENSE_MS, postIntervalMs: 20 },
    setUp: async (h) => {
      joinAcme(h);
      await run(h, { command: '/plane', text: 'subscribe ACME', channel: OPS }, { ephemeral: 1 });
      await run(h, { command: '/plane', text: 'subscribe ACME', channel: GENERAL }, { ephemeral: 1 });
    },
  });

  it('an approved agent write asked for in a card’s thread: that card is edited, no line; the other channel gets the line, under the requester’s name', async () => {
    const h = harness();
    await patchItem(h, 'ACME-5', { priority: 'high' });
    const ops = await cardOf(h, OPS, 'ACME-5', 1);
    await cardOf(h, GENERAL, 'ACME-5', 1);

    h.model!.script(toolReply([{ name: 'plane_update_issue', input: { key: 'ACME-5', state: 'Done' } }]), textReply('ACME-5 is Done now.'));
    await approvedAgentWrite(h, OPS, ops.card.ts, 'move this to Done');
    expect(h.plane.db.workItem('ACME-5').state).toBe(stateId(h, 'Done'));

    const general = await cardOf(h, GENERAL, 'ACME-5', 2);
    expect(shown(general.replies[1]!)).toMatch(/^\*alice\*: .+ → Done$/);
    // The notice was handled for #ops too: its card shows the new state…
    await eventually(() => shown(h.slack.workspace.message(OPS, ops.card.ts)!).includes('✓ Done'), 10_000, 'the #ops card edited to Done');
    await quiet(h);
    // …and its thread holds the first line and the run's own messages, not the change again.
    const thread = h.slack.workspace.thread(OPS, ops.card.ts);
    expect(thread.filter((m) => / → Done$/.test(shown(m)))).toEqual([]);
    expect(cards(h, OPS).filter((c) => c.card.text.startsWith('ACME-5:'))).toHaveLength(1);
  });

  it('an approved agent comment asked for in a linked thread is not posted back there, and reaches the subscribed channels’ card threads', async () => {
    const h = harness();
    const ts = await h.slack.userSays({ user: ALICE, channel: GENERAL, text: 'The CSV export drops the last row' });
    await h.slack.runShortcut({ user: ALICE, channel: GENERAL, messageTs: ts, callbackId: 'link_work_item' });
    const form = await viewOf(h, ALICE, 'link_work_item_form');
    expect((await h.slack.submitView(ALICE, form.view.id, { item: { value: 'ACME-6' } })).outcome).toBe('closed');
    await botReply(h, GENERAL, ts, /^alice linked this thread to ACME-6/);

    h.model!.script(
      toolReply([{ name: 'plane_add_comment', input: { key: 'ACME-6', text: 'Fixed in 2.4, the last row is kept.' } }]),
      textReply('Commented on ACME-6.'),
    );
    await approvedAgentWrite(h, GENERAL, ts, 'tell ACME-6 it is fixed in 2.4');

    for (const channel of [OPS, GENERAL]) {
      const { replies } = await cardOf(h, channel, 'ACME-6', 1);
      expect(shown(replies[0]!)).toMatch(/^\*alice\* commented:/);
      expect(shown(replies[0]!)).toContain('Fixed in 2.4, the last row is kept.');
    }
    await quiet(h);
    expect(botReplies(h, GENERAL, ts).filter((m) => / commented:/.test(shown(m)))).toEqual([]);
  });

  it('a notification card’s state menu and Comment modal: said in its thread once, by the click’s own line; the other channel gets the notice', async () => {
    const h = harness();
    const target = h.plane.db.states.get(h.plane.db.workItem('ACME-7').state!)?.name === 'In Review' ? 'Todo' : 'In Review';
    await patchItem(h, 'ACME-7', { priority: 'low' });
    const ops = await cardOf(h, OPS, 'ACME-7', 1);
    await cardOf(h, GENERAL, 'ACME-7', 1);

    await h.slack.clickButton({ user: BOB, channel: OPS, messageTs: ops.card.ts, actionId: 'work_item_state', selected: target });
    await botReply(h, OPS, ops.card.ts, new RegExp(`^bob moved ACME-7 to ${target}$`));
    await h.slack.clickButton({ user: BOB, channel: OPS, messageTs: ops.card.ts, actionId: 'work_item_comment' });
    const form = await viewOf(h, BOB, 'work_item_comment_form');
    expect((await h.slack.submitView(BOB, form.view.id, { comment: { value: 'Checked on staging' } })).outcome).toBe('closed');
    await botReply(h, OPS, ops.card.ts, /^bob commented on ACME-7: Checked on staging$/);

    const general = await cardOf(h, GENERAL, 'ACME-7', 3);
    expect(shown(general.replies[1]!)).toMatch(new RegExp(`^\\*bob\\*: .+ → ${target}$`));
    expect(shown(general.replies[2]!)).toMatch(/^\*bob\* commented:/);
    await quiet(h);
    const thread = botReplies(h, OPS, ops.card.ts).map(shown);
    expect(thread.filter((line) => line.endsWith(`→ ${target}`) || / commented:/.test(line))).toEqual([]);
  });

  it('/plane new: the confirmation is the requester’s alone, so each subscribed channel gets the card once, with no line', async () => {
    const h = harness();
    const { ephemeral } = await run(
      h,
      { command: '/plane', text: 'new ACME Confirm the export fix !high', channel: OPS },
      { ephemeral: 2 },
    );
    const key = /ACME-\d+/.exec(ephemeral[0]!.text)![0];
    for (const channel of [OPS, GENERAL]) expect(shown((await cardOf(h, channel, key)).card)).toContain('Created by alice');
    await quiet(h);
    for (const channel of [OPS, GENERAL]) {
      const posted = cards(h, channel).filter((c) => c.card.text.startsWith(`${key}:`));
      expect(posted).toHaveLength(1);
      expect(posted[0]!.replies).toEqual([]);
    }
  });
});
