import { createHash } from 'node:crypto';
import { Redis, ReplyError } from 'ioredis';
import { silentLogger, type Logger } from '../log.js';
import { storeOverBackend, type Entries, type SerializedEntry } from './keyv-store.js';
import { StateUnavailableError, type KeyValueStore } from './store.js';

const STARTUP_RETRIES = 5;
const CONNECT_TIMEOUT_MS = 5_000;
const PING_TIMEOUT_MS = 2_000;
const COMMAND_TIMEOUT_MS = 5_000;
const SCAN_COUNT = 500;

// Redis runs a script alone, so nothing lands between the GET and the DEL; an expired key reads as nil.
const DELETE_IF_EQUAL = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;
const EXPIRE_IF_EQUAL = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;
// KEYS[1] is written (with PX ARGV[3] when given) only while KEYS[2] holds ARGV[2].
const SET_IF_HELD = `if redis.call('GET', KEYS[2]) ~= ARGV[2] then return 0 end
if ARGV[3] then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3]) else redis.call('SET', KEYS[1], ARGV[1]) end
return 1`;

const SCRIPT_SHAS = new Map(
  [DELETE_IF_EQUAL, EXPIRE_IF_EQUAL, SET_IF_HELD].map((source) => [source, createHash('sha1').update(source).digest('hex')]),
);

/**
 * The one Redis connection of a process for `REDIS_URL`: the state store uses it, the Plane limiter
 * duplicates it (same options, same reconnect policy). While Redis is unreachable, commands fail at
 * once (no offline queue) and the client keeps reconnecting; at start-up a Redis that stays
 * unreachable fails the start with the reason, without the credentials the URL may carry.
 */
export async function connectRedis(url: string, options: { logger?: Logger } = {}): Promise<Redis> {
  const logger = options.logger ?? silentLogger;
  const where = describeRedis(url);
  let everReady = false;
  let healthy = false;
  let lastError: Error | undefined;
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    connectTimeout: CONNECT_TIMEOUT_MS,
    // A command sent just before the connection dropped fails after one reconnection attempt, or
    // after COMMAND_TIMEOUT_MS on a connection that hangs, rather than waiting for Redis to return.
    maxRetriesPerRequest: 1,
    commandTimeout: COMMAND_TIMEOUT_MS,
    // Give up only before the first connection; afterwards keep trying, at most every 2 s.
    retryStrategy: (attempts) => (!everReady && attempts > STARTUP_RETRIES ? null : Math.min(attempts * 50, 2_000)),
  });
  client.on('error', (error: Error) => {
    lastError = error;
    if (healthy) logger.warn({ redis: where, reason: error.message }, 'Redis connection lost; reconnecting');
    healthy = false;
  });
  client.on('ready', () => {
    if (everReady && !healthy) logger.info({ redis: where }, 'Redis connection restored');
    everReady = healthy = true;
  });
  const ready = new Promise<void>((resolve, reject) => {
    client.once('ready', resolve);
    client.once('end', () => reject(lastError ?? new Error('the connection was closed')));
  });
  // Rejects on the first refused attempt while retries go on; `ready` tells the outcome.
  client.connect().catch(() => undefined);
  try {
    await ready;
  } catch (error) {
    throw new Error(`Redis at ${where} is unreachable: ${(error as Error).message}`);
  }
  return client;
}

/**
 * The shared store for several replicas, on a connection from `connectRedis` (borrowed: its owner
 * closes it) or on one it opens for a URL (and closes). One connection serves every namespace.
 * Keys are `namespace::key`.
 */
export async function createRedisStore(redis: Redis | string, options: { logger?: Logger } = {}): Promise<KeyValueStore> {
  const owned = typeof redis === 'string';
  const client = owned ? await connectRedis(redis, options) : redis;
  const where = describeRedis(client);
  let lastError: Error | undefined;
  const remember = (error: Error) => (lastError = error);
  client.on('error', remember);
  (options.logger ?? silentLogger).info({ redis: where }, 'state kept in Redis');

  return storeOverBackend({
    entries: new RedisEntries(client),
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
      client.off('error', remember);
      if (owned) await closeRedis(client);
    },
  });
}

/** Closes a connection: politely when it is up, at once when it is not. */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
  else client.disconnect();
}

class RedisEntries implements Entries {
  constructor(private readonly client: Redis) {}

  /**
   * Every command goes through here, so Redis being down, the connection dropping mid-command or a
   * command timing out reach the front ends as one error type. An error Redis itself answered is a bug
   * of ours and goes on as it is.
   */
  private async reach<T>(command: (client: Redis) => Promise<T>): Promise<T> {
    const client = this.connected();
    try {
      return await command(client);
    } catch (error) {
      if (error instanceof ReplyError) throw error;
      throw new StateUnavailableError((error as Error).message);
    }
  }

