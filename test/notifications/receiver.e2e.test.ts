import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eventually, WEBHOOK_SECRET } from '../harness/bot.js';
import { botForTest, OPS, run, sharedBot } from '../slack/commands-e2e/support.js';
import { cardOf, cards, patchItem } from './support.js';
import { forget, peek } from '../helpers/peek.js';

const CONDENSE_MS = 300;

async function deliver(url: string, body: string, headers: Record<string, string>): Promise<Response> {
  return fetch(`${url}/plane/webhooks`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });
}

const sign = (body: string, secret = WEBHOOK_SECRET) => createHmac('sha256', secret).update(body).digest('hex');

describe('POST /plane/webhooks', () => {
  const harness = sharedBot({
    webhooks: true,
    timing: { condenseMs: CONDENSE_MS, postIntervalMs: 20 },
    setUp: (h) => run(h, { command: '/plane', text: 'subscribe ACME' }, { ephemeral: 1 }),
  });

  /** A real delivery the fake Plane sent, to replay: its exact bytes and headers. */
  async function capturedDelivery(key: string, priority: string) {
    const h = harness();
    const before = h.plane.webhooks.attempts.length;
    await patchItem(h, key, { priority });
    const attempt = await eventually(() => h.plane.webhooks.attempts.slice(before).find((a) => a.status !== 0), 5_000, 'a delivery');
    return attempt;
  }

  it('a forged, an unsigned and a tampered delivery get 403 and change nothing', async () => {
    const h = harness();
    const real = await capturedDelivery('ACME-5', 'urgent');
    await cardOf(h, OPS, 'ACME-5', 1);
    const messagesBefore = h.slack.workspace.messages(OPS).length;
    const callsBefore = h.slack.calls.length;
    const planeBefore = h.plane.requests.length;
    // Same change for another item, so a wrongly accepted one would post a new card.
    const other = real.body.replace(/"sequence_id": 5/, '"sequence_id": 6');
    expect(other).not.toBe(real.body);
    const forged = await deliver(h.bot.url, other, { 'X-Plane-Signature': sign(other, 'plane_wh_not-the-secret') });
    const unsigned = await deliver(h.bot.url, other, {});
    const tampered = await deliver(h.bot.url, other, { 'X-Plane-Signature': real.headers['X-Plane-Signature']! });
    const wrongLength = await deliver(h.bot.url, other, { 'X-Plane-Signature': `${sign(other)}00` });
    for (const answer of [forged, unsigned, tampered, wrongLength]) expect(answer.status).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, CONDENSE_MS * 4));
    expect(h.slack.workspace.messages(OPS)).toHaveLength(messagesBefore);
    expect(h.slack.calls.length).toBe(callsBefore);
    expect(h.plane.requests.length).toBe(planeBefore);
  });

  it('the same change delivered three times (three delivery ids) posts once', async () => {
    const h = harness();
    const real = await capturedDelivery('ACME-7', 'urgent');
    const replay = async () => deliver(h.bot.url, real.body, { ...real.headers, 'X-Plane-Delivery': crypto.randomUUID() });
    const answers = await Promise.all([replay(), replay()]);
    for (const answer of answers) expect(answer.status).toBe(200);
    const { replies } = await cardOf(h, OPS, 'ACME-7', 1);
    await new Promise((resolve) => setTimeout(resolve, CONDENSE_MS * 4));
    const posted = cards(h, OPS).filter((c) => c.card.text.startsWith('ACME-7:'));
    expect(posted).toHaveLength(1);
    expect(posted[0]!.replies).toHaveLength(1);
    expect(replies[0]!.text).toContain('priority urgent');
  });

  it('a delivery handled again, its process having stopped before marking it handled, posts nothing twice', async () => {
    const h = harness();
    const real = await capturedDelivery('ACME-8', 'urgent');
    await cardOf(h, OPS, 'ACME-8', 1);
    const digest = createHash('sha256').update(real.body).digest('hex');
    expect(await peek(h.bot.store, 'notify:deliveries', digest)).toBe(true);
    // The notices were enqueued and posted, but the "handled" mark was never written.
    await forget(h.bot.store, 'notify:deliveries', digest);
    const answer = await deliver(h.bot.url, real.body, { ...real.headers, 'X-Plane-Delivery': crypto.randomUUID() });
    expect(answer.status).toBe(200);
    // Handled again (its mark written anew), not skipped as a duplicate.
    await eventually(async () => (await peek(h.bot.store, 'notify:deliveries', digest)) === true, 5_000, 'the delivery handled again');
    await new Promise((resolve) => setTimeout(resolve, CONDENSE_MS * 4));
    const posted = cards(h, OPS).filter((c) => c.card.text.startsWith('ACME-8:'));
    expect(posted).toHaveLength(1);
    expect(posted[0]!.replies).toHaveLength(1);
  });

  it('the fake Plane retries a delivery that found no server, with a new X-Plane-Delivery and the same bytes', async () => {
    const h = harness();
    const hook = h.webhook!;
    const url = hook.url;
    hook.url = 'http://127.0.0.1:9/plane/webhooks';
    const before = h.plane.webhooks.attempts.length;
    await patchItem(h, 'ACME-9', { priority: 'urgent' });
    await eventually(() => h.plane.webhooks.attempts.length > before, 5_000, 'a failed attempt');
    hook.url = url;
    const attempts = await eventually(
      () => {
        const mine = h.plane.webhooks.attempts.slice(before);
        return mine.some((a) => a.status === 200) ? mine : undefined;
      },
      5_000,
      'the retry',
    );
    expect(attempts[0]!.status).toBe(0);
    expect(new Set(attempts.map((a) => a.headers['X-Plane-Delivery'])).size).toBe(attempts.length);
    expect(new Set(attempts.map((a) => a.body)).size).toBe(1);
    expect(new Set(attempts.map((a) => a.headers['X-Plane-Signature'])).size).toBe(1);
    await cardOf(h, OPS, 'ACME-9', 1);
  });
});

describe('POST /plane/webhooks without PLANE_WEBHOOK_SECRET', () => {
  it('answers 404, and /plane subscriptions says notifications are off', async () => {
    const h = await botForTest();
    const body = JSON.stringify({ event: 'issue', action: 'created', data: {} });
    const answer = await deliver(h.bot.url, body, { 'X-Plane-Signature': sign(body) });
    expect(answer.status).toBe(404);
    const { ephemeral } = await run(h, { command: '/plane', text: 'subscriptions' }, { ephemeral: 1 });
    expect(JSON.stringify(ephemeral[0]!.blocks)).toContain('Notifications are off: PLANE_WEBHOOK_SECRET is not set');
  });
});
