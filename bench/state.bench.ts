/**
 * Operations per second of the state store backends: set, get, claim and release (a compare-and-delete,
 * a Lua script in Redis), one at a time and 50 in flight; each the median of five rounds (min–max).
 */
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
const ROUNDS = 5;

/** `op` over keys of its round (`round`, `i`), so a claim or release always meets what it expects. */
async function opsPerSecond(op: (round: number, i: number) => Promise<unknown>, inFlight: number): Promise<string> {
  const rates: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (next < OPS) await op(round, next++);
      }),
    );
    rates.push(OPS / ((performance.now() - started) / 1000));
  }
  const sorted = rates.sort((a, b) => a - b);
  const n = (rate: number) => Math.round(rate).toLocaleString('en');
  return `${n(sorted[Math.floor(ROUNDS / 2)]!)} ops/s (${n(sorted[0]!)}–${n(sorted.at(-1)!)})`;
}

async function measure(backend: string, store: StateStore): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const row = (measure: string, value: string) => rows.push({ area: 'state', measure: `${backend} ${measure}`, value });
  const value = { channel: 'C1', ts: '1700000000.000100', text: 'a thread message of ordinary length' };
  for (const inFlight of [1, IN_FLIGHT]) {
    const tag = inFlight === 1 ? 'sequential' : `${inFlight} in flight`;
    row(`set (${tag})`, await opsPerSecond((r, i) => store.set(`bench-${inFlight}`, `k${r}-${i}`, value, 60_000), inFlight));
    row(`get (${tag})`, await opsPerSecond((r, i) => store.get(`bench-${inFlight}`, `k${r}-${i}`), inFlight));
    row(`claim (${tag})`, await opsPerSecond((r, i) => store.claim(`claims-${inFlight}`, `Ev${r}-${i}`, 1, 60_000), inFlight));
    row(`release (${tag})`, await opsPerSecond((r, i) => store.release(`claims-${inFlight}`, `Ev${r}-${i}`, 1), inFlight));
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
