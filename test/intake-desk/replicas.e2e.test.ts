import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it, onTestFinished } from 'vitest';
import { startPlanebot } from '../../src/compose.js';
import { encodeRequest, signRequest } from '../../src/emulators/slack/index.js';
import { silentLogger } from '../../src/log.js';
import { SIGNING_SECRET } from '../harness/bot.js';
import { startRedisServer } from '../helpers/redis-server.js';
import { botForTest, run } from '../slack/commands-e2e/support.js';
import { ALICE, BOB, OPS, botLine, botThread, intakeRows } from './support.js';

const POLL_MS = 1_000;

/** Posts a Slack event envelope to a replica, signed now, as Slack's delivery (or its retry) would. */
async function deliverTo(url: string, envelope: Record<string, unknown>, retry?: number): Promise<number> {
  const encoded = encodeRequest('event', envelope);
  const headers = {
    ...signRequest(SIGNING_SECRET, encoded.rawBody, encoded.contentType),
    ...(retry ? { 'X-Slack-Retry-Num': String(retry), 'X-Slack-Retry-Reason': 'http_timeout' } : {}),
  };
  return (await fetch(`${url}/slack/events`, { method: 'POST', headers, body: encoded.rawBody })).status;
}

it('two replicas on one real Redis file a message once whoever gets its emoji, poll Intake once per interval between them, and tell the asker once', async () => {
  const redis = await startRedisServer();
  onTestFinished(() => redis.stop());
  const timing = { intakePollMs: POLL_MS, postIntervalMs: 20 };
  const a = await botForTest({
    timing,
    env: { REDIS_URL: redis.url, PLANE_RATE_LIMIT: '100000/minute' },
    plane: { rateLimit: { requests: 100_000, windowMs: 60_000 } },
  });
  const dataDir = await mkdtemp(join(tmpdir(), 'planebot-intake-replica-b-'));
  const b = await startPlanebot({ ...a.config, dataDir }, { logger: silentLogger, host: '127.0.0.1', timing });
  onTestFinished(async () => {
    await b.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  a.plane.db.project('ACME').intake_view = true;
  await run(a, { command: '/plane', text: 'intake ACME' }, { ephemeral: 1 });

  const name = 'Walrus invoices show last month’s exchange rate';
  const ts = await a.slack.userSays({ user: ALICE, channel: OPS, text: name });
  const eventId = await a.slack.userReacts({ user: ALICE, channel: OPS, ts, name: 'ticket' });
  const original = a.slack.deliveries.find((d) => d.kind === 'event' && d.body.event_id === eventId)!.body;
  const bobs = { ...original, event_id: `${String(eventId)}B`, event: { ...(original.event as object), user: BOB } };
  // At once: Alice's event again on B (a retry landing on the other replica) and Bob's emoji on both.
  const statuses = await Promise.all([deliverTo(b.url, original, 1), deliverTo(a.bot.url, bobs), deliverTo(b.url, bobs, 1)]);
  expect(statuses).toEqual([200, 200, 200]);
  await botLine(a, OPS, ts, /Filed as .*\(in triage\) for <@U0ALICE>/);
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(intakeRows(a).filter((row) => row.name === name)).toHaveLength(1);
  expect(botThread(a, OPS, ts)).toHaveLength(1);

  // While it waits in Intake both replicas look every half second; the project's slot lets one request through per interval.
  const intakeReads = () => a.plane.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/intake-issues/')).length;
  const before = intakeReads();
  const windowMs = 4_000;
  await new Promise((resolve) => setTimeout(resolve, windowMs));
  const polls = intakeReads() - before;
  expect(polls).toBeGreaterThanOrEqual(2);
  expect(polls).toBeLessThanOrEqual(windowMs / POLL_MS + 1);

  const item = a.plane.db.workItem(intakeRows(a).find((row) => row.name === name)!.key);
  a.plane.webApp.decideIntake(item.id, { status: 1 }, a.demo.users.dana.id);
  await botLine(a, OPS, ts, /<@U0ALICE> .* was accepted/);
  await new Promise((resolve) => setTimeout(resolve, POLL_MS * 3));
  expect(botThread(a, OPS, ts).filter((m) => /accepted/.test(m.text))).toHaveLength(1);
}, 60_000);
