import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createStateStore } from '../../src/state/index.js';
import type { StateStore } from '../../src/state/store.js';
import { startRedisServer, type RedisServer } from '../helpers/redis-server.js';

describe('createStateStore', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const cleanUp of cleanups.splice(0).reverse()) await cleanUp();
  });
  const tempDir = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'planebot-data-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    return dir;
  };
  const opened = (store: StateStore) => (cleanups.push(() => store.close()), store);

  it('keeps state in <dataDir>/state.sqlite, creating the folder', async () => {
    const dataDir = join(await tempDir(), 'nested', 'data');
    const store = opened(await createStateStore({ dataDir }));
    await store.set('runs', 'r1', 'kept');
    expect(existsSync(join(dataDir, 'state.sqlite'))).toBe(true);
    await store.close();
    const reopened = opened(await createStateStore({ dataDir }));
    expect(await reopened.get('runs', 'r1')).toBe('kept');
  });

  it('switches to Redis when a URL is given, leaving the data folder alone', async () => {
    const redis: RedisServer = await startRedisServer();
    cleanups.push(() => redis.stop());
    const dataDir = join(await tempDir(), 'data');
    const one = opened(await createStateStore({ dataDir, redisUrl: redis.url }));
    const two = opened(await createStateStore({ dataDir, redisUrl: redis.url }));
    expect(await one.claim('events', 'Ev1', 'one')).toBe(true);
    expect(await two.claim('events', 'Ev1', 'two')).toBe(false);
    expect(await two.get('events', 'Ev1')).toBe('one');
    expect(existsSync(dataDir)).toBe(false);
  });
});
