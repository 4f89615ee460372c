/**
 * Digests: what one digest of a 1,000-item project costs (Plane requests, time, CPU), against the
 * real Plane CE when its fixture's variables are set (PLANE_CE_URL, PLANE_CE_API_KEY,
 * PLANE_CE_ADMIN_API_KEY: the admin key adds 1,000 items to project OPS once), else the fake Plane;
 * and 20 digests of 20 projects due at the same minute through one scheduler look, at 60 requests
 * a window, against the fake Plane's throttle (the window shortened to 6 s so the bench does not
 * take minutes: the count per window is what matters).
 */
import { realPlaneFromEnv } from './fixtures/real-plane.js';
import { randomUUID } from 'node:crypto';
import Keyv from 'keyv';
import { ChannelDigests, NO_FILTERS } from '../src/digests/channel-digests.js';
import { ProjectReader } from '../src/digests/reads.js';
import { startFakePlane } from '../src/emulators/plane/index.js';
import { translator } from '../src/i18n/index.js';
import { silentLogger } from '../src/log.js';
import { createPlaneKit } from '../src/plane/kit.js';
import type { Project } from '../src/plane/types.js';
import { Scheduler } from '../src/schedules/scheduler.js';
import { buildDigest } from '../src/slack/digests/digest.blocks.js';
import { createMemoryStore } from '../src/state/index.js';
import { twentyDigestsAtOnce } from '../test/digests/twenty-at-once.js';
import type { BenchRow } from './run.js';

const ITEMS = 1000;

/** One digest, cold then warm: requests, wall time, CPU. */
async function oneDigest(where: string, kit: ReturnType<typeof createPlaneKit>, project: Project): Promise<BenchRow[]> {
  const store = createMemoryStore();
  const scheduler = new Scheduler({ store, logger: silentLogger });
  const digests = new ChannelDigests({ scheduler, store, reader: new ProjectReader(kit), kit });
  const target = { channel: 'C1', projectId: project.id, filters: NO_FILTERS, staleDays: 7, timeZone: 'UTC' };
  const rows: BenchRow[] = [];
  for (const cache of ['cold', 'warm']) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const { result, requests } = await kit.api().metered(async () => {
      const composed = await digests.compose(target, { fresh: true });
      const message = buildDigest(composed.data, { timeZone: 'UTC', filters: NO_FILTERS }, translator('en'));
      await composed.commit();
      return { composed, message };
    });
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const items = result.composed.data.counts.reduce((sum, c) => sum + c.count, 0);
    rows.push({
      area: 'digests',
      measure: `digest of a ${items}-item project, ${where}, ${cache} cache`,
      value: `${requests} Plane requests · ${Math.round(ms)} ms · CPU ${Math.round((used.user + used.system) / 1000)} ms · ${result.message.blocks.length} blocks`,
      target: cache === 'warm' ? '≤ 3 requests' : '≤ 6 requests',
    });
  }
  return rows;
}

async function realPlane(): Promise<BenchRow[]> {
  const plane = realPlaneFromEnv();
  if (!plane) return [];
  const kit = plane.kit();
  const project = (await kit.api().projects(plane.slug)).find((p) => p.identifier === 'OPS')!;
  await plane.fill(project, ITEMS, (i) => ({ name: `Bench item ${i + 1}`, priority: ['urgent', 'high', 'medium', 'low'][i % 4] }));
  return oneDigest('real Plane CE 1.3.1', kit, project);
}

async function fakePlane(): Promise<BenchRow[]> {
  const plane = await startFakePlane();
  const db = plane.db;
  const bot = db.addMember('acme', { email: 'plane-bot@acme.io', first_name: 'Slack', last_name: 'Bot', display_name: 'plane-bot' });
  const apiKey = `plane_api_${randomUUID().replace(/-/g, '')}`;
  db.addApiKey(apiKey, bot.id);
  db.addProject('acme', { identifier: 'ACME', name: 'Acme Web' });
  db.addManyWorkItems('ACME', ITEMS, (i) => ({
    state: ['Backlog', 'Todo', 'In Progress', 'Done'][i % 4],
    priority: i % 9 === 0 ? 'high' : 'none',
    target_date: i % 5 === 0 ? '2020-01-01' : null,
  }));
  const kit = createPlaneKit({ apiKey, baseUrl: plane.url, appUrl: plane.url, workspace: 'acme', cache: new Keyv() });
  const project = (await kit.api().projects('acme')).find((p) => p.identifier === 'ACME')!;
  const rows = await oneDigest('fake Plane', kit, project);
  await plane.close();
  return rows;
}

/** 20 projects, a digest each at 09:00: one scheduler look runs them all through the limiter. */
async function twentyAtOnce(): Promise<BenchRow[]> {
  const windowMs = 6_000;
  const { posted, requests, busiest, throttled, ms } = await twentyDigestsAtOnce(windowMs);
  return [
    {
      area: 'digests',
      measure: `20 digests of 20 projects due at one minute (${posted} composed, cold cache)`,
      value: `${requests} Plane requests in ${Math.round(ms / 100) / 10} s`,
      target: 'queued, not refused',
    },
    { area: 'digests', measure: 'requests in the busiest window (60/window, window 6 s for 60 s)', value: String(busiest), target: '≤ 60' },
    { area: 'digests', measure: '429 answers', value: String(throttled), target: '0' },
  ];
}

export async function bench(): Promise<BenchRow[]> {
  return [...(await realPlane()), ...(await fakePlane()), ...(await twentyAtOnce())];
}
