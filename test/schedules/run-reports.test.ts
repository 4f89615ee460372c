/**
 * The scheduler's `onRun` listener, what a metrics module counts: every run's job name, outcome and
 * duration, on the embedded store with a clock the test sets.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/log.js';
import { SCHEDULE_CLAIMS } from '../../src/schedules/records.js';
import { Scheduler, type ScheduleRunReport } from '../../src/schedules/scheduler.js';
import { createStateStore, type StateStore } from '../../src/state/index.js';
import { captureLogger } from '../helpers/logs.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function embeddedStore(): Promise<StateStore> {
  const dataDir = await mkdtemp(join(tmpdir(), 'planebot-runs-'));
  const store = await createStateStore({ dataDir });
  cleanups.push(
    () => rm(dataDir, { recursive: true, force: true }),
    () => store.close(),
  );
  return store;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('the scheduler’s onRun listener', () => {
  it('hears each run’s job name, outcome and duration: a fixed job by its name, a stored schedule by its kind, never its id', async () => {
    const store = await embeddedStore();
    let now = Date.parse('2026-12-07T01:00:10Z');
    const reports: ScheduleRunReport[] = [];
    const scheduler = new Scheduler({ store, logger: silentLogger, now: () => now, onRun: (report) => reports.push(report), attempts: 2 });
    scheduler.every('take cycle snapshots', '0 1 * * *', 'UTC', () => sleep(60));
    scheduler.register('digest', async ({ schedule }) => {
      if (schedule.id === 'digest:C1') throw new Error('Plane is down');
    });
    now = Date.parse('2026-12-07T00:30:00Z');
    await scheduler.upsert({ id: 'digest:C1', kind: 'digest', cron: '0 1 * * *', timeZone: 'UTC', payload: {} });
    await scheduler.upsert({ id: 'digest:C2', kind: 'digest', cron: '0 1 * * *', timeZone: 'UTC', payload: {} });
    now = Date.parse('2026-12-07T01:00:10Z');
    await scheduler.tick();
    // The failed digest is tried once more at the next look, then given up (attempts: 2); nothing else runs again.
    await scheduler.tick();
    await scheduler.tick();
    const seen = reports.map(({ name, outcome }) => `${name} ${outcome}`).sort();
    expect(seen).toEqual(['digest done', 'digest failed', 'digest failed', 'take cycle snapshots done']);
    const snapshot = reports.find((r) => r.name === 'take cycle snapshots')!;
    // The real time it ran, not the schedules' clock (which did not move).
    expect(snapshot.durationMs).toBeGreaterThanOrEqual(50);
    expect(snapshot.durationMs).toBeLessThan(5_000);
    for (const report of reports) expect(report.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('hears "abandoned" when the run’s lease went to another replica', async () => {
    const store = await embeddedStore();
    const now = () => Date.parse('2026-12-07T01:00:10Z');
    const reports: ScheduleRunReport[] = [];
    const scheduler = new Scheduler({ store, logger: silentLogger, now, leaseMs: 60, onRun: (report) => reports.push(report) });
    scheduler.every('take cycle snapshots', '0 1 * * *', 'UTC', async ({ signal }) => {
      // Another replica takes the occurrence over (as when this one stalled past its lease).
      const key = 'fixed:take cycle snapshots@2026-12-07T01:00:00.000Z';
      await store.delete(SCHEDULE_CLAIMS, key);
      await store.claim(SCHEDULE_CLAIMS, key, { owner: 'another replica' }, 60_000);
      while (!signal.aborted) await sleep(10);
    });
    await scheduler.tick();
    expect(reports.map(({ name, outcome }) => `${name} ${outcome}`)).toEqual(['take cycle snapshots abandoned']);
  });

  it('a listener that throws costs its report only: the run is recorded and not run again', async () => {
    const store = await embeddedStore();
    const now = () => Date.parse('2026-12-07T01:00:10Z');
    const { logger, lines } = captureLogger('warn');
    let runs = 0;
    const onRun = () => {
      throw new Error('metrics broke');
    };
    const scheduler = new Scheduler({ store, logger, now, onRun });
    scheduler.every('take cycle snapshots', '0 1 * * *', 'UTC', async () => void (runs += 1));
    expect(await scheduler.tick()).toBe(1);
    expect(await scheduler.tick()).toBe(0);
    expect(runs).toBe(1);
    expect(lines.map((line) => line.msg)).toContain('the listener of scheduled runs failed');
  });
});
