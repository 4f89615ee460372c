/**
 * Digests: what one digest of a 1,000-item project costs (Plane requests, time, CPU), each the
 * median of five rounds, against the real Plane CE when its fixture's variables are set
 * (PLANE_CE_URL, PLANE_CE_API_KEY, PLANE_CE_ADMIN_API_KEY: the admin key fills project OPS to
 * 1,000 items, which later runs reuse until the fixture is reset), and always against the fake
 * Plane; and 20 digests of 20 projects due at the same minute through one scheduler look, at 60
 * requests a window, against the fake Plane's throttle (the window shortened to 6 s so the bench
 * does not take minutes: the count per window is what matters).
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import Keyv from 'keyv';
import { ChannelDigests, NO_FILTERS } from '../src/digests/channel-digests.js';
import { ProjectReader } from '../src/digests/reads.js';
import { startFakePlane } from '../src/emulators/plane/index.js';
import { translator } from '../src/i18n/index.js';
import { silentLogger } from '../src/log.js';
import { createPlaneKit, type PlaneKit } from '../src/plane/kit.js';
import type { Project } from '../src/plane/types.js';
import { Scheduler } from '../src/schedules/scheduler.js';
import { buildDigest } from '../src/slack/digests/digest.blocks.js';
import { createMemoryStore } from '../src/state/index.js';
import { twentyDigestsAtOnce } from '../test/digests/twenty-at-once.js';
import { realPlaneFromEnv } from './fixtures/real-plane.js';
import { spread } from './fixtures/rounds.js';
import type { BenchRow } from './run.js';

const ITEMS = 1000;
const ROUNDS = 5;

/** What one digest cost. */
interface Cost {
  requests: number;
  ms: number;
  cpuMs: number;
  items: number;
  blocks: number;
}

/** One round: a kit with an empty cache, its digest cold, then again warm. */
async function digestRound(kit: PlaneKit, project: Project): Promise<Record<'cold' | 'warm', Cost>> {
  const store = createMemoryStore();
  const scheduler = new Scheduler({ store, logger: silentLogger });
  const digests = new ChannelDigests({ scheduler, store, reader: new ProjectReader(kit), kit });
  const target = { channel: 'C1', projectId: project.id, filters: NO_FILTERS, staleDays: 7, timeZone: 'UTC' };
  const once = async (): Promise<Cost> => {
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
    return {
      requests,
      ms,
      cpuMs: (used.user + used.system) / 1000,
      items: result.composed.data.counts.reduce((sum, c) => sum + c.count, 0),
      blocks: result.message.blocks.length,
    };
  };
  const cold = await once();
  return { cold, warm: await once() };
}

/** ROUNDS rounds of one digest, cold then warm: requests, wall time, CPU, each the median (min–max). */
async function oneDigest(where: string, kit: () => PlaneKit, project: Project): Promise<BenchRow[]> {
  const load = loadavg()[0]!;
  const rounds: Awaited<ReturnType<typeof digestRound>>[] = [];
  for (let round = 0; round < ROUNDS; round++) rounds.push(await digestRound(kit(), project));
  const rows = (['cold', 'warm'] as const).map((cache): BenchRow => {
    const costs = rounds.map((r) => r[cache]);
    return {
      area: 'digests',
      measure: `digest of a ${costs[0]!.items}-item project, ${where}, ${cache} cache, median of ${ROUNDS} rounds (min–max)`,
      value: `${spread(costs.map((c) => c.requests))} Plane requests · ${spread(costs.map((c) => c.ms))} ms · CPU ${spread(costs.map((c) => c.cpuMs))} ms · ${costs[0]!.blocks} blocks`,
      target: cache === 'warm' ? '≤ 3 requests' : '≤ 6 requests',
    };
  });
  return [
    ...rows,
    {
      area: 'digests',
      measure: `machine load (1 min) at start / end, ${where}`,
      value: `${load.toFixed(1)} / ${loadavg()[0]!.toFixed(1)}`,
    },
  ];
}

async function realPlane(): Promise<BenchRow[]> {
  const plane = realPlaneFromEnv();
  if (!plane) return [];
  const project = (await plane.kit().api().projects(plane.slug)).find((p) => p.identifier === 'OPS')!;
  const started = performance.now();
  await plane.fill(project, ITEMS, (i) => ({ name: `Bench item ${i + 1}`, priority: ['urgent', 'high', 'medium', 'low'][i % 4] }));
  process.stderr.write(`digests: OPS filled to ${ITEMS} items in ${Math.round((performance.now() - started) / 1000)} s\n`);
  return oneDigest('real Plane CE 1.3.1', plane.kit, project);
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
  const kit = () => createPlaneKit({ apiKey, baseUrl: plane.url, appUrl: plane.url, workspace: 'acme', cache: new Keyv() });
  const project = (await kit().api().projects('acme')).find((p) => p.identifier === 'ACME')!;
  const rows = await oneDigest('fake Plane (in this process: its CPU counts)', kit, project);
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
