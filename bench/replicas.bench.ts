/**
 * Two replicas, one Plane budget: two bot processes (`src/main.ts`, HTTP mode) sharing a real
 * redis-server, the demo fake Plane here (60 requests per rolling minute per key, Plane's 429), and
 * Slack's side in its own process. A burst of 200 `/plane show <KEY>` commands is sent at once,
 * alternating between the replicas; the bench waits for every reply. Plane's real 60 s window is
 * used (no test time scaling), so the burst takes a few minutes.
 * Target: zero 429 seen by users (an error reply); the fake answering 429 is also counted.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedDemoWorkspace, startFakePlane } from '../src/emulators/plane/index.js';
import { postSigned } from '../src/emulators/slack/index.js';
import { startBotProcess, type BotProcess } from '../test/harness/process.js';
import { startRedisServer } from '../test/helpers/redis-server.js';
import { startFixture } from './fixtures/ipc.js';
import type { SlackCounts, SlackSide } from './fixtures/slack-side.js';
import type { BenchRow } from './run.js';
import { SIGNING_SECRET, SLACK_SECRETS } from './fixtures/slack-secrets.js';

const OPERATIONS = 200;
const SEND_CONCURRENCY = 20;
const WINDOW_MS = 60_000;
const PLANE_LIMIT = 60;
/** 200 operations at 60 a minute take over three minutes; allow for a slow machine. */
const BURST_TIMEOUT_MS = 12 * 60_000;

interface Replies {
  responses: { text?: string }[];
  posts: { text?: string; error?: string }[];
}

export async function bench(): Promise<BenchRow[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'planebot-bench-replicas-'));
  const stops: (() => Promise<unknown>)[] = [() => rm(dataDir, { recursive: true, force: true })];
  try {
    const redis = await startRedisServer();
    stops.unshift(() => redis.stop());
    const plane = await startFakePlane();
    stops.unshift(() => plane.close());
    const demo = seedDemoWorkspace(plane.db);
    const slack = await startFixture<SlackSide>(fileURLToPath(new URL('./fixtures/slack-side.ts', import.meta.url)), SLACK_SECRETS);
    stops.unshift(() => slack.stop());

    const env = {
      ...SLACK_SECRETS,
      SLACK_API_URL: slack.ready.apiUrl,
      PORT: '0',
      PLANE_API_KEY: demo.apiKey,
      PLANE_BASE_URL: plane.url,
      PLANE_WORKSPACE: demo.workspace.slug,
      REDIS_URL: redis.url,
      PLANEBOT_DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
    };
    const replicas: BotProcess[] = [];
    for (const name of ['A', 'B']) {
      const replica = await startBotProcess({ name, env });
      replicas.push(replica);
      stops.unshift(() => replica.stop());
    }
    // Echoes of the bot's posts go to one replica, as Slack sends each event to one of them.
    await slack.call('setRequestUrl', replicas[0]!.requestUrl);

    const keys = demo.workItems.map((item) => `${demo.project.identifier}-${item.sequence_id}`);
    plane.resetRequests();
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: SEND_CONCURRENCY }, async () => {
        while (next < OPERATIONS) {
          const n = next++;
          const response = await postSigned(replicas[n % replicas.length]!.requestUrl, SIGNING_SECRET, 'command', {
            team_id: 'T0TEAM',
            channel_id: 'C0GENERAL',
            channel_name: 'general',
            user_id: 'U0ALICE',
            user_name: 'alice',
            command: '/plane',
            text: `show ${keys[n % keys.length]}`,
            api_app_id: 'A0APP',
            response_url: `${slack.ready.sinkUrl}/${n}`,
            trigger_id: `${n}.bench`,
          });
          await response.arrayBuffer();
          if (response.status !== 200) throw new Error(`replica answered HTTP ${response.status}`);
        }
      }),
    );
    await waitForReplies(() => slack.call<SlackCounts>('counts'));
    const wallMs = performance.now() - started;

    const replies = await slack.call<Replies>('replies');
    const keyed = plane.requests.filter((request) => request.apiKey === demo.apiKey);
    const throttled = keyed.filter((request) => request.status === 429).length;
    const errors = replies.responses.filter((response) => response.text !== undefined);
    const rateLimited = errors.filter((response) => /rate limit|429/i.test(response.text!)).length;
    const cards = replies.posts.filter((post) => post.error === undefined).length;
    return [
      {
        area: 'replicas',
        measure: `/plane show burst: ${OPERATIONS} commands over 2 replicas sharing Redis`,
        value: `${cards} cards posted`,
      },
      { area: 'replicas', measure: 'Plane requests made (cold cache, shared through Redis)', value: String(keyed.length) },
      {
        area: 'replicas',
        measure: 'Plane requests in the busiest 60 s window',
        value: String(busiestWindow(keyed.map((r) => r.time))),
        target: `≤ ${PLANE_LIMIT}`,
      },
      { area: 'replicas', measure: '429 answered by Plane', value: String(throttled) },
      {
        area: 'replicas',
        measure: '429 seen by users (error replies)',
        value: `${rateLimited} (all error replies: ${errors.length})`,
        target: '0',
      },
      { area: 'replicas', measure: 'wall time of the burst (real 60 s window)', value: `${(wallMs / 1000).toFixed(1)} s` },
    ];
  } finally {
    for (const stop of stops) await stop().catch(() => undefined);
  }
}

/** Every command gets one reply: a card in the channel or an ephemeral error. */
async function waitForReplies(counts: () => Promise<SlackCounts>): Promise<void> {
  const deadline = Date.now() + BURST_TIMEOUT_MS;
  for (;;) {
    const seen = await counts();
    const replies = (seen.calls['chat.postMessage'] ?? 0) + seen.responses;
    if (replies >= OPERATIONS) return;
    if (Date.now() > deadline) throw new Error(`${replies} of ${OPERATIONS} replies within ${BURST_TIMEOUT_MS / 60_000} minutes`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The most requests whose arrival times fall within one window. */
function busiestWindow(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let first = 0;
  for (let last = 0; last < sorted.length; last++) {
    while (sorted[last]! - sorted[first]! >= WINDOW_MS) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}
