import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'undici';
import { startSlackEmulator, type SlackEmulator, type SlackEmulatorOptions } from '../../../src/emulators/slack/index.js';
import { APP_TOKEN, clientFor, SECRET, TOKEN, waitFor } from './helpers.js';

type Frame = Record<string, unknown>;

/** A bare Socket Mode client: every frame it gets, and the close code when the socket closes. */
interface RawClient {
  socket: WebSocket;
  frames: Frame[];
  closed: Promise<number>;
}

function connect(url: string): Promise<RawClient> {
  const socket = new WebSocket(url);
  const frames: Frame[] = [];
  socket.addEventListener('message', (event) => frames.push(JSON.parse(String(event.data)) as Frame));
  const closed = new Promise<number>((resolve) => socket.addEventListener('close', (event) => resolve(event.code)));
  return new Promise((resolve, reject) => {
    socket.addEventListener('open', () => resolve({ socket, frames, closed }));
    socket.addEventListener('error', () => reject(new Error('the socket did not open')));
  });
}

async function openUrl(emulator: SlackEmulator, token = APP_TOKEN): Promise<string> {
  const answer = await clientFor(emulator, token).apps.connections.open();
  return answer.url!;
}

let emulator: SlackEmulator;
const clients: RawClient[] = [];

async function start(options: Partial<SlackEmulatorOptions> = {}): Promise<void> {
  emulator = await startSlackEmulator({ signingSecret: SECRET, botToken: TOKEN, appToken: APP_TOKEN, echoBotMessages: false, ...options });
}

async function connected(): Promise<RawClient> {
  const client = await connect(await openUrl(emulator));
  clients.push(client);
  await waitFor(() => client.frames[0]);
  return client;
}

beforeEach(() => start());
afterEach(async () => {
  for (const client of clients.splice(0)) client.socket.close();
  await emulator.close();
});

describe('apps.connections.open', () => {
  it('answers a one-use ws:// URL to the app-level token only', async () => {
    const url = await openUrl(emulator);
    expect(url).toMatch(new RegExp(`^${emulator.origin.replace('http', 'ws')}/link/\\?ticket=[0-9a-f]+&app_id=A0APP$`));
    await expect(openUrl(emulator, TOKEN)).rejects.toMatchObject({ data: { ok: false, error: 'not_allowed_token_type' } });
    await expect(openUrl(emulator, 'xapp-1-A0APP-someone-else')).rejects.toMatchObject({ data: { error: 'invalid_auth' } });
    await expect(clientFor(emulator, APP_TOKEN).chat.postMessage({ channel: 'C0GENERAL', text: 'hi' })).rejects.toMatchObject({
      data: { error: 'not_allowed_token_type' },
    });
    const first = await connect(url);
    clients.push(first);
    await expect(connect(url)).rejects.toThrow(/did not open/);
  });

  it('cannot be used when the workspace has no app-level token', async () => {
    await emulator.close();
    await start({ appToken: undefined });
    await expect(openUrl(emulator)).rejects.toMatchObject({ data: { error: 'invalid_auth' } });
  });
});

describe('the socket', () => {
  it('says hello first, naming the app and counting the connections', async () => {
    const one = await connected();
    const two = await connected();
    expect(one.frames[0]).toMatchObject({
      type: 'hello',
      num_connections: 1,
      connection_info: { app_id: 'A0APP' },
      debug_info: { host: expect.any(String) },
    });
    expect(two.frames[0]).toMatchObject({ type: 'hello', num_connections: 2 });
    expect(emulator.openSockets).toBe(2);
  });

  it('carries events as events_api envelopes once the app has connected, and waits for their ack', async () => {
    await emulator.userSays({ user: 'U0ALICE', channel: 'D0ALICE', text: 'before' });
    expect(emulator.deliveries[0]).toMatchObject({ transport: 'http', error: 'no_request_url' });
    const client = await connected();
    client.socket.addEventListener('message', (event) => {
      const frame = JSON.parse(String(event.data)) as Frame;
      if (frame.envelope_id) client.socket.send(JSON.stringify({ envelope_id: frame.envelope_id, payload: {} }));
    });
    await emulator.userSays({ user: 'U0ALICE', channel: 'D0ALICE', text: 'after' });
    const delivery = emulator.deliveries[1]!;
    expect(delivery).toMatchObject({ transport: 'socket', status: 200, responseBody: '' });
    expect(client.frames[1]).toEqual({
      envelope_id: delivery.envelopeId,
      type: 'events_api',
      payload: delivery.body,
      accepts_response_payload: false,
      retry_attempt: 0,
      retry_reason: '',
    });
    expect(delivery.body).toMatchObject({ type: 'event_callback', event: { type: 'message', text: 'after', channel_type: 'im' } });
  });

  it('gives up on an envelope nobody acks; the person who ran a command sees Slack’s error', async () => {
    await emulator.close();
    await start({ ackTimeoutMs: 150 });
    const client = await connected();
    // An ack of an envelope that does not exist changes nothing.
    client.socket.send(JSON.stringify({ envelope_id: 'not-an-envelope', payload: { text: 'stray' } }));
    const answer = await emulator.runCommand({ user: 'U0BOB', channel: 'C0OPS', command: '/task', text: 'list' });
    expect(answer).toEqual({ status: 0, body: '', error: 'timeout' });
    expect(emulator.workspace.ephemeralsFor('C0OPS', 'U0BOB').map((m) => m.text)).toEqual(['/task failed with the error "timeout"']);
    expect(client.frames[1]).toMatchObject({
      type: 'slash_commands',
      accepts_response_payload: true,
      payload: { command: '/task', text: 'list' },
    });
    expect(client.frames[1]).not.toHaveProperty('retry_attempt');
  });

  it('fails at once when Socket Mode is required and no socket is open', async () => {
    await emulator.close();
    await start({ transport: 'socket' });
    const answer = await emulator.runCommand({ user: 'U0BOB', channel: 'C0OPS', command: '/task', text: 'list' });
    expect(answer.error).toBe('not_connected');
    expect(emulator.deliveries[0]).toMatchObject({ transport: 'socket', status: 0, error: 'not_connected' });
  });

  it('sends Slack’s disconnect frame on request, and closes with 1001 when the emulator stops', async () => {
    const client = await connected();
    emulator.requestReconnect('warning');
    await waitFor(() => client.frames[1]);
    expect(client.frames[1]).toMatchObject({ type: 'disconnect', reason: 'warning' });
    await emulator.close();
    expect(await client.closed).toBe(1001);
    expect(emulator.sockets[0]).toMatchObject({ closeCode: 1001, closedAt: expect.any(Number) });
    await start();
  });
});
