/**
 * The burn-ups' history as production composes it: the daily 01:00 UTC job the bot declares on its
 * scheduler takes one snapshot of each current cycle, once per day, with the schedules' clock
 * injected (the bot against the Slack and Plane emulators).
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { cycleSnapshotsRecord } from '../../src/cycles/snapshots.js';
import { startBotHarness } from '../harness/bot.js';

const day = (at: number) => new Date(at).toISOString().slice(0, 10);

describe('the daily cycle snapshot job', () => {
  it('runs at 01:00 UTC through the scheduler, stores the day’s counts of the current cycle, once a day', async () => {
    // The next day at 00:59:50 UTC: the schedules' clock, while the fake Plane's cycle stays current.
    const first = day(Date.now() + 86_400_000);
    let now = Date.parse(`${first}T00:59:50Z`);
    const harness = await startBotHarness({ now: () => now });
    onTestFinished(() => harness.close());
    const { scheduler, store } = harness.bot;
    const key = `acme:${harness.demo.cycles.current.id}`;
    const counts = { total: 8, backlog: 0, unstarted: 2, started: 4, completed: 2, cancelled: 0 };

    // Ten seconds before, the day before's occurrence is missed by less than a period: it runs (the
    // bot just started), for its own day; this day's is not due yet.
    const before = day(Date.parse(`${first}T00:00:00Z`) - 86_400_000);
    await scheduler.tick();
    expect((await store.get(cycleSnapshotsRecord, key))?.days).toEqual({ [before]: counts });
    await store.delete(cycleSnapshotsRecord, key);
    now = Date.parse(`${first}T01:00:05Z`);
    await scheduler.tick();
    expect((await store.get(cycleSnapshotsRecord, key))?.days).toEqual({ [first]: counts });

    // Looked at again (this replica or another): the occurrence is not run twice.
    await store.delete(cycleSnapshotsRecord, key);
    now = Date.parse(`${first}T01:00:35Z`);
    await scheduler.tick();
    expect(await store.get(cycleSnapshotsRecord, key)).toBeUndefined();

    // The next day's occurrence adds its day beside the first.
    const second = day(Date.parse(`${first}T00:00:00Z`) + 86_400_000);
    await store.set(cycleSnapshotsRecord, key, { project: 'ACME', cycle: harness.demo.cycles.current.name, days: { [first]: counts } });
    now = Date.parse(`${second}T01:00:05Z`);
    await scheduler.tick();
    const history = await store.get(cycleSnapshotsRecord, key);
    expect(history).toMatchObject({ project: 'ACME', cycle: harness.demo.cycles.current.name });
    expect(history!.days).toEqual({ [first]: counts, [second]: counts });
  }, 30_000);
});
