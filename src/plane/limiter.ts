import { createHash } from 'node:crypto';
import Bottleneck from 'bottleneck';
import { Redis } from 'ioredis';

/**
 * Paces Plane requests per API key. Plane's throttle is DRF's: a sliding log of the requests of the
 * last window (60 a minute unless the instance sets another rate), so the limiter mirrors it: a
 * reservoir of `limit` units, one taken when a request starts and given back one window after its
 * answer arrived. One PlaneLimiters serves any number of keys (`forKey`), each with its own budget. Several processes share one budget per key when they share a Redis (Bottleneck
 * clustering over ioredis); otherwise the budget is per process.
 *
 * Clustering: pass `redis` (an ioredis connection, or a redis:// URL); the limiters work on a
 * duplicate of the connection (same options and reconnect policy), which they own and close. Every
 * process using the same `id`, rate and key then draws from the same reservoir kept in Redis. A unit
 * taken by a process that dies before giving it back is recovered when the key has been idle for
 * `idleResetMs`, when Bottleneck drops its state.
 */
export interface LimiterOptions {
  redis?: Redis | string;
  /** Names the limiter group in Redis; processes that should share budgets use the same id. */
  id?: string;
  /** Requests per window (PLANE_RATE_LIMIT); 60. */
  limit?: number;
  /** The rolling window (PLANE_RATE_LIMIT); 60 s. */
  windowMs?: number;
  idleResetMs?: number;
}

/** Requests a key may send per window (PLANE_RATE_LIMIT). */
export interface PlaneRate {
  limit: number;
  windowMs: number;
}

export interface PlaneLimiter {
  schedule<T>(task: () => Promise<T>): Promise<T>;
  /**
   * The server's `X-RateLimit-Remaining`, trusted when lower than the limiter's own count: the slots
   * it says are taken by requests this limiter did not send (another process, an earlier run) are
   * held back; one request still goes, and if Plane is full it answers a 429 (which Plane does not
   * count) whose Retry-After says exactly when its oldest request leaves the window.
   * `serverWindowMs` is the server's own window (its `X-RateLimit-Reset` less the answer's `Date`):
   * when shorter than the configured one, slots come back after it instead (serverWindowMs below).
   */
  observeRemaining(remaining: number, serverWindowMs?: number): Promise<void>;
  /** After a 429: nothing else goes out until `retryAfterMs` has passed; then the held slots come back. */
  observeThrottled(retryAfterMs: number): Promise<void>;
  /** How long until a slot this process holds comes back (0 when none is held). */
  nextSlotMs(): number;
}

/** The limiters of one composition: one per API key, all with the same rate and Redis. */
export class PlaneLimiters {
  private readonly group: Bottleneck.Group;
  private readonly connection?: Bottleneck.IORedisConnection;
  private readonly byKey = new Map<string, PlaneLimiter>();
  // Units waiting to go back to their reservoir, with the function that gives them back now.
  private readonly pendingReturns = new Map<NodeJS.Timeout, () => Promise<unknown>>();
  private readonly windowMs: number;
  /** The budget every key gets: `limit` requests per `windowMs`. */
  readonly rate: PlaneRate;

  constructor(options: LimiterOptions = {}) {
    const limit = options.limit ?? 60;
    this.windowMs = options.windowMs ?? 60_000;
    this.rate = { limit, windowMs: this.windowMs };
    const settings: Bottleneck.ConstructorOptions = {
      reservoir: limit,
      // Processes configured with another rate keep apart instead of resizing each other's reservoir.
      id: `${options.id ?? 'planebot-plane'}:${limit}/${this.windowMs}ms`,
      timeout: options.idleResetMs ?? 5 * 60_000,
    };
    if (options.redis) {
      this.connection = new Bottleneck.IORedisConnection({ client: ownRedisClient(options.redis), Redis });
      Object.assign(settings, { datastore: 'ioredis', connection: this.connection, clearDatastore: false });
    }
    this.group = new Bottleneck.Group(settings);
  }

  /** The limiter for an API key; the same one for every caller of this set. */
  forKey(apiKey: string): PlaneLimiter {
    // The Redis key names carry a digest of the API key, never the key itself.
    const digest = createHash('sha256').update(apiKey).digest('hex').slice(0, 16);
    let limiter = this.byKey.get(digest);
    if (!limiter) {
      // Looked up on every use: the group drops a key's limiter after a long idle time.
      limiter = this.rollingWindow(() => this.group.key(digest));
      this.byKey.set(digest, limiter);
    }
    return limiter;
  }

