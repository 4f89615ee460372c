import { createHash } from 'node:crypto';
import Bottleneck from 'bottleneck';
import { Redis } from 'ioredis';

/**
 * Paces Plane requests per API key. Plane's throttle is a sliding log of the last 60 s,
 * so the limiter mirrors it: a reservoir of `perMinute` units, one taken when a request starts
 * and given back one window after its answer arrived. Several processes share one budget per key
 * when they share a Redis (Bottleneck clustering over ioredis); otherwise the budget is per process.
 *
 * Clustering: pass `redis` (an ioredis connection, or a redis:// URL); the limiter works on a
 * duplicate of the connection (same options and reconnect policy), which it owns and closes. Every
 * process using the same `id` and key then
 * draws from the same reservoir kept in Redis. A unit taken by a process that dies before giving it
 * back is recovered when the key has been idle for `idleResetMs`, when Bottleneck drops its state.
 */
export interface LimiterOptions {
  redis?: Redis | string;
  /** Names the limiter group in Redis; processes that should share budgets use the same id. */
  id?: string;
  perMinute?: number;
  /** The rolling window; 60 s against Plane, shorter only in tests. */
  windowMs?: number;
  idleResetMs?: number;
}

export interface PlaneLimiter {
  schedule<T>(task: () => Promise<T>): Promise<T>;
  /** The server's `X-RateLimit-Remaining`, trusted when lower than the limiter's own count. */
  observeRemaining(remaining: number): Promise<void>;
  /** After a 429: nothing else goes out until `retryAfterMs` has passed. */
  observeThrottled(retryAfterMs: number): Promise<void>;
}

const groups = new Map<string, { group: Bottleneck.Group; connection?: Bottleneck.IORedisConnection }>();
const limiters = new Map<string, PlaneLimiter>();
// Units waiting to go back to their reservoir, with the function that gives them back now.
const pendingReturns = new Map<NodeJS.Timeout, () => Promise<unknown>>();

/** The one limiter of this process for an API key (and limiter configuration). */
export function limiterFor(apiKey: string, options: LimiterOptions = {}): PlaneLimiter {
  const perMinute = options.perMinute ?? 60;
  const windowMs = options.windowMs ?? 60_000;
  const groupName = `${options.redis ? 'redis' : 'local'}:${options.id ?? 'planebot-plane'}:${perMinute}:${windowMs}`;
  // The Redis key names carry a digest of the API key, never the key itself.
  const keyDigest = createHash('sha256').update(apiKey).digest('hex').slice(0, 16);
  const name = `${groupName}:${keyDigest}`;
  let limiter = limiters.get(name);
  if (!limiter) {
    const group = groupFor(groupName, options, perMinute);
    // Looked up on every use: the group drops a key's limiter after a long idle time.
    limiter = rollingWindow(() => group.key(keyDigest), windowMs);
    limiters.set(name, limiter);
  }
  return limiter;
}

function groupFor(name: string, options: LimiterOptions, perMinute: number): Bottleneck.Group {
  const existing = groups.get(name);
  if (existing) return existing.group;
  const settings: Bottleneck.ConstructorOptions = {
    reservoir: perMinute,
    id: options.id ?? 'planebot-plane',
    timeout: options.idleResetMs ?? 5 * 60_000,
  };
  let connection: Bottleneck.IORedisConnection | undefined;
  if (options.redis) {
    connection = new Bottleneck.IORedisConnection({ client: ownRedisClient(options.redis), Redis });
    Object.assign(settings, { datastore: 'ioredis', connection, clearDatastore: false });
  }
  const group = new Bottleneck.Group(settings);
  groups.set(name, { group, connection });
  return group;
}

// Bottleneck waits for its connections to be ready and queues its commands while they reconnect.
function ownRedisClient(redis: Redis | string): Redis {
  return typeof redis === 'string' ? new Redis(redis) : redis.duplicate({ lazyConnect: false, enableOfflineQueue: true });
}

function rollingWindow(bottleneck: () => Bottleneck, windowMs: number): PlaneLimiter {
  const giveBack = (units: number, afterMs: number) => {
    if (units <= 0) return;
    const giveNow = () => bottleneck().incrementReservoir(units).catch(() => undefined);
    const timer = setTimeout(() => {
      pendingReturns.delete(timer);
      void giveNow();
    }, afterMs).unref();
    pendingReturns.set(timer, giveNow);
  };
  // Takes units out of the reservoir until afterMs, keeping `keep`; never below zero.
  const withhold = async (keep: number, afterMs: number, firstBackMs = afterMs) => {
    const own = (await bottleneck().currentReservoir()) ?? 0;
    const taken = own - Math.max(0, keep);
    if (taken <= 0) return;
    await bottleneck().incrementReservoir(-taken);
    giveBack(1, firstBackMs);
    giveBack(taken - 1, afterMs);
  };
  return {
    schedule(task) {
      return bottleneck().schedule(async () => {
        try {
          return await task();
        } finally {
          giveBack(1, windowMs);
        }
      });
    },
    observeRemaining: (remaining) => withhold(remaining, windowMs),
    // Retry-After is when the oldest request leaves Plane's window (so never beyond it): one slot
    // opens then, the rest later.
    observeThrottled: (retryAfterMs) => withhold(0, windowMs, Math.min(retryAfterMs, windowMs)),
  };
}

/**
 * Shuts the limiters down (process exit, tests). Units still out are given back at once: kept, they
 * would be lost to the processes that share the budget until the key's state idles out of Redis.
 */
export async function closeLimiters(): Promise<void> {
  const all = [...groups.values()];
  const returns = [...pendingReturns];
  pendingReturns.clear();
  for (const [timer] of returns) clearTimeout(timer);
  await Promise.all(returns.map(([, giveNow]) => giveNow()));
  groups.clear();
  limiters.clear();
  await Promise.all(
    all.map(async ({ group, connection }) => {
      await Promise.all(group.limiters().map(({ limiter }) => limiter.disconnect(false)));
      await connection?.disconnect(false);
    }),
  );
}
