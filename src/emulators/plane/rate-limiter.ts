/**
 * Plane's API-key throttle: DRF SimpleRateThrottle, a sliding log of request times per
 * raw key over 60 s. Throttled requests are not logged, so waiting Retry-After is enough.
 */

const WINDOW_MS = 60_000;

export type ThrottleResult =
  | { allowed: true; headers: Record<string, string> }
  | { allowed: false; headers: Record<string, string> };

export class RateLimiter {
  private readonly history = new Map<string, number[]>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number,
  ) {}

  check(key: string): ThrottleResult {
    const now = this.now();
    // Newest first, as DRF keeps it; entries at or beyond the window's edge drop off the end.
    const log = (this.history.get(key) ?? []).filter((at) => at > now - WINDOW_MS);
    if (log.length >= this.perMinute) {
      this.history.set(key, log);
      const oldest = log[log.length - 1] ?? now;
      // DRF rounds the wait up to whole seconds; the 429 carries no X-RateLimit-*.
      const retryAfter = Math.ceil((WINDOW_MS - (now - oldest)) / 1000);
      return { allowed: false, headers: { 'Retry-After': String(retryAfter) } };
    }
    log.unshift(now);
    this.history.set(key, log);
    return {
      allowed: true,
      headers: {
        // Requests left after this one; Reset is always now + 60 s, not when the window frees up.
        'X-RateLimit-Remaining': String(Math.max(0, this.perMinute - log.length)),
        'X-RateLimit-Reset': String(Math.floor((now + WINDOW_MS) / 1000)),
      },
    };
  }
}
