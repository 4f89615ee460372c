import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedisServer, type RedisServer } from '../helpers/redis-server.js';

const run = promisify(execFile);
const worker = fileURLToPath(new URL('./fixtures/limiter-worker.ts', import.meta.url));
const hasRedis = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].some((path) => existsSync(path));

describe.skipIf(!hasRedis)('the Plane limiter shared through Redis', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(() => redis?.stop());

  it('gives two processes one budget per key', async () => {
    const key = `plane_api_${randomUUID()}`;
    const perWindow = 4;
    const windowMs = 1500;
    const replica = () =>
      run(process.execPath, ['--import', 'tsx', worker, redis.url, key, String(perWindow), String(perWindow), String(windowMs)], {
        timeout: 20_000,
      });
    const answers = await Promise.all([replica(), replica()]);
    const starts = answers.flatMap(({ stdout }) => stdout.trim().split('\n').map(Number)).sort((a, b) => a - b);
    expect(starts).toHaveLength(2 * perWindow);
    // Eight requests, four per window between them: the fifth waits for the first to age out.
    expect(starts[perWindow]! - starts[0]!).toBeGreaterThanOrEqual(windowMs - 50);
  });
});
