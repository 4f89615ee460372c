import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlackMessage } from '../../../src/emulators/slack/index.js';
import { eventually, startBotHarness, type BotHarness } from '../../harness/bot.js';
import { assertWithinSlackLimits } from '../blocks/limits.js';
import { ALICE, BOB, GENERAL, actionIds, botReply, joinAcme, optionValue, viewOf } from '../work-items/support.js';

const CAROL = 'U0CAROL';
const CAMILLE = 'U0CAMILLE';
const MINUTE = 60_000;

let harness: BotHarness;
/** How far the bot's clock is ahead of the real one. */
let ahead = 0;

beforeAll(async () => {
  harness = await startBotHarness({ env: { PLANEBOT_APPROVERS: CAROL }, now: () => Date.now() + ahead });
  joinAcme(harness);
});
afterAll(async () => harness?.close());

type Json = Record<string, unknown>;
const blockText = (message: SlackMessage) => JSON.stringify(message.blocks ?? []);
const current = (message: SlackMessage) => harness.slack.workspace.message(GENERAL, message.ts)!;
const stateName = (key: string) => harness.plane.db.states.get(harness.plane.db.workItem(key).state!)?.name;
const click = (user: string, message: SlackMessage) =>
  harness.slack.clickButton({ user, channel: GENERAL, messageTs: message.ts, actionId: 'undo_write' });

/** The latest private line `user` got that matches. */
function toldPrivately(user: string, pattern: RegExp): Promise<SlackMessage> {
  return eventually(
    () => harness.slack.workspace.ephemeralsFor(GENERAL, user).findLast((m) => pattern.test(m.text)),
    10_000,
    `a private line matching ${pattern}`,
  );
}

/** A thread of alice's linked to `key`, and its card. */
async function linkedThread(key: string): Promise<{ ts: string; card: SlackMessage }> {
  const ts = await harness.slack.userSays({ user: ALICE, channel: GENERAL, text: `About ${key}` });
  await harness.slack.runShortcut({ user: ALICE, channel: GENERAL, messageTs: ts, callbackId: 'link_work_item' });
  const form = await viewOf(harness, ALICE, 'link_work_item_form');
  await harness.slack.submitView(ALICE, form.view.id, { item: { value: key } });
  return { ts, card: await botReply(harness, GENERAL, ts, new RegExp(`^alice linked this thread to ${key}`)) };
}