  /**
   * Shuts these limiters down. Units still out are given back at once: kept, they would be lost to
   * the processes that share the budget until the key's state idles out of Redis.
   */
  async close(): Promise<void> {
    const returns = [...this.pendingReturns];
    this.pendingReturns.clear();
    for (const [timer] of returns) clearTimeout(timer);
    await Promise.all(returns.map(([, giveNow]) => giveNow()));
    this.byKey.clear();
    await Promise.all(this.group.limiters().map(({ limiter }) => limiter.disconnect(false)));
    await this.connection?.disconnect(false);
  }

  /**
   * Plane's throttle is a sliding log of request times: a slot frees when the request that took it
   * is one window old (X-RateLimit-Reset, always now + the window, tells the window's length, not
   * when a slot frees). So each request's unit goes back one window after its answer, and units held
   * for requests this limiter did not see go back when a 429's Retry-After says, at the latest one
   * window on. The window is the shorter of the configured one and the server's: an instance that
   * counts over 2 s frees its slots after 2 s, and a bot holding them for 60 s would stall.
   */
  private rollingWindow(bottleneck: () => Bottleneck): PlaneLimiter {
    const { pendingReturns } = this;
    let serverWindowMs: number | undefined;
    const window = () => Math.min(this.windowMs, serverWindowMs ?? Infinity);
    // Units held back for the server, each with when it is due back (a 429 brings them forward).
    const held = new Map<NodeJS.Timeout, { units: number; dueAt: number }>();
    const due = new Set<number>();
    const giveBack = (units: number, afterMs: number) => {
      if (units <= 0) return;
      const giveNow = () =>
        bottleneck()
          .incrementReservoir(units)
          .catch(() => undefined);
      const dueAt = Date.now() + afterMs;
      due.add(dueAt);
      const timer = setTimeout(() => {
        this.pendingReturns.delete(timer);
        held.delete(timer);
        due.delete(dueAt);
        void giveNow();
      }, afterMs).unref();
      this.pendingReturns.set(timer, giveNow);
      return { timer, dueAt };
    };
    const hold = (units: number, afterMs: number) => {
      const given = giveBack(units, afterMs);
      if (given) held.set(given.timer, { units, dueAt: given.dueAt });
    };
    // Takes the free units out of the reservoir, keeping `keep`; returns how many were taken.
    const takeFree = async (keep: number) => {
      const own = (await bottleneck().currentReservoir()) ?? 0;
      const taken = own - Math.max(0, keep);
      if (taken <= 0) return 0;
      await bottleneck().incrementReservoir(-taken);
      return taken;
    };
    return {
      schedule(task) {
        return bottleneck().schedule(async () => {
          try {
            return await task();
          } finally {
            giveBack(1, window());
          }
        });
      },
      async observeRemaining(remaining, windowOfServer) {
        if (windowOfServer !== undefined && windowOfServer > 0) serverWindowMs = windowOfServer;
        // One stays free to ask: a 429 then tells when the others' oldest slot frees.
        const taken = await takeFree(Math.max(1, remaining));
        hold(taken, window());
      },
      async observeThrottled(retryAfterMs) {
        const at = Math.min(retryAfterMs, window());
        const taken = await takeFree(0);
        // What was held for the server comes back with them.
        for (const [timer, entry] of held) {
          if (entry.dueAt - Date.now() <= at) continue;
          clearTimeout(timer);
          held.delete(timer);
          due.delete(entry.dueAt);
          pendingReturns.delete(timer);
          hold(entry.units, at);
        }
        hold(taken, at);
      },
      nextSlotMs() {
        return due.size === 0 ? 0 : Math.max(0, Math.min(...due) - Date.now());
      },
    };
  }
}

// Bottleneck waits for its connections to be ready and queues its commands while they reconnect, so
// the store's fail-fast options (no offline queue, one retry, a command timeout) are ioredis's defaults here.
function ownRedisClient(redis: Redis | string): Redis {
  return typeof redis === 'string'
    ? new Redis(redis)
    : redis.duplicate({ lazyConnect: false, enableOfflineQueue: true, maxRetriesPerRequest: 20, commandTimeout: undefined });
}
