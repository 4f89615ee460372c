import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { STOP_POLL_AWAY_MS } from '../../src/agent/stop-watch.js';
import { createStateStore, type StateStore } from '../../src/state/index.js';
import { eventually } from '../harness/bot.js';
import { captureLogger } from '../helpers/logs.js';
import { startRedisServer, type RedisServer } from '../helpers/redis-server.js';
import { ALICE, startHarness, type Harness } from './support/harness.js';

let h: Harness | undefined;
let redis: RedisServer | undefined;
let store: StateStore | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await h?.close();
  await store?.close();
  await redis?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  h = redis = store = dataDir = undefined;
});

/** A model request the fake holds until the client goes away: only an abort ends it. */
const neverAnswered = () => new Promise<never>(() => undefined);

/** Eight looks at the usual pace (STOP_POLL_MS), each of which logged a warning before. */
const OUTAGE_MS = 4_000;

describe('the Stop watcher while Redis is away', () => {
  it('says once that it cannot look and once that the store is back, looks less often meanwhile, and still finds a stop asked afterwards in another process', async () => {
    redis = await startRedisServer();
    dataDir = await mkdtemp(join(tmpdir(), 'planebot-stop-'));
    store = await createStateStore({ dataDir, redisUrl: redis.url });
    const { logger, lines } = captureLogger();
    h = await startHarness({ store, logger });
    h.api.script(neverAnswered);
    const { runId } = await h.say('Summarise every open item');
    await eventually(() => h!.api.requests.length === 1, 8_000, 'the model request');

    const outage = await redis.interrupt();
    await sleep(OUTAGE_MS);
    redis = await outage.resume();
    const away = (line: { msg: string }) => line.msg.startsWith('could not look for a stop of the run');
    const back = (line: { msg: string }) => line.msg.startsWith('the store answers again');
    await eventually(() => lines.some(back), STOP_POLL_AWAY_MS + 5_000, 'the watcher seeing the store back');

    expect(lines.filter(away)).toHaveLength(1);
    expect(lines.filter(away)[0]).toMatchObject({ level: 40, runId });
    expect(lines.filter(back)).toHaveLength(1);

    // Still watching: a stop asked in another process reaches the driver's model request.
    const other = await h.otherAgent();
    expect(await other.agent.stop({ runId, stoppedBy: ALICE })).toEqual({ status: 'stopping', runId });
    await h.api.requests[0]!.abortSeen;
    await h.agent.idle();
    expect(h.ui.of('stopped')).toHaveLength(1);
    expect(lines.filter(away)).toHaveLength(1);
  }, 60_000);
});
