import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { webApi } from '@slack/bolt';
import { startSlackEmulator, type SlackEmulator } from '../../../src/emulators/slack/index.js';
import { buttonBlock, clientFor, SECRET, TOKEN } from './helpers.js';

let emulator: SlackEmulator;
let client: webApi.WebClient;

beforeEach(async () => {
  emulator = await startSlackEmulator({
    signingSecret: SECRET,
    botToken: TOKEN,
    echoBotMessages: false,
    channels: [
      { id: 'C0GENERAL', name: 'general' },
      { id: 'C0SECRET', name: 'secret', type: 'group', members: ['U0ALICE', 'U0BOT'] },
      { id: 'C0QUIET', name: 'quiet', members: ['U0ALICE'] },
    ],
  });
  client = clientFor(emulator);
});
afterEach(() => emulator.close());

/** The Slack error code of a failed call. */
async function slackError(call: Promise<unknown>): Promise<{ code: string; error?: string; data?: Record<string, unknown> }> {
  try {
    await call;
  } catch (error) {
    const e = error as { code: string; data?: { error?: string } & Record<string, unknown> };
    return { code: e.code, error: e.data?.error, data: e.data };
  }
  throw new Error('the call succeeded');
}

describe('Web API: identity and transport', () => {
  it('answers auth.test with the bot identity and records the call with its token', async () => {
    const result = await client.auth.test();
    expect(result).toMatchObject({ ok: true, user_id: 'U0BOT', bot_id: 'B0BOT', team_id: 'T0TEAM', url: 'https://acme.slack.com/' });
    expect(emulator.calls).toHaveLength(1);
    expect(emulator.calls[0]).toMatchObject({ method: 'auth.test', token: TOKEN });
    expect(emulator.calls[0]!.args).not.toHaveProperty('token');
  });

  it('refuses a wrong token, a missing token and an unknown method like Slack', async () => {
    expect(await slackError(clientFor(emulator, 'xoxb-wrong').auth.test())).toMatchObject({ error: 'invalid_auth' });
    const bare = await fetch(`${emulator.url}auth.test`, { method: 'POST' });
    expect(bare.status).toBe(200);
    expect(await bare.json()).toEqual({ ok: false, error: 'not_authed' });
    expect(await slackError(client.apiCall('chat.nonsense'))).toMatchObject({
      code: 'slack_webapi_platform_error',
      error: 'unknown_method',
    });
    expect(emulator.calls.map((c) => c.error)).toEqual(['invalid_auth', 'not_authed', 'unknown_method']);
  });

  it('accepts a JSON body with the token in it', async () => {
    const response = await fetch(`${emulator.url}chat.postMessage`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ token: TOKEN, channel: 'C0GENERAL', text: 'json body' }),
    });
    expect(await response.json()).toMatchObject({ ok: true, channel: 'C0GENERAL' });
  });
});

