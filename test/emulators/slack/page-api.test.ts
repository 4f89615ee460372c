import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator } from '../../../src/emulators/slack/index.js';
import { buttonBlock, clientFor, SECRET, startReceiver, TOKEN, waitFor } from './helpers.js';

let emulator: SlackEmulator;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let api: string;

beforeEach(async () => {
  receiver = await startReceiver();
  emulator = await startSlackEmulator({
    signingSecret: SECRET,
    botToken: TOKEN,
    requestUrl: receiver.url,
    echoBotMessages: false,
    channels: [
      { id: 'C0GENERAL', name: 'general' },
      { id: 'C0SECRET', name: 'secret', type: 'group', members: ['U0BOB', 'U0BOT'] },
    ],
  });
  api = `${emulator.origin}/sandbox/api`;
});
afterEach(async () => {
  await emulator.close();
  await receiver.close();
});

const post = async (path: string, body: unknown) => {
  const response = await fetch(`${api}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};
const get = async (path: string) => {
  const response = await fetch(`${api}${path}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

interface SseEvent {
  id?: string;
  event: string;
  data: Record<string, unknown>;
}

/** Reads a Server-Sent Events stream in the background until closed. */
function openStream(url: string): { events: SseEvent[]; close: () => void } {
  const events: SseEvent[] = [];
  const controller = new AbortController();
  void (async () => {
    const response = await fetch(url, { signal: controller.signal });
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const fields = Object.fromEntries(
          frame
            .split('\n')
            .filter((line) => !line.startsWith(':'))
            .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
        );
        if (fields.event) events.push({ id: fields.id, event: fields.event, data: JSON.parse(fields.data ?? '{}') });
      }
    }
  })().catch(() => undefined);
  return { events, close: () => controller.abort() };
}

