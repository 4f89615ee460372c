import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createStateStore, defineRecord } from '../../src/state/index.js';
import type { StateStore } from '../../src/state/store.js';
import { startRedisServer, type RedisServer } from '../helpers/redis-server.js';

/** Any record kind will do: the test is about where the store keeps it. */
const note = defineRecord({ namespace: 'slack:event', version: 1, schema: z.string() });

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
    await store.set(note, 'r1', 'kept');
    expect(existsSync(join(dataDir, 'state.sqlite'))).toBe(true);
    await store.close();
    const reopened = opened(await createStateStore({ dataDir }));
    expect(await reopened.get(note, 'r1')).toBe('kept');
  });

  it('switches to Redis when a URL is given, leaving the data folder alone', async () => {
    const redis: RedisServer = await startRedisServer();
    cleanups.push(() => redis.stop());
    const dataDir = join(await tempDir(), 'data');
    const one = opened(await createStateStore({ dataDir, redisUrl: redis.url }));
    const two = opened(await createStateStore({ dataDir, redisUrl: redis.url }));
    expect(await one.claim(note, 'Ev1', 'one')).toBe(true);
    expect(await two.claim(note, 'Ev1', 'two')).toBe(false);
    expect(await two.get(note, 'Ev1')).toBe('one');
    expect(existsSync(dataDir)).toBe(false);
  });
});
