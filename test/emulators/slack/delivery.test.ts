import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator } from '../../../src/emulators/slack/index.js';
import { clientFor, SECRET, startReceiver, TOKEN, type Answer, type Received } from './helpers.js';

let emulator: SlackEmulator;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let answer: (received: Received) => Answer | Promise<Answer>;

beforeEach(async () => {
  answer = () => ({});
  receiver = await startReceiver((received) => answer(received));
  emulator = await startSlackEmulator({
    signingSecret: SECRET,
    botToken: TOKEN,
    requestUrl: receiver.url,
    echoBotMessages: false,
    channels: [
      { id: 'C0GENERAL', name: 'general' },
      { id: 'C0SECRET', name: 'secret', type: 'group' },
      { id: 'C0NOBOT', name: 'nobot', members: ['U0ALICE', 'U0BOB'] },
    ],
  });
});
afterEach(async () => {
  await emulator.close();
  await receiver.close();
});

const events = () => receiver.received.map((r) => r.body.event as Record<string, unknown>);

describe('events', () => {
  it('delivers app_mention and message for a mention in a channel: two signed envelopes, one ts', async () => {
    const ts = await emulator.userSays({ user: 'U0ALICE', channel: 'C0GENERAL', text: '<@U0BOT> deploy api' });
    expect(receiver.received).toHaveLength(2);
    for (const r of receiver.received) {
      expect(r.signatureValid).toBe(true);
      expect(r.contentType).toBe('application/json');
      expect(r.body).toMatchObject({
        token: expect.any(String),
        team_id: 'T0TEAM',
        api_app_id: 'A0APP',
        type: 'event_callback',
        event_id: expect.stringMatching(/^Ev[A-Z0-9]+$/),
        event_time: expect.any(Number),
        authorizations: [{ team_id: 'T0TEAM', user_id: 'U0BOT', is_bot: true, is_enterprise_install: false }],
        is_ext_shared_channel: false,
      });
    }
    const [mention, message] = [events().find((e) => e.type === 'app_mention')!, events().find((e) => e.type === 'message')!];
    expect(mention).toEqual({
      type: 'app_mention',
      user: 'U0ALICE',
      text: '<@U0BOT> deploy api',
      ts,
      client_msg_id: expect.any(String),
      team: 'T0TEAM',
      blocks: [
        {
          type: 'rich_text',
          block_id: expect.any(String),
          elements: [
            {
              type: 'rich_text_section',
              elements: [
                { type: 'user', user_id: 'U0BOT' },
                { type: 'text', text: ' deploy api' },
              ],
            },
          ],
        },
      ],
      channel: 'C0GENERAL',
      event_ts: ts,
    });
    expect(message).toMatchObject({ type: 'message', channel: 'C0GENERAL', channel_type: 'channel', user: 'U0ALICE', ts, event_ts: ts });
    expect(message).not.toHaveProperty('subtype');
    expect(message.client_msg_id).toBe(mention.client_msg_id);
    const ids = receiver.received.map((r) => r.body.event_id);
    expect(new Set(ids).size).toBe(2);
  });

  it('delivers only message for a plain channel message, and message.im (no app_mention) in a DM', async () => {
    await emulator.userSays({ user: 'U0ALICE', channel: 'C0GENERAL', text: 'lunch?' });
    await emulator.userSays({ user: 'U0ALICE', channel: 'D0ALICE', text: '<@U0BOT> hello' });
    await emulator.userSays({ user: 'U0ALICE', channel: 'C0SECRET', text: 'psst' });
    expect(events().map((e) => [e.type, e.channel_type])).toEqual([
      ['message', 'channel'],
      ['message', 'im'],
      ['message', 'group'],
    ]);
  });

  it('marks thread replies with thread_ts and parent_user_id', async () => {
    const parent = await emulator.userSays({ user: 'U0ALICE', channel: 'C0GENERAL', text: '<@U0BOT> help' });
    const reply = await emulator.userSays({ user: 'U0BOB', channel: 'C0GENERAL', text: 'me too <@U0BOT>', threadTs: parent });
    const replyEvents = events().filter((e) => e.ts === reply);
    expect(replyEvents.find((e) => e.type === 'message')).toMatchObject({ thread_ts: parent, parent_user_id: 'U0ALICE' });
    expect(replyEvents.find((e) => e.type === 'app_mention')).toMatchObject({ thread_ts: parent });
    expect(emulator.workspace.message('C0GENERAL', parent)).toMatchObject({ reply_count: 1, reply_users: ['U0BOB'] });
    await expect(emulator.userSays({ user: 'U0BOB', channel: 'C0GENERAL', text: 'x', threadTs: reply })).rejects.toThrow(/no thread/);
  });

  it('delivers nothing from a channel the bot is not in', async () => {
    const ts = await emulator.userSays({ user: 'U0ALICE', channel: 'C0NOBOT', text: '<@U0BOT> hi' });
    expect(emulator.workspace.message('C0NOBOT', ts)).toBeDefined();
    expect(receiver.received).toHaveLength(0);
  });

  it('redelivers an envelope unchanged with Slack’s retry headers, signed afresh', async () => {
    await emulator.userSays({ user: 'U0ALICE', channel: 'C0GENERAL', text: 'hello' });
    const first = receiver.received[0]!;
    const delivery = await emulator.redeliver(String(first.body.event_id), { retryNum: 1, retryReason: 'http_timeout' });
    expect(delivery.status).toBe(200);
    const retry = receiver.received[1]!;
    expect(retry.rawBody).toBe(first.rawBody);
    expect(retry.signatureValid).toBe(true);
    expect(retry.headers['x-slack-retry-num']).toBe('1');
    expect(retry.headers['x-slack-retry-reason']).toBe('http_timeout');
    await expect(emulator.redeliver('EvUNKNOWN', { retryNum: 1, retryReason: 'http_error' })).rejects.toThrow(/no event/);
  });

  it('records how the app answered, including a timeout and a refused connection', async () => {
    const slow = await startSlackEmulator({ signingSecret: SECRET, botToken: TOKEN, requestUrl: receiver.url, ackTimeoutMs: 100 });
    try {
      answer = () => new Promise((resolve) => setTimeout(() => resolve({}), 1000));
      await slow.userSays({ user: 'U0ALICE', channel: 'D0ALICE', text: 'hi' });
      expect(slow.deliveries[0]).toMatchObject({ status: 0, error: 'http_timeout' });
      slow.setRequestUrl('http://127.0.0.1:9/slack/events');
      await slow.userSays({ user: 'U0ALICE', channel: 'D0ALICE', text: 'hi' });
      expect(slow.deliveries[1]).toMatchObject({ status: 0, error: 'connection_failed' });
    } finally {
      await slow.close();
    }
  });

  it('checks the Request URL with a signed url_verification', async () => {
    answer = (r) => ({ status: 200, body: JSON.stringify({ challenge: r.body.challenge }), contentType: 'application/json' });
    expect(await emulator.verifyRequestUrl()).toBe(true);
    expect(receiver.received[0]!.body).toMatchObject({ type: 'url_verification', challenge: expect.any(String) });
    answer = () => ({ status: 401 });
    expect(await emulator.verifyRequestUrl()).toBe(false);
  });
});