  async get(namespace: string, key: string): Promise<string | undefined> {
    return (await this.reach((client) => client.get(redisKey(namespace, key)))) ?? undefined;
  }

  async set(namespace: string, key: string, value: string, ttlMs?: number): Promise<void> {
    const name = redisKey(namespace, key);
    await this.reach((client) => (ttlMs === undefined ? client.set(name, value) : client.set(name, value, 'PX', ttlMs)));
  }

  async setIfAbsent(namespace: string, key: string, value: string, ttlMs?: number): Promise<boolean> {
    const name = redisKey(namespace, key);
    const reply = await this.reach((client) =>
      ttlMs === undefined ? client.set(name, value, 'NX') : client.set(name, value, 'PX', ttlMs, 'NX'),
    );
    return reply === 'OK';
  }

  async delete(namespace: string, key: string): Promise<boolean> {
    return (await this.reach((client) => client.del(redisKey(namespace, key)))) > 0;
  }

  async deleteIfEqual(namespace: string, key: string, value: string): Promise<boolean> {
    return (await this.script(DELETE_IF_EQUAL, [redisKey(namespace, key)], [value])) === 1;
  }

  async expireIfEqual(namespace: string, key: string, value: string, ttlMs: number): Promise<boolean> {
    return (await this.script(EXPIRE_IF_EQUAL, [redisKey(namespace, key)], [value, String(ttlMs)])) === 1;
  }

  async setIfHeld(entry: SerializedEntry, guard: SerializedEntry, ttlMs?: number): Promise<boolean> {
    const keys = [redisKey(entry.namespace, entry.key), redisKey(guard.namespace, guard.key)];
    const args = [entry.serialized, guard.serialized, ...(ttlMs === undefined ? [] : [String(ttlMs)])];
    return (await this.script(SET_IF_HELD, keys, args)) === 1;
  }

  /**
   * Runs a script by its SHA (EVALSHA): Redis keeps scripts it has run, so the text goes over the
   * wire and is hashed there only the first time, or again after a restart or SCRIPT FLUSH (NOSCRIPT).
   */
  private async script(source: string, keys: string[], args: string[]): Promise<unknown> {
    const sha = SCRIPT_SHAS.get(source)!;
    try {
      return await this.reach((client) => client.evalsha(sha, keys.length, ...keys, ...args));
    } catch (error) {
      if (!(error instanceof ReplyError) || !(error as Error).message.startsWith('NOSCRIPT')) throw error;
      return this.reach((client) => client.eval(source, keys.length, ...keys, ...args));
    }
  }

  async clear(namespace: string): Promise<void> {
    for await (const names of this.scan(namespace)) if (names.length > 0) await this.reach((client) => client.unlink(...names));
  }

  async *list(namespace: string): AsyncGenerator<[string, string]> {
    const prefix = redisKey(namespace, '');
    for await (const names of this.scan(namespace)) {
      if (names.length === 0) continue;
      const values = await this.reach((client) => client.mget(...names));
      for (const [i, name] of names.entries()) {
        const value = values[i];
        // Expired or deleted between the scan and the read.
        if (value !== null && value !== undefined) yield [name.slice(prefix.length), value];
      }
    }
  }

  private connected(): Redis {
    if (this.client.status !== 'ready') throw new StateUnavailableError(`Redis is not connected (${this.client.status})`);
    return this.client;
  }

  // Namespaces hold no glob characters, so the pattern matches this namespace's keys only.
  private async *scan(namespace: string): AsyncGenerator<string[]> {
    const client = this.connected();
    try {
      yield* client.scanStream({ match: `${redisKey(namespace, '')}*`, count: SCAN_COUNT }) as AsyncIterable<string[]>;
    } catch (error) {
      throw new StateUnavailableError((error as Error).message);
    }
  }
}

function redisKey(namespace: string, key: string): string {
  return `${namespace}::${key}`;
}

/** host:port/db without the credentials a URL may carry, for logs and errors. */
export function describeRedis(target: string | Redis): string {
  if (typeof target !== 'string') {
    const { host, port, db } = target.options;
    return `${host}:${port}${db ? `/${db}` : ''}`;
  }
  try {
    const parsed = new URL(target);
    return `${parsed.host}${parsed.pathname.length > 1 ? parsed.pathname : ''}`;
  } catch {
    return 'the configured URL';
  }
}
