/**
 * 20 projects, a channel's digest each at 09:00: one scheduler look runs them all through the Plane
 * limiter, against the fake Plane's throttle at 60 requests a window (the window shortened so that
 * it does not take minutes: the count per window is what matters). Shared by the test and the bench.
 */
import { randomUUID } from 'node:crypto';
import Keyv from 'keyv';
import { ChannelDigests, NO_FILTERS } from '../../src/digests/channel-digests.js';
import { ProjectReader } from '../../src/digests/reads.js';
import { startFakePlane } from '../../src/emulators/plane/index.js';
import { translator } from '../../src/i18n/index.js';
import { silentLogger } from '../../src/log.js';
import { createPlaneKit } from '../../src/plane/kit.js';
import { PlaneLimiters } from '../../src/plane/limiter.js';
import { Scheduler } from '../../src/schedules/scheduler.js';
import { buildDigest } from '../../src/slack/digests/digest.blocks.js';
import { createMemoryStore } from '../../src/state/index.js';

export interface TwentyAtOnce {
  /** Digests composed (and their snapshots kept). */
  posted: number;
  /** Plane API requests the look sent. */
  requests: number;
  /** Those the set-up sent just before (the project list, in the same window). */
  before: number;
  /** The most requests in any one window. */
  busiest: number;
  /** 429 answers. */
  throttled: number;
  ms: number;
}

export async function twentyDigestsAtOnce(windowMs: number): Promise<TwentyAtOnce> {
  const plane = await startFakePlane({ rateLimit: { requests: 60, windowMs } });
  const limiters = new PlaneLimiters({ limit: 60, windowMs });
  try {
    const db = plane.db;
    const bot = db.addMember('acme', { email: 'plane-bot@acme.io', first_name: 'Slack', last_name: 'Bot', display_name: 'plane-bot' });
    const apiKey = `plane_api_${randomUUID().replace(/-/g, '')}`;
    db.addApiKey(apiKey, bot.id);
    for (let p = 0; p < 20; p++) {
      db.addProject('acme', { identifier: `P${p}`, name: `Project ${p}` });
      db.addManyWorkItems(`P${p}`, 200, (i) => ({ state: ['Backlog', 'Todo', 'In Progress', 'Done'][i % 4] }));
    }
    const kit = createPlaneKit({ apiKey, baseUrl: plane.url, appUrl: plane.url, workspace: 'acme', cache: new Keyv(), limiters });
    let now = Date.parse('2026-12-07T08:59:00Z');
    const store = createMemoryStore();
    const scheduler = new Scheduler({ store, logger: silentLogger, now: () => now });
    const digests = new ChannelDigests({ scheduler, store, reader: new ProjectReader(kit, () => now), kit, now: () => now });
    let posted = 0;
    scheduler.register('digest', async ({ schedule }) => {
      const settings = schedule.payload as { channel: string; projectId: string };
      const composed = await digests.compose({ ...settings, filters: NO_FILTERS, staleDays: 7, timeZone: 'UTC' });
      buildDigest(composed.data, { timeZone: 'UTC', filters: NO_FILTERS }, translator('en'));
      await composed.commit();
      posted++;
    });
    const projects = await kit.api().projects('acme');
    for (const [i, project] of projects.entries()) {
      await digests.set({
        channel: `C${i}`,
        projectId: project.id,
        project: project.identifier,
        cadence: 'daily',
        time: '09:00',
        timeZone: 'UTC',
        filters: NO_FILTERS,
        staleDays: 7,
        quiet: false,
        setBy: 'U1',
      });
    }
    const before = plane.requests.filter((r) => r.path.startsWith('/api/v1/')).length;
    plane.resetRequests();
    now = Date.parse('2026-12-07T09:00:00Z');
    const started = performance.now();
    await scheduler.tick();
    const ms = performance.now() - started;
    const times = plane.requests
      .filter((r) => r.path.startsWith('/api/v1/'))
      .map((r) => r.time)
      .sort((a, b) => a - b);
    let busiest = 0;
    for (const [i, t] of times.entries()) busiest = Math.max(busiest, times.filter((u, j) => j >= i && u < t + windowMs).length);
    return { posted, requests: times.length, before, busiest, throttled: plane.requests.filter((r) => r.status === 429).length, ms };
  } finally {
    await limiters.close();
    await plane.close();
  }
}
