import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** Slack's rule, as Bolt applies it: a request signed more than five minutes ago is refused (a replay). */
const MAX_AGE_S = 5 * 60;
const SIGNATURE = /^v0=([0-9a-f]{64})$/;

/**
 * Checks Slack's v0 request signature: HMAC-SHA256 of `v0:<timestamp>:<raw body>` keyed with the
 * signing secret, and a timestamp at most five minutes old. Bolt's `verifySlackRequest` checks the
 * same but compares through tsscmp, which draws a random key and computes two more HMACs keyed with
 * a Buffer (Node 24 then throws and catches twice inside `createHmac` to learn it is no KeyObject);
 * that was the largest share of a command's verification. Here the key is a KeyObject made once and
 * the digests are compared with `timingSafeEqual`.
 */
export class SlackSignature {
  private readonly key: KeyObject | undefined;

  constructor(signingSecret: string) {
    this.key = signingSecret === '' ? undefined : createSecretKey(Buffer.from(signingSecret, 'utf8'));
  }

  /** Throws, saying why, unless `rawBody` carries a valid signature of this app's. */
  verify(rawBody: Buffer, headers: IncomingHttpHeaders, nowMs = Date.now()): void {
    if (!this.key) throw new Error('no signing secret is configured');
    const timestamp = headers['x-slack-request-timestamp'];
    const signature = headers['x-slack-signature'];
    if (typeof timestamp !== 'string' || !/^\d+$/.test(timestamp)) throw new Error('no valid x-slack-request-timestamp header');
    if (Number(timestamp) < Math.floor(nowMs / 1000) - MAX_AGE_S) throw new Error('the request is stale (signed over five minutes ago)');
    const given = typeof signature === 'string' ? SIGNATURE.exec(signature)?.[1] : undefined;
    if (given === undefined) throw new Error('no v0 x-slack-signature header');
    const expected = createHmac('sha256', this.key).update(`v0:${timestamp}:`).update(rawBody).digest();
    if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) throw new Error('signature mismatch');
  }
}
