import { createHmac } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { verifySlackRequest } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import { encodeRequest, signRequest } from '../../../src/emulators/slack/index.js';
import { SlackSignature } from '../../../src/slack/receiver/signature.js';

const SECRET = 'signature-test-signing-secret';
const NOW_MS = 1_800_000_000_000;
const NOW_S = NOW_MS / 1000;

/** The headers as Node hands them over: names in lower case. */
function headersOf(signed: Record<string, string>): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(signed).map(([name, value]) => [name.toLowerCase(), value]));
}

/** Whether Bolt's own check, which ours stands in for, accepts the same request. */
function boltAccepts(rawBody: string, headers: IncomingHttpHeaders): boolean {
  try {
    verifySlackRequest({
      signingSecret: SECRET,
      body: rawBody,
      headers: {
        'x-slack-signature': String(headers['x-slack-signature']),
        'x-slack-request-timestamp': Number(headers['x-slack-request-timestamp']),
      },
      nowMilliseconds: NOW_MS,
    });
    return true;
  } catch {
    return false;
  }
}

function oursAccepts(rawBody: string, headers: IncomingHttpHeaders, secret = SECRET): boolean {
  try {
    new SlackSignature(secret).verify(Buffer.from(rawBody), headers, NOW_MS);
    return true;
  } catch {
    return false;
  }
}

describe('SlackSignature', () => {
  const { rawBody, contentType } = encodeRequest('command', { command: '/todo', text: 'list ünïcödé', channel_id: 'C0CHAN' });
  const signed = (overrides: { secret?: string; ts?: number; body?: string } = {}) =>
    headersOf(signRequest(overrides.secret ?? SECRET, overrides.body ?? rawBody, contentType, overrides.ts ?? NOW_S));

  it('accepts and refuses exactly the requests Bolt’s verifySlackRequest accepts and refuses', () => {
    const cases: [string, string, IncomingHttpHeaders][] = [
      ['signed now', rawBody, signed()],
      ['signed four minutes ago', rawBody, signed({ ts: NOW_S - 240 })],
      ['signed in the future', rawBody, signed({ ts: NOW_S + 30 })],
      ['signed six minutes ago', rawBody, signed({ ts: NOW_S - 360 })],
      ['another secret', rawBody, signed({ secret: 'another-secret' })],
      ['a body changed after signing', `${rawBody}&user_id=U0MALLORY`, signed()],
      ['a timestamp changed after signing', rawBody, { ...signed(), 'x-slack-request-timestamp': String(NOW_S - 1) }],
      ['a v1 signature', rawBody, { ...signed(), 'x-slack-signature': String(signed()['x-slack-signature']).replace('v0=', 'v1=') }],
      ['a cut signature', rawBody, { ...signed(), 'x-slack-signature': String(signed()['x-slack-signature']).slice(0, 40) }],
      ['an empty signature', rawBody, { ...signed(), 'x-slack-signature': 'v0=' }],
    ];
    for (const [what, body, headers] of cases) expect(oursAccepts(body, headers), what).toBe(boltAccepts(body, headers));
    expect(cases.filter(([, body, headers]) => oursAccepts(body, headers)).map(([what]) => what)).toEqual([
      'signed now',
      'signed four minutes ago',
      'signed in the future',
    ]);
  });

  it('says why a request is refused, without the signature or the secret', () => {
    const verify = (headers: IncomingHttpHeaders) => () => new SlackSignature(SECRET).verify(Buffer.from(rawBody), headers, NOW_MS);
    const { 'x-slack-signature': signature, ...unsigned } = signed();
    expect(verify(unsigned)).toThrow('no v0 x-slack-signature header');
    expect(verify({ 'x-slack-signature': signature })).toThrow('no valid x-slack-request-timestamp header');
    expect(verify({ ...signed(), 'x-slack-request-timestamp': '12e3' })).toThrow('no valid x-slack-request-timestamp header');
    expect(verify(signed({ ts: NOW_S - 360 }))).toThrow('stale');
    expect(verify(signed({ secret: 'another-secret' }))).toThrow(/^signature mismatch$/);
  });

  it('checks the bytes as received, so a body that is not valid UTF-8 is verified as Slack signed it', () => {
    const bytes = Buffer.from([0x74, 0x65, 0x78, 0x74, 0x3d, 0xff, 0xfe]);
    const headers = headersOf(signRequest(SECRET, '', contentType, NOW_S));
    // Signed over the raw bytes, as any sender does: the digest of `v0:<ts>:` followed by the bytes.
    const digest = createHmac('sha256', SECRET).update(`v0:${NOW_S}:`).update(bytes).digest('hex');
    expect(() => new SlackSignature(SECRET).verify(bytes, { ...headers, 'x-slack-signature': `v0=${digest}` }, NOW_MS)).not.toThrow();
  });

  it('refuses everything when no signing secret is configured', () => {
    expect(oursAccepts(rawBody, headersOf(signRequest('', rawBody, contentType, NOW_S)), '')).toBe(false);
  });
});