describe('page API', () => {
  it('describes the workspace as one person sees it', async () => {
    const { status, body } = await get('/workspace?as=U0ALICE');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      team: { id: 'T0TEAM' },
      bot: { userId: 'U0BOT', name: 'planebot' },
      viewer: 'U0ALICE',
      commands: ['/task', '/todo', '/plane'],
    });
    expect((body.users as { id: string }[]).map((u) => u.id)).toEqual([
      'U0BOT',
      'U0ALICE',
      'U0BOB',
      'U0CAROL',
      'U0CAMILLE',
      'U0WEI',
      'USLACKBOT',
    ]);
    expect((body.channels as { id: string }[]).map((c) => c.id)).toEqual(['C0GENERAL', 'D0ALICE']);
    expect(await get('/workspace')).toMatchObject({ status: 400, body: { ok: false, error: expect.stringContaining('`as`') } });
    expect(await get('/nothing?as=U0ALICE')).toMatchObject({ status: 404 });
    expect(await get('/channels/C0SECRET/messages?as=U0ALICE')).toMatchObject({ status: 404 });
  });

  it('posts as a person: @names become mentions, the app gets the events', async () => {
    const { body } = await post('/channels/C0GENERAL/messages', { as: 'U0BOB', text: '@planebot can @alice or @nobody help?' });
    expect(body).toEqual({ ok: true, ts: expect.any(String) });
    expect(emulator.workspace.message('C0GENERAL', String(body.ts))!.text).toBe('<@U0BOT> can <@U0ALICE> or @nobody help?');
    expect(receiver.received.map((r) => (r.body.event as { type: string }).type).sort()).toEqual(['app_mention', 'message']);
    expect(await post('/channels/C0GENERAL/messages', { as: 'U0BOB', text: 'x', thread_ts: '1.000001' })).toMatchObject({ status: 400 });
    expect(await post('/channels/C0GENERAL/messages', { as: 'U0BOT', text: 'x' })).toMatchObject({ status: 400 });
  });

  it('runs a slash command typed in the composer', async () => {
    const { status, body } = await post('/channels/C0GENERAL/messages', { as: 'U0ALICE', text: '/task  add "Fix login"' });
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true, command: { status: 200, body: '' } });
    expect(receiver.received[0]!.body).toMatchObject({ command: '/task', text: 'add "Fix login"', user_id: 'U0ALICE' });
    expect(await post('/channels/C0GENERAL/messages', { as: 'U0ALICE', text: '/nope x' })).toMatchObject({
      status: 400,
      body: { ok: false, error: '/nope is not a valid command' },
    });
  });

  it('lists a channel with threads and the viewer’s own ephemeral messages', async () => {
    const client = clientFor(emulator);
    const top = await emulator.userSays({ user: 'U0ALICE', channel: 'C0GENERAL', text: 'first' });
    await client.chat.postMessage({ channel: 'C0GENERAL', thread_ts: top, text: 'reply' });
    await client.chat.postEphemeral({ channel: 'C0GENERAL', user: 'U0ALICE', thread_ts: top, text: 'for alice' });
    await client.chat.postEphemeral({ channel: 'C0GENERAL', user: 'U0BOB', text: 'for bob' });
    await client.chat.postMessage({ channel: 'C0GENERAL', text: 'second' });

    const { body } = await get('/channels/C0GENERAL/messages?as=U0ALICE');
    const messages = body.messages as {
      text: string;
      ephemeral?: boolean;
      channel: string;
      replies: { text: string; ephemeral?: boolean }[];
    }[];
    expect(messages.map((m) => m.text)).toEqual(['first', 'second']);
    expect(messages[0]!.channel).toBe('C0GENERAL');
    expect(messages[0]!.replies.map((r) => [r.text, r.ephemeral ?? false])).toEqual([
      ['reply', false],
      ['for alice', true],
    ]);
    const asBob = (await get('/channels/C0GENERAL/messages?as=U0BOB')).body.messages as { text: string }[];
    expect(asBob.map((m) => m.text)).toEqual(['first', 'for bob', 'second']);
  });

  it('clicks a button as a person', async () => {
    const { ts } = await clientFor(emulator).chat.postMessage({
      channel: 'C0GENERAL',
      text: 'Approve?',
      blocks: [buttonBlock('approve', 'run-1')],
    });
    const { body } = await post('/channels/C0GENERAL/actions', { as: 'U0CAROL', message_ts: ts, action_id: 'approve' });
    expect(body).toEqual({ ok: true, answer: { status: 200, body: '' } });
    expect(receiver.received[0]!.body).toMatchObject({
      type: 'block_actions',
      user: { id: 'U0CAROL' },
      actions: [{ action_id: 'approve', value: 'run-1' }],
    });
    expect(await post('/channels/C0GENERAL/actions', { as: 'U0CAROL', message_ts: ts })).toMatchObject({ status: 400 });
  });

  it('streams changes live, ephemeral ones only to their viewer', async () => {
    const client = clientFor(emulator);
    const stream = openStream(`${api}/stream?as=U0ALICE`);
    try {
      await waitFor(() => stream.events.find((e) => e.event === 'hello'));
      const posted = await client.chat.postMessage({ channel: 'C0GENERAL', text: 'working…' });
      await client.chat.update({ channel: 'C0GENERAL', ts: posted.ts!, text: '2/3 tasks completed' });
      await client.chat.postEphemeral({ channel: 'C0GENERAL', user: 'U0BOB', text: 'for bob' });
      await client.chat.postMessage({ channel: 'C0SECRET', text: 'private' });
      await client.chat.postEphemeral({ channel: 'C0GENERAL', user: 'U0ALICE', text: 'for alice' });
      await client.chat.delete({ channel: 'C0GENERAL', ts: posted.ts! });
      await waitFor(() => stream.events.find((e) => e.event === 'message_deleted'));

      expect(stream.events.map((e) => e.event)).toEqual([
        'hello',
        'message_posted',
        'message_updated',
        'message_posted',
        'message_deleted',
      ]);
      const [, first, edit, ephemeral, deletion] = stream.events;
      expect(first!.data).toMatchObject({ channel: 'C0GENERAL', message: { ts: posted.ts, text: 'working…', user: 'U0BOT' } });
      expect(edit!.data).toMatchObject({ message: { ts: posted.ts, text: '2/3 tasks completed', edited: { user: 'U0BOT' } } });
      expect(ephemeral!.data).toMatchObject({ message: { text: 'for alice', ephemeral: true } });
      expect(deletion!.data).toEqual({ channel: 'C0GENERAL', ts: posted.ts });
      expect(Number(edit!.id)).toBeGreaterThan(Number(first!.id));
    } finally {
      stream.close();
    }
  });

  it('mounts on another server and leaves other paths to it', async () => {
    const server = createServer((req, res) => {
      if (emulator.pageApi.handle(req, res)) return;
      res.writeHead(418);
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      expect((await fetch(`${origin}/sandbox/api/workspace?as=U0BOB`)).status).toBe(200);
      expect((await fetch(`${origin}/`)).status).toBe(418);
    } finally {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    }
  });
});
