/**
 * The scheduler on a real redis-server, two replicas sharing it, and a clock the test moves: each
 * occurrence runs once, a replica lost mid-run hands its occurrence to the other, and a bot down at
 * the time runs the occurrence it missed once when it is back.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/log.js';
import { Scheduler, type ScheduleRun, type ScheduleRunReport } from '../../src/schedules/scheduler.js';
import { createStateStore, type StateStore } from '../../src/state/index.js';
import { eventually } from '../harness/bot.js';
import { startRedisServer, type RedisServer } from '../helpers/redis-server.js';

let redis: RedisServer | undefined;
const stores: StateStore[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.close().catch(() => undefined)));
  await redis?.stop();
  redis = undefined;
});

/** A clock the test sets. */
function clock(iso: string) {
  let now = Date.parse(iso);
  return { now: () => now, set: (to: string) => (now = Date.parse(to)) };
}

async function replica(now: () => number, options: { leaseMs?: number } = {}) {
  const store = await createStateStore({ dataDir: '', redisUrl: redis!.url });
  stores.push(store);
  return { store, scheduler: new Scheduler({ store, logger: silentLogger, now, leaseMs: options.leaseMs ?? 5_000, tickMs: 60_000 }) };
}

/** "Posts": what each replica's job did, by occurrence. */
function poster(name: string, posts: string[]) {
  return async (run: ScheduleRun) => {
    posts.push(`${name} ${run.schedule.id} ${run.occurrence.toISOString()}`);
  };
}

