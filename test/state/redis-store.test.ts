import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { createRedisStore } from '../../src/state/redis-store.js';
import type { KeyValueStore as StateStore } from '../../src/state/store.js';
import { startRedisServer, type RedisServer } from '../helpers/redis-server.js';
import { describeStoreContract } from './store.contract.js';

const servers: RedisServer[] = [];
const server = async () => {
  const started = await startRedisServer();
  servers.push(started);
  return started;
};
const stopServers = async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
};

// A server of its own for every test: nothing leaks from one test to the next.
let current: RedisServer | undefined;
describeStoreContract('redis', {
  async fresh() {
    current = await server();
    return createRedisStore(current.url);
  },
  again: async () => createRedisStore(current!.url),
  async breakBackend() {
    await current!.stop();
    return /Redis at 127\.0\.0\.1:\d+ does not answer: .+/;
  },
  cleanUp: stopServers,
});

describe('Redis store specifics', () => {
  const stores: StateStore[] = [];
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((s) => s.close()));
    await stopServers();
  });

  it('writes a claim with SET NX PX under namespace::key', async () => {
    const redis = await server();
    const store = await createRedisStore(redis.url);
    stores.push(store);
    expect(await store.claim('events', 'Ev9', { seen: true }, 60_000)).toBe(true);
    await store.set('events', 'plain', 1);
    const raw = new Redis(redis.url);
    try {
      expect(JSON.parse((await raw.get('events::Ev9'))!)).toEqual({ value: { seen: true } });
      const pttl = await raw.pttl('events::Ev9');
      expect(pttl).toBeGreaterThan(0);
      expect(pttl).toBeLessThanOrEqual(60_000);
      expect(await raw.pttl('events::plain')).toBe(-1);
    } finally {
      await raw.quit();
    }
  });

  it('fails to start with the reason, and without the password, when Redis is unreachable', async () => {
    const redis = await server();
    await redis.stop();
    const url = `redis://planebot:s3cret-pass@127.0.0.1:${redis.port}`;
    const failure = await createRedisStore(url).then(
      (store) => (stores.push(store), undefined),
      (error: Error) => error,
    );
    expect(failure?.message).toMatch(/Redis at 127\.0\.0\.1:\d+ is unreachable: .*ECONNREFUSED/);
    expect(failure?.message).not.toContain('s3cret-pass');
  });

  it('fails operations while Redis is down and recovers when it is back on the same address', async () => {
    const redis = await server();
    const store = await createRedisStore(redis.url);
    stores.push(store);
    await store.set('runs', 'r1', 'before');
    await redis.stop();
    await expect(store.get('runs', 'r1')).rejects.toThrow();
    await expect(store.claim('events', 'Ev1', 1)).rejects.toThrow();
    servers.push(await startRedisServer({ port: redis.port }));
    // Reconnection backs off up to 2 s between tries.
    for (let attempt = 0; ; attempt++) {
      const ok = await store.ping().then(
        () => true,
        () => false,
      );
      if (ok) break;
      if (attempt > 100) throw new Error('the store did not reconnect');
      await sleep(100);
    }
    // The new server started empty (it persists nothing).
    expect(await store.get('runs', 'r1')).toBeUndefined();
    expect(await store.claim('events', 'Ev1', 1)).toBe(true);
  });
});
