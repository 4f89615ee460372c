import { afterEach, describe, expect, it } from 'vitest';
import { KEY, type Seeded, fakeClock, startSeeded } from './setup.js';

let seeded: Seeded;
afterEach(() => seeded.plane.close());

const ME = '/api/v1/users/me/';

describe('rate limiter', () => {
  it('counts down X-RateLimit-Remaining from 59 with Reset = now + 60 s, and no X-RateLimit-Limit', async () => {
    const clock = fakeClock();
    seeded = await startSeeded({ rateLimit: { requests: 60 }, now: clock.now });
    for (let i = 0; i < 60; i += 1) {
      const response = await seeded.api(ME);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-ratelimit-remaining')).toBe(String(59 - i));
      expect(response.headers.get('x-ratelimit-reset')).toBe(String(Math.floor(clock.now() / 1000) + 60));
      expect(response.headers.get('x-ratelimit-limit')).toBeNull();
      clock.advance(500);
    }
  });

  it('answers the 61st request of a minute with the exact 429, Retry-After until the oldest expires', async () => {
    const clock = fakeClock();
    seeded = await startSeeded({ rateLimit: { requests: 60 }, now: clock.now });
    for (let i = 0; i < 60; i += 1) expect((await seeded.api(ME)).status).toBe(200);
    clock.advance(36_500);
    const throttled = await seeded.api(ME);
    expect(throttled.status).toBe(429);
    expect(await throttled.json()).toEqual({ error_code: 5900, error_message: 'RATE_LIMIT_EXCEEDED' });
    expect(throttled.headers.get('content-type')).toBe('application/json');
    // 60 − 36.5 = 23.5 s, rounded up.
    expect(throttled.headers.get('retry-after')).toBe('24');
    expect(throttled.headers.get('x-ratelimit-remaining')).toBeNull();
    expect(throttled.headers.get('x-ratelimit-reset')).toBeNull();
  });

  it('slides: waiting Retry-After frees exactly the expired slots, and 429s are not counted', async () => {
    const clock = fakeClock();
    seeded = await startSeeded({ rateLimit: { requests: 3 }, now: clock.now });
    await seeded.api(ME);
    clock.advance(20_000);
    await seeded.api(ME);
    await seeded.api(ME);
    for (let i = 0; i < 5; i += 1) expect((await seeded.api(ME)).status).toBe(429);
    const retry = Number((await seeded.api(ME)).headers.get('retry-after'));
    expect(retry).toBe(40);
    clock.advance(retry * 1000);
    const freed = await seeded.api(ME);
    expect(freed.status).toBe(200);
    expect(freed.headers.get('x-ratelimit-remaining')).toBe('0');
    expect((await seeded.api(ME)).status).toBe(429);
  });

  it('does not count 401, 403 and unrouted 404, but counts view errors', async () => {
    const clock = fakeClock();
    seeded = await startSeeded({ rateLimit: { requests: 60 }, now: clock.now });
    await fetch(`${seeded.plane.url}${ME}`);
    await seeded.api(ME, { headers: { 'X-Api-Key': 'plane_api_unknown' } });
    await seeded.api('/api/v1/unknown/');
    await seeded.api(`${seeded.projectPath}/work-items/00000000-0000-4000-8000-000000000000/`);
    const response = await seeded.api(`${seeded.projectPath}/states/?per_page=9999`);
    expect(response.status).toBe(400);
    expect(response.headers.get('x-ratelimit-remaining')).toBe('58');
  });

  it('keeps one budget per key', async () => {
    const clock = fakeClock();
    seeded = await startSeeded({ rateLimit: { requests: 2 }, now: clock.now, apiKeys: { plane_api_second: 'dana@acme.io' } });
    expect((await seeded.api(ME)).status).toBe(200);
    expect((await seeded.api(ME)).status).toBe(200);
    expect((await seeded.api(ME)).status).toBe(429);
    const other = await seeded.api(ME, { headers: { 'X-Api-Key': 'plane_api_second' } });
    expect(other.status).toBe(200);
    expect(other.headers.get('x-ratelimit-remaining')).toBe('1');
    expect(seeded.plane.requests.filter((r) => r.apiKey === KEY && r.status === 429)).toHaveLength(1);
  });
});
