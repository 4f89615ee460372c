import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { LEASE_MS as OUTBOX_LEASE_MS } from '../../src/notifications/outbox.js';
import { eventually, startBotHarness, type BotHarness } from '../harness/bot.js';
import { captureLogger, type CapturedLine } from '../helpers/logs.js';
import { startRedisServer, type RedisServer } from '../helpers/redis-server.js';
import { OPS, run } from '../slack/commands-e2e/support.js';
import { cards } from '../notifications/support.js';
import { peek } from '../helpers/peek.js';

let harness: BotHarness | undefined;
let redis: RedisServer | undefined;
afterEach(async () => {
  await harness?.close();
  await redis?.stop();
  harness = redis = undefined;
});

/** The orphan sweep runs every half lease: every second here. */
const RUN_LEASE_MS = 2_000;
/** Approvals past their deadline are looked for every tenth of it: every second here too. */
const APPROVAL_TIMEOUT = '10s';
/** The notice waits this long in the outbox, so that the outage comes while it waits. */
const CONDENSE_MS = 3_000;
/** Six looks of the orphan sweep and of the approvals' expiry, three of the outbox sweep: each logged before. */
const OUTAGE_MS = 6_000;

const WARN = 40;
const INFO = 30;
const starting = (prefix: string) => (line: CapturedLine) => line.msg.startsWith(prefix);

describe('the store’s pollers while Redis is away', () => {
  it('the orphan sweep, the approvals’ expiry and the outbox sweep each say once that the store is away and once that it is back, and a notice waiting in the outbox is posted once Redis is back', async () => {
    redis = await startRedisServer();
    const { logger, lines } = captureLogger();
    harness = await startBotHarness({
      model: [],
      webhooks: true,
      env: { REDIS_URL: redis.url, PLANEBOT_APPROVAL_TIMEOUT: APPROVAL_TIMEOUT },
      logger,
      timing: { runLeaseMs: RUN_LEASE_MS, condenseMs: CONDENSE_MS, postIntervalMs: 20 },
    });
    const h = harness;
    await run(h, { command: '/plane', text: 'subscribe ACME' }, { ephemeral: 1 });
    h.plane.webApp.updateWorkItem('ACME-2', { priority: 'urgent' }, h.demo.users.dana.id);
    // Queued, listed and taken by a drainer that waits for it to be due: the enqueue is over.
    await eventually(
      async () =>
        ((await peek<unknown[]>(h.bot.store, 'outbox', `heads:${OPS}`))?.length ?? 0) === 1 &&
        (await peek(h.bot.store, 'outbox:leases', OPS)) !== undefined,
      5_000,
      'the notice waiting in the outbox',
    );

    const outage = await redis.interrupt();
    await sleep(OUTAGE_MS);
    expect(cards(h, OPS).filter((c) => c.card.text.startsWith('ACME-2:'))).toHaveLength(0);
    redis = await outage.resume();
    // The drainer's lease, renewed at most a second before the outage, is taken up, not waited out.
    const posted = await eventually(
      () => cards(h, OPS).find((c) => c.card.text.startsWith('ACME-2:') && c.replies.length === 1),
      OUTBOX_LEASE_MS - OUTAGE_MS - 1_000,
      'the notice posted after the outage, before the lease held when it began lapses',
    );
    expect(posted.replies[0]!.text).toContain('priority urgent');

    const pollers = ['look for orphaned runs', 'deny approvals past their deadline', 'look for outbox queues'];
    const back = starting('the store answers again');
    await eventually(() => lines.filter(back).length >= pollers.length, 10_000, 'every poller seeing the store back');
    for (const poller of pollers) {
      expect(
        lines.filter(starting(`could not ${poller}`)).map((l) => l.level),
        poller,
      ).toEqual([WARN]);
      expect(
        lines.filter((l) => back(l) && l.poller === poller).map((l) => l.level),
        poller,
      ).toEqual([INFO]);
    }
    expect(lines.filter(back)).toHaveLength(pollers.length);
  }, 60_000);
});
