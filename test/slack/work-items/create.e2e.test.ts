import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startBotHarness, type BotHarness } from '../../harness/bot.js';
import { assertModalWithinSlackLimits } from '../blocks/limits.js';
import { ALICE, GENERAL, actionIds, botReply, inputElement, joinAcme, optionValue, viewOf } from './support.js';

let harness: BotHarness;

beforeAll(async () => {
  harness = await startBotHarness();
  joinAcme(harness);
});
afterAll(async () => harness?.close());

describe('"Create work item" on a message', () => {
  it('opens a pre-filled modal within the trigger window, answers a bad title in the modal, creates the item with its link and confirms in the thread', async () => {
    const { slack, plane } = harness;
    const ts = await slack.userSays({
      user: ALICE,
      channel: GENERAL,
      text: 'Checkout fails for <@U0BOB> on Safari\nSteps: open <https://shop.example/cart|the cart>, press Pay.',
    });
    const answer = await slack.runShortcut({ user: ALICE, channel: GENERAL, messageTs: ts, callbackId: 'create_work_item' });
    expect(answer.status).toBe(200);
    const delivered = slack.deliveries.findLast((d) => d.body.type === 'message_action')!;

    // Filled in at once from the cache, or (on a slow machine) a loading modal updated when the lists come.
    const form = await viewOf(harness, ALICE, 'create_work_item_form', 'title');
    const opened = slack.calls.find((call) => call.method === 'views.open')!;
    expect(opened.error).toBeUndefined();
    expect(opened.time - delivered.time).toBeLessThan(3_000);
    expect(inputElement(form, 'title').initial_value).toBe('Checkout fails for @bob on Safari');
    const permalink = `https://acme.slack.com/archives/${GENERAL}/p${ts.replace('.', '')}`;
    expect(inputElement(form, 'description').initial_value).toBe(
      `Checkout fails for @bob on Safari\nSteps: open the cart, press Pay.\n\nFrom Slack: ${permalink}`,
    );
    // A channel with no project used yet: none chosen, so nothing project-specific is offered.
    expect(inputElement(form, 'project').initial_option).toBeUndefined();
    expect(form.view.blocks.some((b) => b.block_id === 'state')).toBe(false);

    await slack.actInView(ALICE, form.view.id, {
      blockId: 'project',
      actionId: 'create_form_project',
      value: optionValue(form, 'project', 'ACME'),
    });
    const full = await viewOf(harness, ALICE, 'create_work_item_form', 'state');
    expect((inputElement(full, 'assignees').initial_options as { text: { text: string } }[]).map((o) => o.text.text)).toEqual(['alice']);
    expect(inputElement(full, 'title').initial_value).toBe('Checkout fails for @bob on Safari');

    const bad = await slack.submitView(ALICE, full.view.id, { title: { value: '   ' } });
    expect(bad.outcome).toBe('errors');
    expect(bad.errors).toEqual({ title: 'Give the work item a title.' });

    const done = await slack.submitView(ALICE, full.view.id, {
      title: { value: 'Checkout fails on Safari' },
      state: { value: optionValue(full, 'state', 'Todo') },
      priority: { value: 'high' },
      labels: { value: [optionValue(full, 'labels', 'bug')] },
    });
    expect(done.outcome).toBe('closed');
    for (const call of slack.calls.filter((c) => c.method.startsWith('views.'))) assertModalWithinSlackLimits(call.args.view);

    const confirmation = await botReply(harness, GENERAL, ts, /^alice created ACME-\d+ from this message/);
    const key = /ACME-\d+/.exec(confirmation.text)![0];
    // Undo stays with the line above the card (card edits keep it).
    expect(actionIds(confirmation)).toEqual([
      'undo_write',
      'work_item_open',
      'work_item_assign_me',
      'work_item_state',
      'work_item_comment',
      'work_item_stop_sync',
    ]);
    const item = plane.db.workItem(key);
    expect(item.name).toBe('Checkout fails on Safari');
    expect(item.priority).toBe('high');
    expect(plane.db.states.get(item.state!)?.name).toBe('Todo');
    expect(item.assignees.map((id) => plane.db.users.get(id)?.email)).toEqual(['alice@acme.test']);
    expect(item.labels.map((id) => plane.db.labels.get(id)?.name)).toEqual(['bug']);
    const links = [...plane.db.links.values()].filter((l) => l.issue === item.id);
    expect(links.map((l) => [l.url, l.title])).toEqual([[permalink, 'Slack: message by alice in #general']]);

    // The thread is linked: linking it again says to which item.
    await slack.runShortcut({ user: ALICE, channel: GENERAL, messageTs: ts, callbackId: 'link_work_item' });
    const refusal = await eventually(() => slack.workspace.ephemeralsFor(GENERAL, ALICE).find((m) => m.text.includes('already linked')));
    expect(refusal.text).toContain(`already linked to ${key}`);

    // The channel's project is remembered: the next form starts with ACME and its lists.
    const next = await slack.userSays({ user: ALICE, channel: GENERAL, text: 'Another one' });
    await slack.runShortcut({ user: ALICE, channel: GENERAL, messageTs: next, callbackId: 'create_work_item' });
    const again = await viewOf(harness, ALICE, 'create_work_item_form', 'state');
    expect((inputElement(again, 'project').initial_option as { text: { text: string } }).text.text).toBe('ACME · Website');
  });
});
