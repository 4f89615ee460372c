/**
 * Plane's API-key throttle: DRF SimpleRateThrottle, a sliding log of request times per
 * raw key over the rate's duration (60 a minute unless the instance's API_KEY_RATE_LIMIT says
 * otherwise). Throttled requests are not logged, so waiting Retry-After is enough.
 */

/** So many requests per window; Plane's default is 60 per 60 s. */
export interface ThrottleRate {
  requests: number;
  windowMs: number;
}

export type ThrottleResult = { allowed: true; headers: Record<string, string> } | { allowed: false; headers: Record<string, string> };

export class RateLimiter {
  private readonly history = new Map<string, number[]>();

  constructor(
    private readonly rate: ThrottleRate,
    private readonly now: () => number,
  ) {}

  check(key: string): ThrottleResult {
    const now = this.now();
    // Newest first, as DRF keeps it; entries at or beyond the window's edge drop off the end.
    const { requests, windowMs } = this.rate;
    const log = (this.history.get(key) ?? []).filter((at) => at > now - windowMs);
    if (log.length >= requests) {
      this.history.set(key, log);
      const oldest = log[log.length - 1] ?? now;
      // DRF rounds the wait up to whole seconds; the 429 carries no X-RateLimit-*.
      const retryAfter = Math.ceil((windowMs - (now - oldest)) / 1000);
      return { allowed: false, headers: { 'Retry-After': String(retryAfter) } };
    }
    log.unshift(now);
    this.history.set(key, log);
    return {
      allowed: true,
      headers: {
        // Requests left after this one; Reset is always now + the rate's duration, not when the window frees up.
        'X-RateLimit-Remaining': String(Math.max(0, requests - log.length)),
        'X-RateLimit-Reset': String(Math.floor((now + windowMs) / 1000)),
      },
    };
  }
}
