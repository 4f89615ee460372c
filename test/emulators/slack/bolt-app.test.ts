import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { App, LogLevel } from '@slack/bolt';
import { startSlackEmulator, type SlackEmulator } from '../../../src/emulators/slack/index.js';
import { buttonBlock, SECRET, TOKEN, waitFor } from './helpers.js';

/** A real Bolt app over HTTP, its Web API client pointed at the emulator, as the sandbox runs it. */
let emulator: SlackEmulator;
let app: App;
let requestUrl: string;
const humanMessages: string[] = [];
const retries: (number | undefined)[] = [];

beforeAll(async () => {
  emulator = await startSlackEmulator({ signingSecret: SECRET, botToken: TOKEN });
  app = new App({
    token: TOKEN,
    signingSecret: SECRET,
    logLevel: LogLevel.ERROR,
    clientOptions: { slackApiUrl: emulator.url, retryConfig: { retries: 0 } },
  });
  app.use(async ({ context, next }) => {
    retries.push(context.retryNum);
    await next();
  });
  app.event('app_mention', async ({ event, say }) => {
    await say({ text: `On it, <@${event.user}>`, thread_ts: event.thread_ts ?? event.ts });
  });
  app.message(async ({ message }) => {
    if (message.subtype === undefined) humanMessages.push(message.text ?? '');
  });
  app.command('/task', async ({ ack, respond, command }) => {
    await ack({ text: 'Adding…' });
    await respond({ response_type: 'in_channel', text: `Task added: ${command.text}` });
  });
  app.action('approve', async ({ ack, respond, body }) => {
    await ack();
    await respond({ replace_original: true, text: `Approved by <@${body.user.id}>` });
  });
  const server = (await app.start({ port: 0, host: '127.0.0.1' })) as import('node:http').Server;
  requestUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/slack/events`;
  emulator.setRequestUrl(requestUrl);
});

afterAll(async () => {
  await emulator.settled();
  await app.stop();
  await emulator.close();
});

describe('a Bolt app against the emulator', () => {
  it('verifies its token with auth.test at start-up', async () => {
    const call = await waitFor(() => emulator.calls[0]);
    expect(call).toMatchObject({ method: 'auth.test', token: TOKEN });
  });

  it('gets a mention and replies in its thread; its own echo is dropped by ignoreSelf', async () => {
    const ts = await emulator.userSays({ user: 'U0ALICE', channel: 'C0GENERAL', text: '<@U0BOT> what is open?' });
    const [, reply] = await waitFor(() => {
      const thread = emulator.workspace.thread('C0GENERAL', ts);
      return thread.length === 2 ? thread : undefined;
    });
    expect(reply).toMatchObject({ user: 'U0BOT', bot_id: 'B0BOT', text: 'On it, <@U0ALICE>', thread_ts: ts });
    expect(emulator.calls.find((c) => c.method === 'chat.postMessage')!.args).toMatchObject({
      channel: 'C0GENERAL',
      thread_ts: ts,
      team_id: 'T0TEAM',
    });
    await emulator.settled();
    expect(emulator.deliveries.every((d) => d.status === 200)).toBe(true);
    expect(emulator.deliveries.some((d) => (d.body.event as { bot_id?: string } | undefined)?.bot_id === 'B0BOT')).toBe(true);
    expect(humanMessages).toEqual(['<@U0BOT> what is open?']);
  });

  it('passes a redelivery’s retry number to the app', async () => {
    await emulator.userSays({ user: 'U0BOB', channel: 'D0BOB', text: 'hello' });
    const delivered = emulator.deliveries.at(-1)!;
    retries.length = 0;
    expect((await emulator.redeliver(String(delivered.body.event_id), { retryNum: 2, retryReason: 'http_error' })).status).toBe(200);
    expect(retries).toEqual([2]);
  });

  it('runs a command: the ack is ephemeral, respond(in_channel) posts in the channel', async () => {
    const answer = await emulator.runCommand({ user: 'U0BOB', channel: 'C0OPS', command: '/task', text: 'add Fix login' });
    expect(answer.status).toBe(200);
    expect(emulator.workspace.ephemeralsFor('C0OPS', 'U0BOB').map((m) => m.text)).toEqual(['Adding…']);
    const posted = await waitFor(() => emulator.workspace.messages('C0OPS').find((m) => m.text === 'Task added: add Fix login'));
    expect(posted).toMatchObject({ user: 'U0BOT', bot_id: 'B0BOT' });
  });

  it('handles a button click and replaces the message through respond()', async () => {
    const { ts } = await app.client.chat.postMessage({
      channel: 'C0OPS',
      text: 'Approve?',
      blocks: [buttonBlock('approve', 'run-7', 'Approve')],
    });
    const answer = await emulator.clickButton({ user: 'U0CAROL', channel: 'C0OPS', messageTs: ts!, actionId: 'approve' });
    expect(answer.status).toBe(200);
    await waitFor(() => emulator.workspace.message('C0OPS', ts!)!.text === 'Approved by <@U0CAROL>');
  });

  it('is refused with 401 when the emulator signs with another secret', async () => {
    const impostor = await startSlackEmulator({ signingSecret: 'not-the-secret', botToken: TOKEN, requestUrl });
    try {
      await impostor.userSays({ user: 'U0ALICE', channel: 'C0GENERAL', text: '<@U0BOT> hi' });
      expect(impostor.deliveries.map((d) => d.status)).toEqual([401, 401]);
    } finally {
      await impostor.close();
    }
  });
});
