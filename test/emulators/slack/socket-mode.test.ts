import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { App, LogLevel, SocketModeReceiver } from '@slack/bolt';
import { startSlackEmulator, type SlackEmulator } from '../../../src/emulators/slack/index.js';
import { APP_TOKEN, buttonBlock, SECRET, TOKEN, waitFor } from './helpers.js';

/** A real Bolt app in Socket Mode: no Request URL, everything over the socket it opens. */
let emulator: SlackEmulator;
let app: App;
const retries: { num: number | undefined; reason: string | undefined }[] = [];

beforeAll(async () => {
  emulator = await startSlackEmulator({ signingSecret: SECRET, botToken: TOKEN, appToken: APP_TOKEN });
  app = new App({
    token: TOKEN,
    appToken: APP_TOKEN,
    socketMode: true,
    logLevel: LogLevel.ERROR,
    clientOptions: { slackApiUrl: emulator.url, retryConfig: { retries: 0 } },
  });
  app.use(async ({ context, next }) => {
    retries.push({ num: context.retryNum, reason: context.retryReason });
    await next();
  });
  app.event('app_mention', async ({ event, say }) => {
    await say({ text: `On it, <@${event.user}>`, thread_ts: event.thread_ts ?? event.ts });
  });
  app.command('/task', async ({ ack, respond, command }) => {
    await ack({ text: 'Adding…' });
    await respond({ response_type: 'in_channel', text: `Task added: ${command.text}` });
  });
  app.command('/todo', async ({ ack }) => {
    await ack();
  });
  app.action('approve', async ({ ack, respond, body }) => {
    await ack();
    await respond({ replace_original: true, text: `Approved by <@${body.user.id}>` });
  });
  await app.start();
});

afterAll(async () => {
  await emulator.settled();
  await app.stop();
  await waitFor(() => emulator.openSockets === 0);
  await emulator.close();
});