describe('Web API: chat', () => {
  it('posts a message and a thread reply; conversations.replies returns the parent first', async () => {
    const parent = await client.chat.postMessage({ channel: 'C0GENERAL', text: 'status', blocks: [buttonBlock('retry', 'r1')] });
    expect(parent).toMatchObject({ ok: true, channel: 'C0GENERAL', message: { text: 'status', user: 'U0BOT', bot_id: 'B0BOT' } });
    expect(parent.ts).toMatch(/^\d{10}\.\d{6}$/);
    const blocks = parent.message!.blocks!;
    expect(blocks[0]!.block_id).toEqual(expect.any(String));
    expect(emulator.calls[0]!.args.blocks).toEqual([buttonBlock('retry', 'r1')]);

    const reply = await client.chat.postMessage({ channel: 'C0GENERAL', text: 'done', thread_ts: parent.ts! });
    expect(reply.message).toMatchObject({ thread_ts: parent.ts, parent_user_id: 'U0BOT' });

    const thread = await client.conversations.replies({ channel: 'C0GENERAL', ts: reply.ts! });
    expect(thread.messages!.map((m) => m.text)).toEqual(['status', 'done']);
    expect(thread.messages![0]).toMatchObject({
      ts: parent.ts,
      thread_ts: parent.ts,
      reply_count: 1,
      reply_users: ['U0BOT'],
      latest_reply: reply.ts,
    });
    expect(thread.has_more).toBe(false);
  });

  it('posts to a DM by user id and to a channel by name', async () => {
    expect((await client.chat.postMessage({ channel: 'U0ALICE', text: 'hi' })).channel).toBe('D0ALICE');
    expect((await client.chat.postMessage({ channel: '#general', text: 'hi' })).channel).toBe('C0GENERAL');
    expect(await slackError(client.chat.postMessage({ channel: 'C0NOPE', text: 'x' }))).toMatchObject({ error: 'channel_not_found' });
    expect(await slackError(client.chat.postMessage({ channel: 'C0QUIET', text: 'x' }))).toMatchObject({ error: 'not_in_channel' });
  });

  it('refuses a thread_ts that is unknown or a reply', async () => {
    const parent = await client.chat.postMessage({ channel: 'C0GENERAL', text: 'p' });
    const reply = await client.chat.postMessage({ channel: 'C0GENERAL', text: 'r', thread_ts: parent.ts! });
    expect(await slackError(client.chat.postMessage({ channel: 'C0GENERAL', text: 'x', thread_ts: '1.000001' }))).toMatchObject({
      error: 'thread_not_found',
    });
    expect(await slackError(client.chat.postMessage({ channel: 'C0GENERAL', text: 'x', thread_ts: reply.ts! }))).toMatchObject({
      error: 'invalid_thread_ts',
    });
  });

  it('updates a message: given fields replace, others stay; only the bot’s own messages', async () => {
    const posted = await client.chat.postMessage({ channel: 'C0GENERAL', text: 'v1', blocks: [buttonBlock('a', '1')] });
    const updated = await client.chat.update({ channel: 'C0GENERAL', ts: posted.ts!, text: 'v2' });
    expect(updated).toMatchObject({ ok: true, channel: 'C0GENERAL', ts: posted.ts, text: 'v2' });
    const stored = emulator.workspace.message('C0GENERAL', posted.ts!)!;
    expect(stored.text).toBe('v2');
    expect(stored.blocks).toHaveLength(1);
    expect(stored.edited?.user).toBe('U0BOT');
    await client.chat.update({ channel: 'C0GENERAL', ts: posted.ts!, text: 'v3', blocks: [] });
    expect(emulator.workspace.message('C0GENERAL', posted.ts!)!.blocks).toEqual([]);

    const human = await emulator.userSays({ user: 'U0ALICE', channel: 'C0GENERAL', text: 'mine' });
    expect(await slackError(client.chat.update({ channel: 'C0GENERAL', ts: human, text: 'x' }))).toMatchObject({
      error: 'cant_update_message',
    });
    expect(await slackError(client.chat.update({ channel: 'C0GENERAL', ts: '1.000002', text: 'x' }))).toMatchObject({
      error: 'message_not_found',
    });
    expect(await slackError(client.chat.update({ channel: 'U0ALICE', ts: posted.ts!, text: 'x' }))).toMatchObject({
      error: 'channel_not_found',
    });
  });

  it('deletes a reply (the parent’s count follows) and leaves a tombstone for a parent with replies', async () => {
    const parent = await client.chat.postMessage({ channel: 'C0GENERAL', text: 'p' });
    const r1 = await client.chat.postMessage({ channel: 'C0GENERAL', text: 'r1', thread_ts: parent.ts! });
    await client.chat.postMessage({ channel: 'C0GENERAL', text: 'r2', thread_ts: parent.ts! });
    expect(await client.chat.delete({ channel: 'C0GENERAL', ts: r1.ts! })).toMatchObject({ ok: true, ts: r1.ts });
    expect(emulator.workspace.message('C0GENERAL', parent.ts!)!.reply_count).toBe(1);
    await client.chat.delete({ channel: 'C0GENERAL', ts: parent.ts! });
    expect(emulator.workspace.message('C0GENERAL', parent.ts!)).toMatchObject({ subtype: 'tombstone', text: 'This message was deleted.' });
    expect(await slackError(client.chat.delete({ channel: 'C0GENERAL', ts: parent.ts! }))).toMatchObject({ error: 'message_not_found' });
  });

  it('posts ephemeral messages only to a member of the channel', async () => {
    const result = await client.chat.postEphemeral({ channel: 'C0GENERAL', user: 'U0BOB', text: 'only you' });
    expect(result.message_ts).toMatch(/^\d+\.\d{6}$/);
    expect(emulator.workspace.ephemeralsFor('C0GENERAL', 'U0BOB').map((m) => m.text)).toEqual(['only you']);
    expect(emulator.workspace.ephemeralsFor('C0GENERAL', 'U0ALICE')).toEqual([]);
    expect(emulator.workspace.messages('C0GENERAL')).toEqual([]);
    expect(await slackError(client.chat.postEphemeral({ channel: 'C0SECRET', user: 'U0BOB', text: 'x' }))).toMatchObject({
      error: 'user_not_in_channel',
    });
    expect(await slackError(client.chat.postEphemeral({ channel: 'C0GENERAL', user: 'U0NOBODY', text: 'x' }))).toMatchObject({
      error: 'user_not_found',
    });
  });

  it('adds a reaction once', async () => {
    const posted = await client.chat.postMessage({ channel: 'C0GENERAL', text: 'p' });
    await client.reactions.add({ channel: 'C0GENERAL', timestamp: posted.ts!, name: 'eyes' });
    expect(emulator.workspace.message('C0GENERAL', posted.ts!)!.reactions).toEqual([{ name: 'eyes', users: ['U0BOT'], count: 1 }]);
    expect(await slackError(client.reactions.add({ channel: 'C0GENERAL', timestamp: posted.ts!, name: ':eyes:' }))).toMatchObject({
      error: 'already_reacted',
    });
  });
});

