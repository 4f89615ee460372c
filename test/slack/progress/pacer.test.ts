import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../src/log.js';
import { Pacer } from '../../../src/slack/progress/pacer.js';
import { createRedisStore } from '../../../src/state/redis-store.js';
import { Records } from '../../../src/state/records.js';
import type { StateStore } from '../../../src/state/store.js';
import type { Clock } from '../../../src/slack/progress/clock.js';
import { steppingClock } from '../../helpers/clock.js';
import { startRedisServer, type RedisServer } from '../../helpers/redis-server.js';

const INTERVAL_MS = 100;
let server: RedisServer | undefined;
const stores: StateStore[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.close()));
  await server?.stop();
  server = undefined;
});

/** A replica: its own connection to the shared Redis, its own pacer. */
async function replica(url: string, clock?: Clock): Promise<Pacer> {
  const store = new Records(await createRedisStore(url));
  stores.push(store);
  return new Pacer(INTERVAL_MS, { store, name: 'chat.appendStream', logger: silentLogger }, clock);
}

/** When (by `now`) each of `count` turns of each pacer went, all at once, sorted. */
async function turns(pacers: Pacer[], count: number, now = Date.now): Promise<number[]> {
  const times: number[] = [];
  await Promise.all(
    pacers.map(async (pacer) => {
      for (let i = 0; i < count; i++) {
        await pacer.turn();
        times.push(now());
      }
    }),
  );
  return times.sort((a, b) => a - b);
}

describe('the append pacer', () => {
  it('is one pace for the replicas sharing a Redis: two of them together go no faster than one', async () => {
    server = await startRedisServer();
    const times = await turns([await replica(server.url), await replica(server.url)], 6);
    // Twelve turns take eleven slots at least (the first may fall at the end of its slot); two
    // pacers each on its own would have taken about five.
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(10 * INTERVAL_MS - 20);
  });

  it('paces its own process when the store does not answer, rather than hold the answer', async () => {
    // On a clock only the pacer's sleeps move: a turn woken late by a loaded machine does not make
    // the next one look early (the pace is kept from when each turn was due).
    const clock = steppingClock();
    server = await startRedisServer();
    const pacer = await replica(server.url, clock);
    await server.stop();
    const times = await turns([pacer], 3, clock.now);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(INTERVAL_MS);
  });
});