describe('a Bolt app in Socket Mode against the emulator', () => {
  it('opens its socket with the app token; start() resolves on hello; deliveries go by socket', async () => {
    const open = emulator.calls.find((c) => c.method === 'apps.connections.open');
    expect(open).toMatchObject({ token: APP_TOKEN });
    expect(open!.error).toBeUndefined();
    expect(emulator.sockets).toHaveLength(1);
    expect(emulator.openSockets).toBe(1);
    expect(emulator.transport).toBe('socket');
  });

  it('gets a mention as an events_api envelope, acks it, and replies in the thread', async () => {
    retries.length = 0;
    const ts = await emulator.userSays({ user: 'U0ALICE', channel: 'C0GENERAL', text: '<@U0BOT> what is open?' });
    const [, reply] = await waitFor(() => {
      const thread = emulator.workspace.thread('C0GENERAL', ts);
      return thread.length === 2 ? thread : undefined;
    });
    expect(reply).toMatchObject({ user: 'U0BOT', bot_id: 'B0BOT', text: 'On it, <@U0ALICE>', thread_ts: ts });
    await emulator.settled();
    const mention = emulator.deliveries.find((d) => (d.body.event as { type?: string } | undefined)?.type === 'app_mention')!;
    expect(mention).toMatchObject({ transport: 'socket', status: 200, responseBody: '', envelopeId: expect.any(String) });
    expect(JSON.parse(mention.rawBody)).toMatchObject({
      type: 'events_api',
      envelope_id: mention.envelopeId,
      retry_attempt: 0,
      retry_reason: '',
    });
    // Slack's first delivery in Socket Mode says attempt 0, not "no retry".
    expect(retries[0]).toEqual({ num: 0, reason: '' });
    expect(emulator.deliveries.every((d) => d.transport === 'socket' && d.status === 200)).toBe(true);
  });

  it('passes a redelivery’s retry_attempt and retry_reason to the app as a new envelope', async () => {
    await emulator.userSays({ user: 'U0BOB', channel: 'D0BOB', text: 'hello' });
    const delivered = emulator.deliveries.at(-1)!;
    retries.length = 0;
    const retry = await emulator.redeliver(String(delivered.body.event_id), { retryNum: 2, retryReason: 'timeout' });
    expect(retry).toMatchObject({ transport: 'socket', status: 200, body: delivered.body, retry: { retryNum: 2, retryReason: 'timeout' } });
    expect(retry.envelopeId).not.toBe(delivered.envelopeId);
    expect(retries).toEqual([{ num: 2, reason: 'timeout' }]);
  });

  it('runs a command: the ack payload is shown like an HTTP ack body, respond(in_channel) posts', async () => {
    const answer = await emulator.runCommand({ user: 'U0BOB', channel: 'C0OPS', command: '/task', text: 'add Fix login' });
    expect(answer).toEqual({ status: 200, body: JSON.stringify({ text: 'Adding…' }) });
    expect(emulator.workspace.ephemeralsFor('C0OPS', 'U0BOB').map((m) => m.text)).toEqual(['Adding…']);
    const posted = await waitFor(() => emulator.workspace.messages('C0OPS').find((m) => m.text === 'Task added: add Fix login'));
    expect(posted).toMatchObject({ user: 'U0BOT', bot_id: 'B0BOT' });
    const frame = JSON.parse(emulator.deliveries.find((d) => d.kind === 'command')!.rawBody);
    expect(frame).toMatchObject({
      type: 'slash_commands',
      accepts_response_payload: true,
      payload: { command: '/task', text: 'add Fix login' },
    });
  });

  it('reads an empty ack as an empty body: nothing is shown', async () => {
    const answer = await emulator.runCommand({ user: 'U0BOB', channel: 'C0OPS', command: '/todo', text: 'list' });
    expect(answer).toEqual({ status: 200, body: '' });
    expect(emulator.workspace.ephemeralsFor('C0OPS', 'U0BOB').map((m) => m.text)).toEqual(['Adding…']);
  });

  it('handles a button click sent as an interactive envelope', async () => {
    const { ts } = await app.client.chat.postMessage({
      channel: 'C0OPS',
      text: 'Approve?',
      blocks: [buttonBlock('approve', 'run-7', 'Approve')],
    });
    const answer = await emulator.clickButton({ user: 'U0CAROL', channel: 'C0OPS', messageTs: ts!, actionId: 'approve' });
    expect(answer.status).toBe(200);
    await waitFor(() => emulator.workspace.message('C0OPS', ts!)!.text === 'Approved by <@U0CAROL>');
    const frame = JSON.parse(emulator.deliveries.find((d) => d.kind === 'interaction')!.rawBody);
    expect(frame).toMatchObject({ type: 'interactive', accepts_response_payload: false, payload: { type: 'block_actions' } });
  });
});

describe('Slack asking a Socket Mode app to reconnect', () => {
  it('the client closes its socket, opens a new one with a fresh URL, and gets the next event there', async () => {
    const slack = await startSlackEmulator({ signingSecret: SECRET, botToken: TOKEN, appToken: APP_TOKEN });
    const mentions: string[] = [];
    // The client waits its ping timeout before reconnecting; a short one keeps the test quick.
    const receiver = new SocketModeReceiver({
      appToken: APP_TOKEN,
      clientPingTimeout: 300,
      logLevel: LogLevel.ERROR,
      installerOptions: { clientOptions: { slackApiUrl: slack.url, retryConfig: { retries: 0 } } },
    });
    const reconnecting = new App({
      token: TOKEN,
      receiver,
      logLevel: LogLevel.ERROR,
      clientOptions: { slackApiUrl: slack.url, retryConfig: { retries: 0 } },
    });
    reconnecting.event('app_mention', async ({ event }) => {
      mentions.push(event.text);
    });
    try {
      await reconnecting.start();
      slack.requestReconnect('refresh_requested');
      await waitFor(() => slack.sockets.length === 2 && slack.openSockets === 1);
      expect(slack.sockets[0]!.closeCode).toBe(1000);
      expect(slack.calls.filter((c) => c.method === 'apps.connections.open')).toHaveLength(2);
      await slack.userSays({ user: 'U0ALICE', channel: 'C0GENERAL', text: '<@U0BOT> still there?' });
      await waitFor(() => mentions.length > 0);
      expect(mentions).toEqual(['<@U0BOT> still there?']);
    } finally {
      await reconnecting.stop();
      await waitFor(() => slack.openSockets === 0);
      await slack.close();
    }
  });
});
