import KeyvRedis, { createClient, defaultReconnectStrategy } from '@keyv/redis';
import { silentLogger, type Logger } from '../log.js';
import { storeOverBackend, type ClaimingAdapter, type SerializedEntry } from './keyv-store.js';
import type { StateStore } from './store.js';

const STARTUP_RETRIES = 5;
const CONNECT_TIMEOUT_MS = 5_000;
const PING_TIMEOUT_MS = 2_000;

// Redis runs a script alone, so nothing lands between the GET and the DEL; an expired key reads as nil.
const DELETE_IF_EQUAL = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;
const EXPIRE_IF_EQUAL = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;
// KEYS[1] is written (with PX ARGV[3] when given) only while KEYS[2] holds ARGV[2].
const SET_IF_HELD = `if redis.call('GET', KEYS[2]) ~= ARGV[2] then return 0 end
if ARGV[3] then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3]) else redis.call('SET', KEYS[1], ARGV[1]) end
return 1`;

/** @keyv/redis with the claim and release primitives, on the same `namespace::key` layout so `get` reads claims. */
class ClaimingKeyvRedis extends KeyvRedis<string> implements ClaimingAdapter {
  async setIfAbsent(key: string, serialized: string, ttlMs?: number): Promise<boolean> {
    const client = await this.getClient();
    const reply = await client.set(this.createKeyPrefix(key, this.namespace), serialized, {
      condition: 'NX',
      ...(ttlMs === undefined ? {} : { expiration: { type: 'PX', value: ttlMs } }),
    });
    return reply === 'OK';
  }

  async deleteIfEqual(key: string, serialized: string): Promise<boolean> {
    const client = await this.getClient();
    const deleted = await client.eval(DELETE_IF_EQUAL, {
      keys: [this.createKeyPrefix(key, this.namespace)],
      arguments: [serialized],
    });
    return deleted === 1;
  }

  async expireIfEqual(key: string, serialized: string, ttlMs: number): Promise<boolean> {
    const client = await this.getClient();
    const extended = await client.eval(EXPIRE_IF_EQUAL, {
      keys: [this.createKeyPrefix(key, this.namespace)],
      arguments: [serialized, String(ttlMs)],
    });
    return extended === 1;
  }

  /** Across namespaces: `entry` written while `guard` holds its text. */
  async setIfHeld(entry: SerializedEntry, guard: SerializedEntry, ttlMs?: number): Promise<boolean> {
    const client = await this.getClient();
    const written = await client.eval(SET_IF_HELD, {
      keys: [this.createKeyPrefix(entry.key, entry.namespace), this.createKeyPrefix(guard.key, guard.namespace)],
      arguments: [entry.serialized, guard.serialized, ...(ttlMs === undefined ? [] : [String(ttlMs)])],
    });
    return written === 1;
  }

  // The connection belongs to the store: a caller disconnecting one namespace's Keyv must not cut it.
  override async disconnect(): Promise<void> {}
}

/**
 * The shared store for several replicas. One connection serves every namespace. While Redis is
 * unreachable, operations fail at once (no offline queue) and the client keeps reconnecting; at
 * start-up a Redis that stays unreachable fails the start with the reason.
 */
export async function createRedisStore(url: string, options: { logger?: Logger } = {}): Promise<StateStore> {
  const logger = options.logger ?? silentLogger;
  const where = describe(url);
  let everReady = false;
  let healthy = false;
  let lastError: Error | undefined;

  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: CONNECT_TIMEOUT_MS,
      reconnectStrategy: (retries, cause) =>
        !everReady && retries >= STARTUP_RETRIES ? cause : defaultReconnectStrategy(retries),
    },
  });
  // Every namespace's adapter listens to the one client.
  client.setMaxListeners(0);
  client.on('error', (error: Error) => {
    lastError = error;
    if (healthy) logger.warn({ redis: where, reason: error.message }, 'Redis connection lost; reconnecting');
    healthy = false;
  });
  client.on('ready', () => {
    if (everReady && !healthy) logger.info({ redis: where }, 'Redis connection restored');
    everReady = healthy = true;
  });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`Redis at ${where} is unreachable: ${(error as Error).message}`);
  }
  logger.info({ redis: where }, 'state kept in Redis');

  const adapter = () => new ClaimingKeyvRedis(client, { throwOnErrors: true });
  // Namespace-free: it builds the keys of both namespaces it touches.
  const crossNamespace = adapter();
  return storeOverBackend({
    adapter,
    setIfHeld: (entry, guard, ttlMs) => crossNamespace.setIfHeld(entry, guard, ttlMs),
    async ping() {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no reply within ${PING_TIMEOUT_MS} ms`)), PING_TIMEOUT_MS);
      });
      try {
        await Promise.race([client.ping(), timeout]);
      } catch (error) {
        const last = lastError && lastError !== error ? ` (last error: ${lastError.message})` : '';
        throw new Error(`Redis at ${where} does not answer: ${(error as Error).message}${last}`);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      if (client.isOpen) await client.close();
    },
  });
}

/** host:port/db without the credentials a URL may carry, for logs and errors. */
function describe(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname.length > 1 ? parsed.pathname : ''}`;
  } catch {
    return 'the configured URL';
  }
}