describe('the bot’s own messages', () => {
  it('come back as message events: posted (bot_id), message_changed and message_deleted', async () => {
    const echoing = await startSlackEmulator({ signingSecret: SECRET, botToken: TOKEN, requestUrl: receiver.url });
    try {
      const client = clientFor(echoing);
      const posted = await client.chat.postMessage({ channel: 'C0GENERAL', text: 'v1' });
      await client.chat.update({ channel: 'C0GENERAL', ts: posted.ts!, text: 'v2' });
      await client.chat.delete({ channel: 'C0GENERAL', ts: posted.ts! });
      await client.chat.postEphemeral({ channel: 'C0GENERAL', user: 'U0ALICE', text: 'private' });
      await echoing.settled();
      const [post, change, deletion] = events();
      expect(events()).toHaveLength(3);
      expect(post).toMatchObject({ type: 'message', user: 'U0BOT', bot_id: 'B0BOT', text: 'v1', ts: posted.ts, channel_type: 'channel' });
      expect(change).toMatchObject({
        subtype: 'message_changed',
        message: { text: 'v2', ts: posted.ts },
        previous_message: { text: 'v1' },
      });
      expect(deletion).toMatchObject({ subtype: 'message_deleted', deleted_ts: posted.ts, previous_message: { text: 'v2' } });
    } finally {
      await echoing.close();
    }
  });
});

