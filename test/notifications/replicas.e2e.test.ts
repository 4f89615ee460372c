import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it, onTestFinished } from 'vitest';
import { startPlanebot } from '../../src/compose.js';
import { silentLogger } from '../../src/log.js';
import { eventually } from '../harness/bot.js';
import { startRedisServer } from '../helpers/redis-server.js';
import { botForTest, OPS, run } from '../slack/commands-e2e/support.js';
import { cards } from './support.js';

const CONDENSE_MS = 2_000;

it('two replicas on one real Redis, each given every delivery, post each notification once', async () => {
  const redis = await startRedisServer();
  onTestFinished(() => redis.stop());
  const timing = { condenseMs: CONDENSE_MS, postIntervalMs: 20 };
  const a = await botForTest({ webhooks: true, timing, env: { REDIS_URL: redis.url } });
  const dataDir = await mkdtemp(join(tmpdir(), 'planebot-replica-b-'));
  const b = await startPlanebot({ ...a.config, dataDir }, { logger: silentLogger, host: '127.0.0.1', timing });
  onTestFinished(async () => {
    await b.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  await run(a, { command: '/plane', text: 'subscribe ACME' }, { ephemeral: 1 });
  const { dana } = a.demo.users;
  const before = a.plane.webhooks.attempts.length;
  const keys = ['ACME-1', 'ACME-2', 'ACME-3', 'ACME-4', 'ACME-5'];
  for (const key of keys) a.plane.webApp.updateWorkItem(key, { priority: 'none', name: `${key} renamed` }, dana.id);
  const answered = await eventually(
    () => {
      const done = a.plane.webhooks.attempts.slice(before).filter((attempt) => attempt.status === 200);
      return done.length === keys.length * 2 ? done : undefined;
    },
    10_000,
    'the ten deliveries answered by A',
  );
  // Every delivery A had goes to B too, byte for byte, as a retry landing on the other replica would;
  // both replicas drain the shared outbox.
  const replays = await Promise.all(
    answered.map((attempt) =>
      fetch(`${b.url}/plane/webhooks`, {
        method: 'POST',
        headers: { ...attempt.headers, 'X-Plane-Delivery': crypto.randomUUID() },
        body: attempt.body,
      }),
    ),
  );
  expect(replays.map((r) => r.status)).toEqual(answered.map(() => 200));
  const posted = await eventually(
    () => {
      const mine = cards(a, OPS).filter((c) => keys.some((key) => c.card.text.startsWith(`${key}:`)));
      return mine.length === keys.length && mine.every((c) => c.replies.length >= 1) ? mine : undefined;
    },
    20_000,
    'five cards with their lines',
  );
  await new Promise((resolve) => setTimeout(resolve, CONDENSE_MS * 4 + 2_000));
  const after = cards(a, OPS).filter((c) => keys.some((key) => c.card.text.startsWith(`${key}:`)));
  expect(after).toHaveLength(keys.length);
  for (const { replies } of after) expect(replies.map((r) => r.text)).toHaveLength(1);
  expect(posted.map((c) => c.replies[0]!.text)).toEqual(
    expect.arrayContaining([expect.stringMatching(/^ACME-\d+: dana: priority none · renamed to/)]),
  );
}, 90_000);