describe('Web API: message limits', () => {
  const section = (text: string) => ({ type: 'section', text: { type: 'mrkdwn', text } });

  it('answers msg_too_long, no_text and markdown_text_conflict', async () => {
    expect(await slackError(client.chat.postMessage({ channel: 'C0GENERAL', text: 'x'.repeat(4_001) }))).toMatchObject({
      error: 'msg_too_long',
    });
    expect(await slackError(client.chat.postMessage({ channel: 'C0GENERAL', text: '' }))).toMatchObject({ error: 'no_text' });
    const conflict = client.chat.postMessage({ channel: 'C0GENERAL', text: 'a', markdown_text: '**b**' } as never);
    expect(await slackError(conflict)).toMatchObject({ error: 'markdown_text_conflict' });
    expect((await client.chat.postMessage({ channel: 'C0GENERAL', text: 'x'.repeat(4_000) })).ok).toBe(true);
  });

  it('answers invalid_blocks with a pointer to the offending field', async () => {
    const tooMany = await slackError(
      client.chat.postMessage({ channel: 'C0GENERAL', text: 't', blocks: Array.from({ length: 51 }, () => ({ type: 'divider' })) }),
    );
    expect(tooMany.error).toBe('invalid_blocks');
    const long = await slackError(
      client.chat.postMessage({ channel: 'C0GENERAL', text: 't', blocks: [{ type: 'divider' }, section('x'.repeat(3001))] }),
    );
    expect(long.error).toBe('invalid_blocks');
    expect(long.data!.response_metadata).toEqual({ messages: [expect.stringContaining('[json-pointer:/blocks/1/text/text]')] });
    const button = await slackError(
      client.chat.postMessage({ channel: 'C0GENERAL', text: 't', blocks: [buttonBlock('a', 'v', 'y'.repeat(76))] }),
    );
    expect(button.error).toBe('invalid_blocks');
    const unknown = await slackError(client.chat.postMessage({ channel: 'C0GENERAL', text: 't', blocks: [{ type: 'carousel' }] }));
    expect(unknown.error).toBe('invalid_blocks');
    // Exactly at the limits is fine.
    const atLimits = Array.from({ length: 50 }, (_, i) => (i === 0 ? section('x'.repeat(3000)) : { type: 'divider' }));
    expect((await client.chat.postMessage({ channel: 'C0GENERAL', text: 't', blocks: atLimits })).ok).toBe(true);
  });

  it('answers msg_blocks_too_long when the blocks hold too much text together, and checks edits too', async () => {
    const blocks = Array.from({ length: 5 }, () => section('x'.repeat(2500)));
    expect(await slackError(client.chat.postMessage({ channel: 'C0GENERAL', text: 't', blocks }))).toMatchObject({
      error: 'msg_blocks_too_long',
    });
    const posted = await client.chat.postMessage({ channel: 'C0GENERAL', text: 't' });
    expect(await slackError(client.chat.update({ channel: 'C0GENERAL', ts: posted.ts!, blocks }))).toMatchObject({
      error: 'msg_blocks_too_long',
    });
    expect(await slackError(client.chat.postEphemeral({ channel: 'C0GENERAL', user: 'U0ALICE', text: 't', blocks }))).toMatchObject({
      error: 'msg_blocks_too_long',
    });
  });

  it('answers invalid_blocks_format when blocks are not a JSON array', async () => {
    const response = await fetch(`${emulator.url}chat.postMessage`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ channel: 'C0GENERAL', text: 't', blocks: '[{"type":' }).toString(),
    });
    expect(await response.json()).toMatchObject({ ok: false, error: 'invalid_blocks_format' });
  });
});

