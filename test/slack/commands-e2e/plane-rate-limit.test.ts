/**
 * The Plane limiter against the fake Plane's DRF throttle at rates other than the default: the
 * server's X-RateLimit-Reset bounds how long the bot holds back, and PLANE_RATE_LIMIT gives the
 * bot the instance's real budget.
 */
import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../../src/emulators/plane/server.js';
import { eventually, type BotHarness } from '../../harness/bot.js';
import { ALICE, OPS, botForTest } from './support.js';

/** Runs `/plane show <key>` and waits for its card in the channel. */
async function show(harness: BotHarness, key: string, timeoutMs = 20_000): Promise<void> {
  const before = harness.slack.workspace.messages(OPS).length;
  const ack = await harness.slack.runCommand({ user: ALICE, channel: OPS, command: '/plane', text: `show ${key}` });
  expect(ack.status).toBe(200);
  await eventually(() => harness.slack.workspace.messages(OPS).length > before, timeoutMs, `the card of ${key}`);
  expect(harness.slack.workspace.ephemeralsFor(OPS, ALICE)).toEqual([]);
}

const keyed = (harness: BotHarness): RecordedRequest[] => harness.plane.requests.filter((r) => r.apiKey === harness.demo.apiKey);

describe('the Plane limiter against the instance’s real rate', () => {
  it('with Plane allowing 2 requests per 2 s, every card arrives and a 429 is retried once, never twice', async () => {
    const harness = await botForTest({ plane: { rateLimit: { requests: 2, windowMs: 2_000 } } });
    for (const key of ['ACME-1', 'ACME-2', 'ACME-3', 'ACME-4']) await show(harness, key);
    const cards = harness.slack.workspace.messages(OPS).map((m) => m.text);
    expect(cards.map((text) => /^ACME-\d+/.exec(text)?.[0])).toEqual(['ACME-1', 'ACME-2', 'ACME-3', 'ACME-4']);
    // A 429 is followed by the same request answered: one retry, never a second 429 in a row.
    const requests = keyed(harness);
    for (const [i, request] of requests.entries()) {
      if (request.status !== 429) continue;
      const retry = requests.slice(i + 1).find((r) => r.method === request.method && r.path === request.path);
      expect(retry?.status, `the retry of ${request.path}`).toBe(200);
    }
  }, 60_000);

  it('after a response that spends the budget with X-RateLimit-Reset 2 s ahead, the next request goes out within about 2 s, not 60', async () => {
    const harness = await botForTest({ plane: { rateLimit: { requests: 2, windowMs: 2_000 } } });
    // Warm the cache (project, states, labels, members), then let the fake's window empty.
    await show(harness, 'ACME-1');
    await eventually(() => keyed(harness).at(-1)!.time < Date.now() - 2_100, 5_000, 'a fresh window');
    harness.plane.resetRequests();
    // Two requests spend the window (the second answer: Remaining 0, Reset at most 2 s ahead); the
    // third must wait for the reset, which the bot once stretched to its own 60 s window.
    for (const key of ['ACME-2', 'ACME-3', 'ACME-4']) await show(harness, key);
    const times = keyed(harness).map((r) => r.time);
    expect(times.length).toBeGreaterThanOrEqual(3);
    for (const [i, time] of times.slice(1).entries()) expect(time - times[i]!).toBeLessThan(4_000);
  }, 60_000);

  it('with PLANE_RATE_LIMIT=300/minute on an instance that allows 300 a minute, the bot sends more than 60 in a minute without a 429', async () => {
    const harness = await botForTest({
      env: { PLANE_RATE_LIMIT: '300/minute' },
      plane: { rateLimit: { requests: 300, windowMs: 60_000 } },
    });
    expect(harness.config.plane.rateLimit).toEqual({ requests: 300, windowMs: 60_000 });
    await show(harness, 'ACME-1');
    harness.plane.resetRequests();
    const before = harness.slack.workspace.messages(OPS).length;
    const keys = harness.demo.workItems.map((item) => `ACME-${item.sequence_id}`);
    const shows = 80;
    for (let batch = 0; batch < shows; batch += 10) {
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          harness.slack.runCommand({ user: ALICE, channel: OPS, command: '/plane', text: `show ${keys[(batch + i) % keys.length]}` }),
        ),
      );
    }
    await eventually(() => harness.slack.workspace.messages(OPS).length - before >= shows, 50_000, `${shows} cards`);
    const requests = keyed(harness);
    expect(requests.length).toBeGreaterThan(60);
    expect(requests.filter((r) => r.status === 429)).toEqual([]);
    // All of them inside one minute: at 60 a minute the 61st would have waited for the window.
    expect(requests.at(-1)!.time - requests[0]!.time).toBeLessThan(60_000);
  }, 90_000);
});
