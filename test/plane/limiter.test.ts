import { afterEach, describe, expect, it } from 'vitest';
import { serverWindowMs } from '../../src/plane/http.js';
import { PlaneLimiters, type LimiterOptions, type PlaneLimiter } from '../../src/plane/limiter.js';

const opened: PlaneLimiters[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((limiters) => limiters.close()));
});
const limiters = (options?: LimiterOptions) => {
  const created = new PlaneLimiters(options);
  opened.push(created);
  return created;
};
const limiterFor = (apiKey: string, options?: LimiterOptions) => limiters(options).forKey(apiKey);

const WINDOW = 400;

async function runAll(limiter: PlaneLimiter, n: number): Promise<number[]> {
  const started: number[] = [];
  await Promise.all(
    Array.from({ length: n }, () =>
      limiter.schedule(async () => {
        started.push(performance.now());
      }),
    ),
  );
  return started.sort((a, b) => a - b);
}

/** Whether one more request starts within `ms` (it is left queued). */
async function startsWithin(limiter: PlaneLimiter, ms: number): Promise<boolean> {
  let started = false;
  limiter
    .schedule(async () => {
      started = true;
    })
    .catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, ms));
  return started;
}

describe('the Plane limiter', () => {
  it('is one limiter per API key in a set of limiters, and sets are apart', () => {
    const set = limiters();
    expect(set.forKey('key-a')).toBe(set.forKey('key-a'));
    expect(set.forKey('key-a')).not.toBe(set.forKey('key-b'));
    expect(limiters().forKey('key-a')).not.toBe(set.forKey('key-a'));
  });

  it('lets `limit` requests through per rolling window, then waits for the oldest to age out', async () => {
    const limiter = limiterFor('key-window', { limit: 3, windowMs: WINDOW });
    const started = await runAll(limiter, 5);
    expect(started).toHaveLength(5);
    // The 4th and 5th start only once the first and second have left the window.
    expect(started[3]! - started[0]!).toBeGreaterThanOrEqual(WINDOW - 5);
    expect(started[4]! - started[1]!).toBeGreaterThanOrEqual(WINDOW - 5);
  });

  it('trusts a lower X-RateLimit-Remaining: one request still goes to ask, the rest are held', async () => {
    const limiter = limiterFor('key-remaining', { limit: 10, windowMs: 60_000 });
    await runAll(limiter, 1);
    await limiter.observeRemaining(0);
    // The asking request goes at once (a 429 would tell when Plane frees a slot); a third waits.
    await runAll(limiter, 1);
    expect(await startsWithin(limiter, 100)).toBe(false);
    expect(limiter.nextSlotMs()).toBeGreaterThan(50_000);
  });

  it('a 429 brings the held slots back at its Retry-After, not a window later', async () => {
    const limiter = limiterFor('key-429-held', { limit: 10, windowMs: 60_000 });
    await limiter.observeRemaining(0);
    await limiter.observeThrottled(200);
    // Nine were held for a minute; after the 429 they all come back with its Retry-After (the test would time out otherwise).
    expect(await runAll(limiter, 9)).toHaveLength(9);
  });

  it('a server window shorter than the configured one brings the held slots back after it, not a minute later', async () => {
    const limiter = limiterFor('key-short-window', { limit: 10, windowMs: 60_000 });
    await runAll(limiter, 1);
    // Plane at 2 requests per 300 ms: its Reset is 300 ms ahead of its Date.
    await limiter.observeRemaining(0, 300);
    await runAll(limiter, 1);
    expect(await startsWithin(limiter, 100)).toBe(false);
    expect(limiter.nextSlotMs()).toBeLessThanOrEqual(300);
    const before = performance.now();
    await runAll(limiter, 5);
    expect(performance.now() - before).toBeLessThan(1_000);
  });

  it('a server window longer than the configured one changes nothing', async () => {
    const limiter = limiterFor('key-long-window', { limit: 2, windowMs: WINDOW });
    await limiter.observeRemaining(5, 3_600_000);
    const started = await runAll(limiter, 3);
    expect(started[2]! - started[0]!).toBeGreaterThanOrEqual(WINDOW - 5);
    expect(started[2]! - started[0]!).toBeLessThan(WINDOW + 500);
  });

  it('ignores a higher X-RateLimit-Remaining', async () => {
    const limiter = limiterFor('key-higher', { limit: 2, windowMs: 60_000 });
    await runAll(limiter, 1);
    await limiter.observeRemaining(50);
    // One unit left of two: a second request goes, a third would wait a minute.
    let third = false;
    await runAll(limiter, 1);
    limiter
      .schedule(async () => {
        third = true;
      })
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(third).toBe(false);
  });

  it('after a 429 holds everything back until Retry-After', async () => {
    const limiter = limiterFor('key-429', { limit: 10, windowMs: 60_000 });
    await limiter.observeThrottled(300);
    const before = performance.now();
    const [next] = await runAll(limiter, 1);
    expect(next! - before).toBeGreaterThanOrEqual(295);
  });
});

describe("the server's rate window, from its headers", () => {
  it('is X-RateLimit-Reset less the answer’s Date (both the server’s clock) plus the second the answer may have crossed, whatever the local clock says', () => {
    const date = new Date('2026-12-02T10:00:07Z');
    const reset = String(date.getTime() / 1000 + 60);
    expect(serverWindowMs({ 'x-ratelimit-reset': reset, date: date.toUTCString() }, date.getTime() + 3_600_000)).toBe(61_000);
    // Asked at 10:00:06.9 (Reset 10:00:08 for a 2 s window), answered at 10:00:07.1: never under 2 s.
    expect(serverWindowMs({ 'x-ratelimit-reset': String(Date.parse('2026-12-02T10:00:08Z') / 1000), date: date.toUTCString() })).toBe(
      2_000,
    );
    expect(serverWindowMs({ 'x-ratelimit-reset': String(date.getTime() / 1000 + 2), date: date.toUTCString() })).toBe(3_000);
  });

  it('without a Date, the local clock stands for it; nothing without a Reset or with one already past', () => {
    const now = Date.parse('2026-12-02T10:00:07.300Z');
    expect(serverWindowMs({ 'x-ratelimit-reset': String(Date.parse('2026-12-02T10:00:09Z') / 1000) }, now)).toBe(3_000);
    expect(serverWindowMs({}, now)).toBeUndefined();
    expect(serverWindowMs({ 'x-ratelimit-reset': String(now / 1000 - 10) }, now)).toBeUndefined();
  });
});
