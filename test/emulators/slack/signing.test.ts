import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isValidSlackRequest } from '@slack/bolt';
import { encodeRequest, postSigned, signRequest } from '../../../src/emulators/slack/signing.js';
import { SECRET, startReceiver } from './helpers.js';

const valid = (headers: Record<string, string>, body: string, secret = SECRET) =>
  isValidSlackRequest({
    signingSecret: secret,
    body,
    headers: {
      'x-slack-signature': headers['X-Slack-Signature']!,
      'x-slack-request-timestamp': Number(headers['X-Slack-Request-Timestamp']),
    },
  });

describe('signRequest', () => {
  it('produces headers Bolt’s verifier accepts, and only for this body, secret and a fresh time', () => {
    const body = '{"type":"event_callback"}';
    const headers = signRequest(SECRET, body, 'application/json');
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers['X-Slack-Signature']).toMatch(/^v0=[0-9a-f]{64}$/);
    expect(valid(headers, body)).toBe(true);
    expect(valid(headers, body.replace('event', 'evil'))).toBe(false);
    expect(valid(headers, body, 'another-secret')).toBe(false);
    const stale = signRequest(SECRET, body, 'application/json', Math.floor(Date.now() / 1000) - 301);
    expect(valid(stale, body)).toBe(false);
  });
});

describe('encodeRequest / postSigned', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeEach(async () => {
    receiver = await startReceiver();
  });
  afterEach(() => receiver.close());

  it('encodes each kind as Slack does, with the exact content type', () => {
    expect(encodeRequest('event', { a: 1 })).toEqual({ rawBody: '{"a":1}', contentType: 'application/json' });
    expect(encodeRequest('command', { command: '/task', text: 'add x' })).toEqual({
      rawBody: 'command=%2Ftask&text=add+x',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(encodeRequest('interaction', { type: 'block_actions' }).rawBody).toBe(
      `payload=${encodeURIComponent('{"type":"block_actions"}')}`,
    );
  });

  it('posts signed requests, and lets a test forge the headers', async () => {
    expect((await postSigned(receiver.url, SECRET, 'command', { command: '/todo', text: 'list' })).status).toBe(200);
    await postSigned(receiver.url, SECRET, 'interaction', { type: 'block_actions', actions: [] });
    await postSigned(receiver.url, SECRET, 'event', { type: 'event_callback' }, { 'X-Slack-Signature': 'v0=forged' });
    expect(receiver.received.map((r) => [r.signatureValid, r.body.type ?? r.body.command])).toEqual([
      [true, '/todo'],
      [true, 'block_actions'],
      [false, 'event_callback'],
    ]);
  });
});
