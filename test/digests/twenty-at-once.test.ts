import { describe, expect, it } from 'vitest';
import { twentyDigestsAtOnce } from './twenty-at-once.js';

describe('20 digests due at the same minute', () => {
  it('queue through the limiter: all composed, never more than 60 requests a window, no 429', async () => {
    const windowMs = 4_000;
    const run = await twentyDigestsAtOnce(windowMs);
    expect(run.posted).toBe(20);
    expect(run.throttled).toBe(0);
    expect(run.busiest).toBeLessThanOrEqual(60);
    // More than one window's worth with the set-up's: the limiter did hold some back a window.
    expect(run.before + run.requests).toBeGreaterThan(60);
    expect(run.ms).toBeGreaterThan(windowMs / 2);
  }, 60_000);
});
