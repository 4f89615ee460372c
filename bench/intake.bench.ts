/**
 * Intake desk: the duplicate check of one Slack message against a 1,000-item project (open work
 * items and pending intake requests): Plane requests (cold and warm cache), wall time, the
 * matcher's own time, and the heap it takes. Against the real Plane CE when its fixture's
 * variables are set (PLANE_CE_URL, PLANE_CE_API_KEY, PLANE_CE_ADMIN_API_KEY: project ACME
 * filled to 1,000 items once by the admin key), and always against the fake Plane.
 */
import { gc } from './fixtures/gc.js';
import { realPlaneFromEnv } from './fixtures/real-plane.js';
import { randomUUID } from 'node:crypto';
import Keyv from 'keyv';
import { startFakePlane } from '../src/emulators/plane/index.js';
import { firstLine, IntakeDesk } from '../src/intake-desk/desk.js';
import { rankSimilar } from '../src/intake-desk/matcher.js';
import type { IntakeChannel } from '../src/intake-desk/records.js';
import { silentLogger } from '../src/log.js';
import { createPlaneKit, type PlaneKit } from '../src/plane/kit.js';
import { PlaneLimiters } from '../src/plane/limiter.js';
import { createMemoryStore } from '../src/state/index.js';
import type { BenchRow } from './run.js';

const ITEMS = 1000;
const ROUNDS = 20;
const MESSAGE = 'The CSV export of invoices times out for large customers\nSince Monday, every export over 5,000 rows fails.';

const SUBJECTS = [
  'CSV export',
  'login page',
  'invoice mail',
  'search box',
  'billing page',
  'SSO metadata',
  'webhook retry',
  'dark mode',
  'mobile app',
  'PDF report',
  'onboarding checklist',
  'API token',
  'calendar sync',
  'audit trail',
  'payment form',
];
const TROUBLES = [
  'fails for large accounts',
  'is slow on Safari',
  'shows the wrong total',
  'times out after an hour',
  'crashes on an empty cart',
  'loses the filter',
  'needs a French translation',
  'returns 404 for tenant B',
  'sends duplicates',
  'ignores the time zone',
];

/** Titles like a real backlog's: a subject and a trouble, numbered so none is the same; item 500 is the message's duplicate. */
const title = (i: number) =>
  i === 500
    ? 'Invoice CSV export times out for big customers'
    : `${SUBJECTS[i % SUBJECTS.length]} ${TROUBLES[Math.floor(i / SUBJECTS.length) % TROUBLES.length]} (${i + 1})`;

function deskOf(kit: PlaneKit): IntakeDesk {
  const store = createMemoryStore();
  return new IntakeDesk({
    plane: kit,
    records: store,
    store,
    logger: silentLogger,
    tell: async () => undefined,
    followThread: async () => undefined,
  });
}

async function checks(where: string, kit: PlaneKit, setting: IntakeChannel): Promise<BenchRow[]> {
  const desk = deskOf(kit);
  const rows: BenchRow[] = [];
  let found = 0;
  for (const cache of ['cold', 'warm']) {
    const started = performance.now();
    const { result, requests } = await kit.api().metered(() => desk.duplicates(setting, { text: MESSAGE }));
    found = result.length;
    rows.push({
      area: 'intake',
      measure: `duplicate check, ${ITEMS}-item project, ${where}, ${cache} cache`,
      value: `${requests} Plane requests · ${Math.round(performance.now() - started)} ms · ${found} candidates`,
      target: cache === 'warm' ? '≤ 2 requests' : '≤ 5 requests',
    });
  }
  return rows;
}

/** The matcher alone on 1,000 documents: median time, and the heap one check takes and keeps. */
function matcherOnly(): BenchRow[] {
  const docs = Array.from({ length: ITEMS }, (_, i) => ({
    id: String(i),
    title: title(i),
    body: i % 3 === 0 ? `Customer report number ${i}: ${title(i + 7)}` : '',
  }));
  // What the desk searches with: the message's first line.
  const query = firstLine(MESSAGE);
  rankSimilar(query, docs);
  const times: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const started = performance.now();
    rankSimilar(query, docs);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  gc();
  const before = process.memoryUsage().heapUsed;
  const matches = rankSimilar(query, docs);
  const grown = process.memoryUsage().heapUsed - before;
  gc();
  const kept = process.memoryUsage().heapUsed - before;
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return [
    {
      area: 'intake',
      measure: `matcher alone (MiniSearch), ${ITEMS} titles, median of ${ROUNDS}`,
      value: `${times[Math.floor(ROUNDS / 2)]!.toFixed(1)} ms (max ${times.at(-1)!.toFixed(1)} ms) · ${matches.length} candidates`,
      target: '< 100 ms',
    },
    {
      area: 'intake',
      measure: 'matcher heap: grown during one check / kept after it',
      value: `${mb(grown)} / ${mb(Math.max(0, kept))}`,
      target: 'nothing kept',
    },
  ];
}

async function realPlane(): Promise<BenchRow[]> {
  const plane = realPlaneFromEnv();
  if (!plane) return [];
  const project = (await plane.kit().api().projects(plane.slug)).find((p) => p.identifier === 'ACME')!;
  // Filled once: ACME holds 1,000 items for as long as the fixture is not reset.
  await plane.fill(project, ITEMS, (i) => ({ name: title(i) }));
  // A kit of its own, so that the first check starts from an empty cache.
  return checks('real Plane CE 1.3.1', plane.kit(), {
    channel: 'C1',
    projectId: project.id,
    project: 'ACME',
    emoji: 'ticket',
    auto: false,
    setBy: 'bench',
  });
}

async function fakePlane(): Promise<BenchRow[]> {
  const plane = await startFakePlane();
  const db = plane.db;
  const bot = db.addMember('acme', { email: 'plane-bot@acme.io', first_name: 'Slack', last_name: 'Bot', display_name: 'plane-bot' });
  const apiKey = `plane_api_${randomUUID().replace(/-/g, '')}`;
  db.addApiKey(apiKey, bot.id);
  const project = db.addProject('acme', { identifier: 'ACME', name: 'Acme Web', intake_view: true });
  db.addManyWorkItems('ACME', ITEMS - 20, (i) => ({ name: title(i), state: ['Backlog', 'Todo', 'In Progress', 'Done'][i % 4] }));
  for (let i = ITEMS - 20; i < ITEMS; i++) db.addIntakeRequest('ACME', { name: title(i) }, bot.id);
  const kit = createPlaneKit({
    apiKey,
    baseUrl: plane.url,
    appUrl: plane.url,
    workspace: 'acme',
    cache: new Keyv(),
    limiters: new PlaneLimiters({ limit: 100_000 }),
  });
  const rows = await checks('fake Plane (20 of them pending in Intake)', kit, {
    channel: 'C1',
    projectId: project.id,
    project: 'ACME',
    emoji: 'ticket',
    auto: false,
    setBy: 'bench',
  });
  await plane.close();
  return rows;
}

export async function bench(): Promise<BenchRow[]> {
  return [...matcherOnly(), ...(await fakePlane()), ...(await realPlane())];
}