describe('slash commands', () => {
  it('posts the form Slack posts, with a response_url served by the emulator', async () => {
    const result = await emulator.runCommand({ user: 'U0ALICE', channel: 'C0GENERAL', command: '/task', text: 'add "Fix login" !high' });
    expect(result).toEqual({ status: 200, body: '' });
    const r = receiver.received[0]!;
    expect(r.signatureValid).toBe(true);
    expect(r.contentType).toBe('application/x-www-form-urlencoded');
    expect(r.body).toEqual({
      token: expect.any(String),
      team_id: 'T0TEAM',
      team_domain: 'acme',
      channel_id: 'C0GENERAL',
      channel_name: 'general',
      user_id: 'U0ALICE',
      user_name: 'alice',
      command: '/task',
      text: 'add "Fix login" !high',
      api_app_id: 'A0APP',
      is_enterprise_install: 'false',
      response_url: expect.stringMatching(new RegExp(`^${emulator.origin}/response/[0-9a-f]+$`)),
      trigger_id: expect.stringMatching(/^\d+\.\d+\.[0-9a-f]+$/),
    });
    expect(emulator.workspace.ephemeralsFor('C0GENERAL', 'U0ALICE')).toEqual([]);
    await expect(emulator.runCommand({ user: 'U0ALICE', channel: 'C0GENERAL', command: '/nope' })).rejects.toThrow(/not a valid command/);
  });

  it('shows an ack body to the invoker only, or to the channel when in_channel', async () => {
    answer = () => ({ body: JSON.stringify({ text: 'Usage: /task add <title>' }), contentType: 'application/json' });
    await emulator.runCommand({ user: 'U0ALICE', channel: 'C0GENERAL', command: '/task', text: 'help' });
    answer = () => ({ body: 'plain ack' });
    await emulator.runCommand({ user: 'U0ALICE', channel: 'C0GENERAL', command: '/todo', text: '' });
    expect(emulator.workspace.ephemeralsFor('C0GENERAL', 'U0ALICE').map((m) => m.text)).toEqual(['Usage: /task add <title>', 'plain ack']);
    expect(emulator.workspace.ephemeralsFor('C0GENERAL', 'U0BOB')).toEqual([]);

    answer = () => ({ body: JSON.stringify({ response_type: 'in_channel', text: 'tree' }), contentType: 'application/json' });
    await emulator.runCommand({ user: 'U0ALICE', channel: 'C0GENERAL', command: '/task', text: 'tree' });
    expect(emulator.workspace.messages('C0GENERAL')).toMatchObject([{ text: 'tree', user: 'U0BOT', bot_id: 'B0BOT' }]);
  });

  it('tells the invoker when the app fails or acks with an invalid message', async () => {
    answer = () => ({ status: 500 });
    expect(await emulator.runCommand({ user: 'U0ALICE', channel: 'C0GENERAL', command: '/task', text: 'x' })).toMatchObject({
      status: 500,
      error: 'http_500',
    });
    answer = () => ({ body: JSON.stringify({ text: 'x'.repeat(40_001) }), contentType: 'application/json' });
    expect(await emulator.runCommand({ user: 'U0ALICE', channel: 'C0GENERAL', command: '/task', text: 'x' })).toMatchObject({
      status: 200,
      error: 'msg_too_long',
    });
    expect(emulator.workspace.ephemeralsFor('C0GENERAL', 'U0ALICE')).toMatchObject([
      { user: 'USLACKBOT', text: '/task failed with the error "http_500"' },
      { user: 'USLACKBOT', text: '/task failed with the error "msg_too_long"' },
    ]);
  });

  it('serves the response_url: ephemeral, replace_original, in_channel, delete_original, five uses', async () => {
    await emulator.runCommand({ user: 'U0ALICE', channel: 'C0GENERAL', command: '/task', text: 'list' });
    const url = String(receiver.received[0]!.body.response_url);
    const respond = (body: unknown) =>
      fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const ephemerals = () => emulator.workspace.ephemeralsFor('C0GENERAL', 'U0ALICE').map((m) => m.text);

    expect((await respond({ text: 'working…' })).status).toBe(200);
    expect(ephemerals()).toEqual(['working…']);
    await respond({ text: 'done', replace_original: true });
    expect(ephemerals()).toEqual(['done']);
    const invalid = await respond({ text: 't', blocks: [{ type: 'carousel' }] });
    expect([invalid.status, await invalid.json()]).toEqual([400, { ok: false, error: 'invalid_blocks' }]);
    await respond({ text: 'for everyone', response_type: 'in_channel' });
    expect(emulator.workspace.messages('C0GENERAL').map((m) => m.text)).toEqual(['for everyone']);
    await respond({ delete_original: true });
    expect(emulator.workspace.messages('C0GENERAL')).toEqual([]);
    const sixth = await respond({ text: 'again' });
    expect([sixth.status, await sixth.json()]).toEqual([404, { ok: false, error: 'used_url' }]);
    expect(ephemerals()).toEqual(['done']);
  });
});