describe('Web API: users and conversations', () => {
  it('answers users.info with profile.email, and without it when the scope is missing', async () => {
    const { user } = await client.users.info({ user: 'U0ALICE' });
    expect(user).toMatchObject({
      id: 'U0ALICE',
      name: 'alice',
      real_name: 'Alice Martin',
      is_bot: false,
      profile: { email: 'alice@acme.test', real_name: 'Alice Martin' },
    });
    expect((await client.users.info({ user: 'U0BOT' })).user).toMatchObject({ is_bot: true, profile: { bot_id: 'B0BOT' } });
    expect(await slackError(client.users.info({ user: 'U0NOBODY' }))).toMatchObject({ error: 'user_not_found' });
    // The locale only when asked for; Slack's default en-US for people who set none.
    expect(user).not.toHaveProperty('locale');
    expect((await client.users.info({ user: 'U0CAMILLE', include_locale: true })).user).toMatchObject({ locale: 'fr-FR' });
    expect((await client.users.info({ user: 'U0WEI', include_locale: true })).user).toMatchObject({ locale: 'zh-CN' });
    expect((await client.users.info({ user: 'U0ALICE', include_locale: true })).user).toMatchObject({ locale: 'en-US' });

    const narrow = await startSlackEmulator({ signingSecret: SECRET, botToken: TOKEN, scopes: ['users:read'] });
    try {
      const { user: plain } = await clientFor(narrow).users.info({ user: 'U0ALICE' });
      expect(plain!.profile).not.toHaveProperty('email');
      const missing = await slackError(clientFor(narrow).chat.postMessage({ channel: 'C0GENERAL', text: 'x' }));
      expect(missing).toMatchObject({ error: 'missing_scope', data: { needed: 'chat:write', provided: 'users:read' } });
    } finally {
      await narrow.close();
    }
  });

  it('answers conversations.info for channels and DMs', async () => {
    expect((await client.conversations.info({ channel: 'C0GENERAL' })).channel).toMatchObject({
      id: 'C0GENERAL',
      name: 'general',
      is_channel: true,
      is_private: false,
      is_member: true,
    });
    expect((await client.conversations.info({ channel: 'C0SECRET' })).channel).toMatchObject({ is_group: true, is_private: true });
    expect((await client.conversations.info({ channel: 'D0BOB' })).channel).toMatchObject({ id: 'D0BOB', is_im: true, user: 'U0BOB' });
    expect(await slackError(client.conversations.info({ channel: 'C0NOPE' }))).toMatchObject({ error: 'channel_not_found' });
  });

  it('pages conversations.replies with cursors', async () => {
    const parent = await client.chat.postMessage({ channel: 'C0GENERAL', text: 'm0' });
    for (let i = 1; i <= 4; i += 1) await client.chat.postMessage({ channel: 'C0GENERAL', text: `m${i}`, thread_ts: parent.ts! });
    const texts: string[] = [];
    let pages = 0;
    for await (const page of client.paginate('conversations.replies', { channel: 'C0GENERAL', ts: parent.ts!, limit: 2 })) {
      pages += 1;
      texts.push(...(page as unknown as { messages: { text: string }[] }).messages.map((m) => m.text));
      if (pages > 5) break;
    }
    expect(pages).toBe(3);
    expect(texts).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    expect(await slackError(client.conversations.replies({ channel: 'C0GENERAL', ts: '1.000003' }))).toMatchObject({
      error: 'thread_not_found',
    });
  });
});

describe('Web API: scripted failures', () => {
  it('answers 429 with a numeric Retry-After, then serves the next call normally', async () => {
    emulator.failNext('chat.postMessage', { status: 429, retryAfter: 1 });
    let caught: unknown;
    try {
      await client.chat.postMessage({ channel: 'C0GENERAL', text: 'x' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(webApi.WebAPIRateLimitedError);
    expect(caught).toMatchObject({ code: 'slack_webapi_rate_limited_error', retryAfter: 1 });
    expect((await client.chat.postMessage({ channel: 'C0GENERAL', text: 'x' })).ok).toBe(true);
    expect(emulator.calls.map((c) => c.error)).toEqual(['http_429', undefined]);
    expect(emulator.workspace.messages('C0GENERAL')).toHaveLength(1);
  });

  it('scripts a platform error and an HTTP error for one method only', async () => {
    emulator.failNext('chat.update', { error: 'ratelimited' });
    emulator.failNext('chat.update', { status: 500 });
    const posted = await client.chat.postMessage({ channel: 'C0GENERAL', text: 'x' });
    expect(await slackError(client.chat.update({ channel: 'C0GENERAL', ts: posted.ts!, text: 'y' }))).toMatchObject({
      code: 'slack_webapi_platform_error',
      error: 'ratelimited',
    });
    expect(await slackError(client.chat.update({ channel: 'C0GENERAL', ts: posted.ts!, text: 'y' }))).toMatchObject({
      code: 'slack_webapi_http_error',
    });
    expect((await client.chat.update({ channel: 'C0GENERAL', ts: posted.ts!, text: 'y' })).ok).toBe(true);
  });
});