describe('the scheduler with two replicas on Redis', () => {
  it('runs each occurrence of each schedule once, whichever replicas look and however often', async () => {
    redis = await startRedisServer();
    const time = clock('2026-12-07T07:00:00Z'); // a Monday
    const posts: string[] = [];
    const a = await replica(time.now);
    const b = await replica(time.now);
    a.scheduler.register('digest', poster('a', posts));
    b.scheduler.register('digest', poster('b', posts));
    await a.scheduler.upsert({ id: 'paris', kind: 'digest', cron: '0 9 * * 1-5', timeZone: 'Europe/Paris', payload: {} });
    await b.scheduler.upsert({ id: 'tokyo', kind: 'digest', cron: '0 9 * * *', timeZone: 'Asia/Tokyo', payload: {} });
    // 07:00Z: 16:00 in Tokyo (its 09:00 was at 00:00Z, before the schedule existed), 08:00 in Paris.
    expect(await Promise.all([a.scheduler.tick(), b.scheduler.tick()])).toEqual([0, 0]);
    for (const at of [
      '2026-12-07T08:00:00Z',
      '2026-12-07T08:00:30Z',
      '2026-12-07T12:00:00Z',
      '2026-12-08T00:00:00Z',
      '2026-12-08T00:05:00Z',
      '2026-12-08T08:00:10Z',
    ]) {
      time.set(at);
      await Promise.all([a.scheduler.tick(), b.scheduler.tick(), a.scheduler.tick()]);
    }
    const occurrences = posts.map((p) => p.split(' ').slice(1).join(' ')).sort();
    expect(occurrences).toEqual(['paris 2026-12-07T08:00:00.000Z', 'paris 2026-12-08T08:00:00.000Z', 'tokyo 2026-12-08T00:00:00.000Z']);
  }, 30_000);

  it('a replica lost mid-run: the other takes the occurrence up once its lease lapses, and it is posted once', async () => {
    redis = await startRedisServer();
    const time = clock('2026-12-07T08:59:00Z');
    const posts: string[] = [];
    const a = await replica(time.now, { leaseMs: 600 });
    const b = await replica(time.now, { leaseMs: 600 });
    let aStarted = false;
    // Replica a starts the job, then dies before it posts: it never renews nor finishes.
    a.scheduler.register('digest', async (run) => {
      aStarted = true;
      await new Promise<void>((resolve) => run.signal.addEventListener('abort', () => resolve()));
      if (!run.signal.aborted) posts.push('a');
    });
    b.scheduler.register('digest', poster('b', posts));
    await a.scheduler.upsert({ id: 'ops', kind: 'digest', cron: '0 9 * * *', timeZone: 'UTC', payload: {} });
    time.set('2026-12-07T09:00:00Z');
    void a.scheduler.tick();
    await eventually(() => aStarted, 5_000, 'replica a running the occurrence');
    // While a holds the lease, b does not run it.
    expect(await b.scheduler.tick()).toBe(0);
    await a.store.close(); // the process is gone: no more renewals
    await eventually(async () => (await b.scheduler.tick()) === 1, 10_000, 'replica b taking the occurrence up');
    expect(posts).toEqual(['b ops 2026-12-07T09:00:00.000Z']);
    // Done: no look runs it again.
    expect(await b.scheduler.tick()).toBe(0);
    expect(posts).toHaveLength(1);
  }, 30_000);

  it('a restart after a missed occurrence runs it once, if it is less than a period late, and not otherwise', async () => {
    redis = await startRedisServer();
    const time = clock('2026-12-04T07:00:00Z'); // a Friday
    const posts: string[] = [];
    const first = await replica(time.now);
    await first.scheduler.upsert({ id: 'weekdays', kind: 'digest', cron: '0 9 * * 1-5', timeZone: 'UTC', payload: {} });
    await first.store.close(); // the bot goes down before 09:00
    // Back at 15:00 the same day: the 09:00 occurrence is 6 h late, less than a day: run once by one of the two.
    time.set('2026-12-04T15:00:00Z');
    const a = await replica(time.now);
    const b = await replica(time.now);
    a.scheduler.register('digest', poster('a', posts));
    b.scheduler.register('digest', poster('b', posts));
    await Promise.all([a.scheduler.tick(), b.scheduler.tick()]);
    await Promise.all([a.scheduler.tick(), b.scheduler.tick()]);
    expect(posts.map((p) => p.split(' ').slice(1).join(' '))).toEqual(['weekdays 2026-12-04T09:00:00.000Z']);
    // Down again over the weekend and back Monday 08:00: Friday's is 71 h late (a period is a day): nothing.
    posts.length = 0;
    time.set('2026-12-07T08:00:00Z');
    expect(await Promise.all([a.scheduler.tick(), b.scheduler.tick()])).toEqual([0, 0]);
    time.set('2026-12-07T09:00:00Z');
    await Promise.all([a.scheduler.tick(), b.scheduler.tick()]);
    expect(posts.map((p) => p.split(' ').slice(1).join(' '))).toEqual(['weekdays 2026-12-07T09:00:00.000Z']);
  }, 30_000);

  it('a fixed job every replica declares runs once per occurrence; a failing one is tried again, a few times at most', async () => {
    redis = await startRedisServer();
    const time = clock('2026-12-07T00:00:00Z');
    const outcomes: string[] = [];
    const onRun = ({ name, outcome }: ScheduleRunReport) => outcomes.push(`${name} ${outcome}`);
    const runs: string[] = [];
    const replicas = await Promise.all([replica(time.now), replica(time.now)]);
    const schedulers = replicas.map(({ store }) => new Scheduler({ store, logger: silentLogger, now: time.now, onRun, attempts: 2 }));
    for (const [i, s] of schedulers.entries()) {
      s.every('take cycle snapshots', '0 1 * * *', 'UTC', async (run) => void runs.push(`${i} ${run.occurrence.toISOString()}`));
      s.every('poll intake', '*/5 * * * *', 'UTC', async () => {
        throw new Error('Plane is down');
      });
    }
    time.set('2026-12-07T01:00:00Z');
    for (let look = 0; look < 4; look++) await Promise.all(schedulers.map((s) => s.tick()));
    expect(runs.map((r) => r.split(' ')[1])).toEqual(['2026-12-07T01:00:00.000Z']);
    expect(outcomes.filter((o) => o.startsWith('take'))).toEqual(['take cycle snapshots done']);
    expect(outcomes.filter((o) => o.startsWith('poll'))).toEqual(['poll intake failed', 'poll intake failed']);
  }, 30_000);
});
