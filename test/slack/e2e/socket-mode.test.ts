import { afterEach, describe, expect, it } from 'vitest';
import { postSigned } from '../../../src/emulators/slack/index.js';
import { textReply, toolReply } from '../../fakes/anthropic/index.js';
import { APP_TOKEN, eventually, SIGNING_SECRET, startBotHarness, type BotHarness } from '../../harness/bot.js';
import { codeLines, confirmation, OPS, run } from '../commands-e2e/support.js';
import { ALICE, approvalMessage, BOT, botMessages, finalStatus, GENERAL, shownText, statusMessage } from '../conversations/support.js';

let harness: BotHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/** Every delivery went over the socket and was acked there. */
function allBySocket(h: BotHarness): boolean {
  return h.slack.deliveries.length > 0 && h.slack.deliveries.every((d) => d.transport === 'socket' && d.status === 200);
}

describe('the bot in Socket Mode (SLACK_APP_TOKEN set)', () => {
  it('opens its socket at start-up; health and readiness answer on PORT; /slack/events is not served', async () => {
    harness = await startBotHarness({ socketMode: true });
    expect(harness.config.mode).toBe('socket');
    expect(harness.slack.openSockets).toBe(1);
    const opened = harness.slack.calls.find((c) => c.method === 'apps.connections.open');
    expect(opened).toMatchObject({ token: APP_TOKEN });
    expect(opened!.error).toBeUndefined();
    expect((await fetch(`${harness.bot.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${harness.bot.url}/readyz`)).status).toBe(200);
    const envelope = {
      type: 'event_callback',
      team_id: 'T0TEAM',
      event_id: 'EvHTTP1',
      event: { type: 'app_mention', user: ALICE, text: 'hi', ts: '1.000100', channel: GENERAL },
    };
    expect((await postSigned(`${harness.bot.url}/slack/events`, SIGNING_SECRET, 'event', envelope)).status).toBe(404);
  });

  it('answers a mention with a status message and the model’s answer in the thread', async () => {
    harness = await startBotHarness({ socketMode: true, model: [textReply('Two items are open.')] });
    const ts = await harness.slack.userSays({ user: ALICE, channel: GENERAL, text: `<@${BOT}> what is open?` });
    const status = await statusMessage(harness, ts);
    expect(status.thread_ts).toBe(ts);
    expect(shownText(await finalStatus(harness, ts))).toContain('Done in');
    expect(botMessages(harness, ts).at(-1)!.text).toContain('Two items are open.');
    expect(harness.model!.requests).toHaveLength(1);
    await harness.slack.settled();
    expect(allBySocket(harness)).toBe(true);
  });

  it('runs /task add and /task tree, acked over the socket', async () => {
    harness = await startBotHarness({ socketMode: true });
    const added = await run(harness, { command: '/task', text: 'add Ship socket mode' }, { ephemeral: 1, channel: 1 });
    expect(confirmation(added.ephemeral[0]!).summary).toBe('✓ Added task 1 to the tree of #ops');
    const { channel } = await run(harness, { command: '/task', text: 'tree' }, { channel: 1 });
    expect(codeLines(channel[0]!)).toEqual(['○ [1] Ship socket mode [NORMAL]']);
    const commands = harness.slack.deliveries.filter((d) => d.kind === 'command');
    expect(commands.map((d) => [d.transport, d.status, d.body.channel_id])).toEqual([
      ['socket', 200, OPS],
      ['socket', 200, OPS],
    ]);
  });

  it('takes an approval click from the socket and runs the approved call', async () => {
    harness = await startBotHarness({
      socketMode: true,
      model: [toolReply([{ name: 'plane_add_comment', input: { key: 'ACME-1', text: 'Looks good' } }]), textReply('Commented.')],
    });
    const ts = await harness.slack.userSays({ user: ALICE, channel: GENERAL, text: `<@${BOT}> say it looks good on ACME-1` });
    const approval = await approvalMessage(harness, ts);
    const answer = await harness.slack.clickButton({ user: ALICE, channel: GENERAL, messageTs: approval.ts, actionId: 'approval_approve' });
    expect(answer).toEqual({ status: 200, body: '' });
    await finalStatus(harness, ts);
    // The decision is written on the request while the run goes on: either may show first.
    const h = harness;
    await eventually(
      () => shownText(h.slack.workspace.message(GENERAL, approval.ts)).includes(`✓ Approved by <@${ALICE}>`),
      5_000,
      'the decision',
    );
    expect(botMessages(harness, ts).at(-1)!.text).toContain('Commented.');
    expect(harness.model!.requests).toHaveLength(2);
    expect(harness.slack.deliveries.find((d) => d.kind === 'interaction')).toMatchObject({ transport: 'socket', status: 200 });
  });

  it('close() disconnects its socket normally; the next process opens a new one and is served there', async () => {
    harness = await startBotHarness({ socketMode: true });
    await harness.restart();
    const slack = harness.slack;
    // The emulator notes the close when the TCP connection ends, just after the handshake close() awaited.
    const first = await eventually(() => slack.sockets[0]?.closedAt !== undefined && slack.sockets[0], 2_000, 'the first socket closed');
    const second = slack.sockets[1];
    expect(first.closeCode).toBe(1000);
    expect(second).toBeDefined();
    expect(second!.closedAt).toBeUndefined();
    expect(harness.slack.openSockets).toBe(1);
    await run(harness, { command: '/task', text: 'add After restart' }, { ephemeral: 1, channel: 1 });
    const commands = harness.slack.deliveries.filter((d) => d.kind === 'command');
    expect(commands.at(-1)).toMatchObject({ transport: 'socket', status: 200, body: { text: 'add After restart' } });
  });
});
