/** Operations per second of the state store backends: set, get and claim, one at a time and 50 in flight. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRedisStore } from '../src/state/redis-store.js';
import { createSqliteStore } from '../src/state/sqlite-store.js';
import type { KeyValueStore as StateStore } from '../src/state/store.js';
import { startRedisServer } from '../test/helpers/redis-server.js';
import type { BenchRow } from './run.js';

const OPS = 5_000;
const IN_FLIGHT = 50;

async function opsPerSecond(op: (i: number) => Promise<unknown>, inFlight: number): Promise<string> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < OPS) await op(next++);
    }),
  );
  return `${Math.round(OPS / ((performance.now() - started) / 1000)).toLocaleString('en')} ops/s`;
}

async function measure(backend: string, store: StateStore): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const row = (measure: string, value: string) => rows.push({ area: 'state', measure: `${backend} ${measure}`, value });
  const value = { channel: 'C1', ts: '1700000000.000100', text: 'a thread message of ordinary length' };
  for (const inFlight of [1, IN_FLIGHT]) {
    const tag = inFlight === 1 ? 'sequential' : `${inFlight} in flight`;
    row(`set (${tag})`, await opsPerSecond((i) => store.set(`bench-${inFlight}`, `k${i}`, value, 60_000), inFlight));
    row(`get (${tag})`, await opsPerSecond((i) => store.get(`bench-${inFlight}`, `k${i}`), inFlight));
    row(`claim (${tag})`, await opsPerSecond((i) => store.claim(`claims-${inFlight}`, `Ev${i}`, 1, 60_000), inFlight));
    // A compare-and-delete: a Lua script in Redis.
    row(`release (${tag})`, await opsPerSecond((i) => store.release(`claims-${inFlight}`, `Ev${i}`, 1), inFlight));
  }
  return rows;
}

export async function bench(): Promise<BenchRow[]> {
  const dir = await mkdtemp(join(tmpdir(), 'planebot-bench-'));
  const redis = await startRedisServer();
  try {
    const sqlite = createSqliteStore(join(dir, 'state.sqlite'));
    const sqliteRows = await measure('sqlite', sqlite).finally(() => sqlite.close());
    const shared = await createRedisStore(redis.url);
    const redisRows = await measure('redis', shared).finally(() => shared.close());
    return [...sqliteRows, ...redisRows];
  } finally {
    await redis.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