describe('Undo under a confirmation of a Plane write', () => {
  it('reverts an update field by field, says so in the thread, turns the button into who undid it, and only once', async () => {
    const { slack } = harness;
    const { ts, card } = await linkedThread('ACME-3');
    const before = stateName('ACME-3');
    await slack.clickButton({ user: ALICE, channel: GENERAL, messageTs: card.ts, actionId: 'work_item_state', selected: 'Done' });
    const confirmation = await botReply(harness, GENERAL, ts, /^alice moved ACME-3 to Done$/);
    expect(actionIds(confirmation)).toEqual(['undo_write']);
    const value = ((confirmation.blocks!.at(-1) as Json).elements as Json[])[0]!.value as string;
    expect(stateName('ACME-3')).toBe('Done');
    await eventually(() => current(card).text.endsWith('(Done)') || undefined, 5_000, 'the card showing Done');

    expect((await click(ALICE, confirmation)).status).toBe(200);
    const said = await botReply(harness, GENERAL, ts, /undid the change to ACME-3/);
    expect(said.text).toBe('↩️ <@U0ALICE> undid the change to ACME-3: state back to what they were.');
    expect(stateName('ACME-3')).toBe(before);
    // The thread's card shows the item as it is again, its line above kept.
    const shown = await eventually(
      () => (current(card).text.endsWith(`(${before})`) ? current(card) : undefined),
      5_000,
      'the card showing the state before',
    );
    expect(shown.text).toBe(`ACME-3: ${harness.plane.db.workItem('ACME-3').name} (${before})`);
    expect(blockText(shown)).toContain('linked this thread to ACME-3');
    assertWithinSlackLimits({ text: shown.text, blocks: shown.blocks });
    const after = await eventually(
      () => (actionIds(current(confirmation)).length === 0 ? current(confirmation) : undefined),
      5_000,
      'the Undo button gone',
    );
    expect(blockText(after)).toContain('↩️ Undone by <@U0ALICE> on <!date^');
    assertWithinSlackLimits({ text: after.text, blocks: after.blocks });

    // Undoable once: a stale copy of the button (a client that did not refresh) is told who undid it.
    const again = staleUndoButton(value);
    await click(ALICE, again);
    expect((await toldPrivately(ALICE, /already undone/)).text).toBe('This was already undone by <@U0ALICE>.');
    expect(stateName('ACME-3')).toBe(before);
  });

  it('leaves a field that changed since alone and names it; an approver may undo, someone else may not', async () => {
    const { slack, plane } = harness;
    const { ts, card } = await linkedThread('ACME-4');
    const before = [...plane.db.workItem('ACME-4').assignees];
    await slack.clickButton({ user: BOB, channel: GENERAL, messageTs: card.ts, actionId: 'work_item_assign_me' });
    const confirmation = await botReply(harness, GENERAL, ts, /^bob assigned themselves to ACME-4$/);
    const item = plane.db.workItem('ACME-4');
    const bob = plane.db.user('bob@acme.test').id;
    const alice = plane.db.user('alice@acme.test').id;
    const written = [...item.assignees];

    // camille is neither bob nor an approver.
    await click(CAMILLE, confirmation);
    expect((await toldPrivately(CAMILLE, /PLANEBOT_APPROVERS/)).text).toMatch(/^Seule la personne qui a demandé cette modification/);
    expect(item.assignees).toContain(bob);

    // Someone changes the assignees in Plane meanwhile.
    item.assignees = [alice];
    await click(BOB, confirmation);
    expect((await toldPrivately(BOB, /Nothing was undone/)).text).toBe(
      'Nothing was undone: the assignees of ACME-4 changed since. Change it in Plane by hand if needed.',
    );
    expect(item.assignees).toEqual([alice]);
    expect(actionIds(current(confirmation))).toEqual(['undo_write']);

    // Put back as the write left it, carol (an approver) undoes it.
    item.assignees = written;
    await click(CAROL, confirmation);
    await botReply(harness, GENERAL, ts, /^↩️ <@U0CAROL> undid the change to ACME-4: assignees back/);
    // Plane keeps assignees as a set: the undo writes them back in id order, not as they were listed.
    expect([...item.assignees].sort()).toEqual([...before].sort());
  });

  it('withdraws a comment in words', async () => {
    const { slack, plane } = harness;
    const { ts, card } = await linkedThread('ACME-5');
    await slack.clickButton({ user: ALICE, channel: GENERAL, messageTs: card.ts, actionId: 'work_item_comment' });
    const form = await viewOf(harness, ALICE, 'work_item_comment_form');
    await slack.submitView(ALICE, form.view.id, { comment: { value: 'Wrong item, sorry' } });
    const confirmation = await botReply(harness, GENERAL, ts, /^alice commented on ACME-5: Wrong item, sorry$/);
    const comment = [...plane.db.comments.values()].filter((c) => c.issue === plane.db.workItem('ACME-5').id).at(-1)!;
    await click(ALICE, confirmation);
    await botReply(harness, GENERAL, ts, /withdrew the comment on ACME-5/);
    expect(comment.comment_html).toBe('<p>(withdrawn)</p>');
    expect(plane.db.comments.has(comment.id)).toBe(true);
  });

  it('moves a created work item to the project’s first cancelled state, deleting nothing', async () => {
    const { slack, plane } = harness;
    const ts = await slack.userSays({ user: ALICE, channel: GENERAL, text: 'Export to PDF cuts the margins' });
    await slack.runShortcut({ user: ALICE, channel: GENERAL, messageTs: ts, callbackId: 'create_work_item' });
    const form = await viewOf(harness, ALICE, 'create_work_item_form', 'title');
    await slack.actInView(ALICE, form.view.id, {
      blockId: 'project',
      actionId: 'create_form_project',
      value: optionValue(form, 'project', 'ACME'),
    });
    const full = await viewOf(harness, ALICE, 'create_work_item_form', 'state');
    await slack.submitView(ALICE, full.view.id, { title: { value: 'Export to PDF cuts the margins' } });
    const confirmation = await botReply(harness, GENERAL, ts, /^alice created ACME-\d+ from this message/);
    const key = /ACME-\d+/.exec(confirmation.text)![0];
    expect(actionIds(confirmation)).toContain('undo_write');
    await click(ALICE, confirmation);
    const said = await botReply(harness, GENERAL, ts, new RegExp(`undid the creation of ${key}`));
    const cancelled = [...plane.db.states.values()].filter((s) => s.project === plane.db.workItem(key).project && s.group === 'cancelled');
    expect(stateName(key)).toBe(cancelled.sort((a, b) => a.sequence - b.sequence)[0]!.name);
    expect(said.text).toContain(`it was moved to ${stateName(key)} (nothing was deleted)`);
    expect(plane.db.workItem(key).archived_at).toBeNull();
  });

  it('refuses after 15 minutes, changing nothing', async () => {
    const { slack } = harness;
    const { ts, card } = await linkedThread('ACME-6');
    await slack.clickButton({ user: ALICE, channel: GENERAL, messageTs: card.ts, actionId: 'work_item_state', selected: 'Done' });
    const confirmation = await botReply(harness, GENERAL, ts, /^alice moved ACME-6 to Done$/);
    ahead = 16 * MINUTE;
    try {
      await click(ALICE, confirmation);
      expect((await toldPrivately(ALICE, /15 minutes/)).text).toMatch(
        /^Undo is offered for 15 minutes after a change, and this one is older\./,
      );
      expect(stateName('ACME-6')).toBe('Done');
    } finally {
      ahead = 0;
    }
  });
});

/** The confirmation as a client that missed its edit still shows it: with the Undo button. */
function staleUndoButton(value: string): SlackMessage {
  const { workspace } = harness.slack;
  const button = { type: 'button', text: { type: 'plain_text', text: 'Undo' }, action_id: 'undo_write', value };
  return workspace.post(GENERAL, {
    user: workspace.bot.userId,
    text: 'stale',
    blocks: [{ type: 'actions', block_id: 'undo_write', elements: [button] }],
  });
}