describe('button clicks', () => {
  const approval = [
    { type: 'section', text: { type: 'mrkdwn', text: 'Create ACME-12?' } },
    {
      type: 'actions',
      block_id: 'approval_1',
      elements: [
        { type: 'button', action_id: 'approve', value: 'run-1', style: 'primary', text: { type: 'plain_text', text: 'Approve' } },
        { type: 'button', action_id: 'deny', value: 'run-1', style: 'danger', text: { type: 'plain_text', text: 'Deny' } },
      ],
    },
  ];

  it('posts the block_actions payload built from the stored message', async () => {
    const client = clientFor(emulator);
    const parent = await emulator.userSays({ user: 'U0ALICE', channel: 'C0GENERAL', text: '<@U0BOT> create it' });
    const posted = await client.chat.postMessage({ channel: 'C0GENERAL', thread_ts: parent, text: 'Approve?', blocks: approval });
    receiver.received.length = 0;

    const result = await emulator.clickButton({ user: 'U0BOB', channel: 'C0GENERAL', messageTs: posted.ts!, actionId: 'approve' });
    expect(result).toEqual({ status: 200, body: '' });
    const r = receiver.received[0]!;
    expect(r.signatureValid).toBe(true);
    expect(r.contentType).toBe('application/x-www-form-urlencoded');
    expect(r.rawBody.startsWith('payload=')).toBe(true);
    expect(r.body).toMatchObject({
      type: 'block_actions',
      user: { id: 'U0BOB', username: 'bob', name: 'bob', team_id: 'T0TEAM' },
      api_app_id: 'A0APP',
      container: { type: 'message', message_ts: posted.ts, channel_id: 'C0GENERAL', is_ephemeral: false },
      trigger_id: expect.any(String),
      team: { id: 'T0TEAM', domain: 'acme' },
      channel: { id: 'C0GENERAL', name: 'general' },
      message: {
        type: 'message',
        ts: posted.ts,
        thread_ts: parent,
        user: 'U0BOT',
        bot_id: 'B0BOT',
        text: 'Approve?',
        blocks: expect.any(Array),
      },
      state: { values: {} },
      response_url: expect.stringContaining(`${emulator.origin}/response/`),
      actions: [
        {
          type: 'button',
          block_id: 'approval_1',
          action_id: 'approve',
          value: 'run-1',
          style: 'primary',
          text: { type: 'plain_text', text: 'Approve' },
          action_ts: expect.stringMatching(/^\d+\.\d{6}$/),
        },
      ],
    });
    await expect(emulator.clickButton({ user: 'U0BOB', channel: 'C0GENERAL', messageTs: posted.ts!, actionId: 'nope' })).rejects.toThrow(
      /no button/,
    );
  });

  it('lets the response_url replace the clicked message, or post an ephemeral in its thread', async () => {
    const client = clientFor(emulator);
    const parent = await emulator.userSays({ user: 'U0ALICE', channel: 'C0GENERAL', text: 'go' });
    const posted = await client.chat.postMessage({ channel: 'C0GENERAL', thread_ts: parent, text: 'Approve?', blocks: approval });
    await emulator.clickButton({ user: 'U0BOB', channel: 'C0GENERAL', messageTs: posted.ts!, actionId: 'deny' });
    const url = String(receiver.received.at(-1)!.body.response_url);
    const respond = (body: unknown) =>
      fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

    await respond({ text: 'Only Alice can decide' });
    expect(emulator.workspace.ephemeralsFor('C0GENERAL', 'U0BOB')).toMatchObject([{ text: 'Only Alice can decide', thread_ts: parent }]);
    await respond({ replace_original: true, text: 'Denied by <@U0BOB>' });
    const replaced = emulator.workspace.message('C0GENERAL', posted.ts!)!;
    expect(replaced.text).toBe('Denied by <@U0BOB>');
    expect(replaced.blocks).toEqual([]);
    expect(replaced.thread_ts).toBe(parent);
  });

  it('clicks on an ephemeral message: no message in the payload, only its owner can click', async () => {
    const client = clientFor(emulator);
    const { message_ts } = await client.chat.postEphemeral({ channel: 'C0GENERAL', user: 'U0ALICE', text: 'More?', blocks: approval });
    await expect(
      emulator.clickButton({ user: 'U0BOB', channel: 'C0GENERAL', messageTs: message_ts!, actionId: 'approve' }),
    ).rejects.toThrow(/sees no message/);
    await emulator.clickButton({ user: 'U0ALICE', channel: 'C0GENERAL', messageTs: message_ts!, actionId: 'approve', value: 'run-1' });
    const payload = receiver.received.at(-1)!.body;
    expect(payload.container).toMatchObject({ message_ts, is_ephemeral: true });
    expect(payload).not.toHaveProperty('message');
    await fetch(String(payload.response_url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ delete_original: true }),
    });
    expect(emulator.workspace.ephemeralsFor('C0GENERAL', 'U0ALICE')).toEqual([]);
  });
});
