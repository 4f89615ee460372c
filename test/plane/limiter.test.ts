import { afterEach, describe, expect, it } from 'vitest';
import { closeLimiters, limiterFor } from '../../src/plane/limiter.js';

afterEach(() => closeLimiters());

const WINDOW = 400;

async function runAll(limiter: ReturnType<typeof limiterFor>, n: number): Promise<number[]> {
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

describe('the Plane limiter', () => {
  it('is one limiter per API key in a process', () => {
    expect(limiterFor('key-a')).toBe(limiterFor('key-a'));
    expect(limiterFor('key-a')).not.toBe(limiterFor('key-b'));
  });

  it('lets perMinute requests through per rolling window, then waits for the oldest to age out', async () => {
    const limiter = limiterFor('key-window', { perMinute: 3, windowMs: WINDOW });
    const started = await runAll(limiter, 5);
    expect(started).toHaveLength(5);
    // The 4th and 5th start only once the first and second have left the window.
    expect(started[3]! - started[0]!).toBeGreaterThanOrEqual(WINDOW - 5);
    expect(started[4]! - started[1]!).toBeGreaterThanOrEqual(WINDOW - 5);
  });

  it('trusts a lower X-RateLimit-Remaining from the server', async () => {
    const limiter = limiterFor('key-remaining', { perMinute: 10, windowMs: WINDOW });
    const [first] = await runAll(limiter, 1);
    await limiter.observeRemaining(0);
    const [next] = await runAll(limiter, 1);
    expect(next! - first!).toBeGreaterThanOrEqual(WINDOW - 5);
  });

  it('ignores a higher X-RateLimit-Remaining', async () => {
    const limiter = limiterFor('key-higher', { perMinute: 2, windowMs: 60_000 });
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
    const limiter = limiterFor('key-429', { perMinute: 10, windowMs: 60_000 });
    await limiter.observeThrottled(300);
    const before = performance.now();
    const [next] = await runAll(limiter, 1);
    expect(next! - before).toBeGreaterThanOrEqual(295);
  });
});
