/**
 * Slack ack latency: signed `/todo list` slash commands (each with its own response_url), 500 at
 * concurrency 20 after a warm-up, against the bot as a real process (`src/main.ts`, HTTP mode, its
 * embedded state store) and against a bare Bolt app that only acks (the floor), in its own process.
 * Slack's side (the emulator the bot posts to, which echoes its posts back as events, and the
 * response_url sink) is a third process, so the load client here only sends and times.
 * Rounds alternate bare / bot; the table gives the median round and the spread.
 * Target: the bot's p99 ≤ 1.2 × the bare app's.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeRequest, signRequest } from '../src/emulators/slack/index.js';
import { startBotProcess } from '../test/harness/process.js';
import { startFixture } from './fixtures/ipc.js';
import type { SlackCounts, SlackSide } from './fixtures/slack-side.js';
import type { BenchRow } from './run.js';

const REQUESTS = 500;
const CONCURRENCY = 20;
const WARMUP = 100;
const ROUNDS = 3;
const TARGET_RATIO = 1.2;
const SIGNING_SECRET = 'bench-signing-secret-0123456789';
const BOT_TOKEN = 'xoxb-bench-0123456789';
const SETTLE_TIMEOUT_MS = 60_000;

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

interface Percentiles {
  p50: number;
  p99: number;
}

export async function bench(): Promise<BenchRow[]> {
  const load = loadavg()[0]!;
  const dataDir = await mkdtemp(join(tmpdir(), 'planebot-bench-slack-'));
  const secrets = { SLACK_BOT_TOKEN: BOT_TOKEN, SLACK_SIGNING_SECRET: SIGNING_SECRET };
  const slack = await startFixture<SlackSide>(fixture('slack-side.ts'), secrets);
  const stops: (() => Promise<unknown>)[] = [() => slack.stop()];
  try {
    const bot = await startBotProcess({
      name: 'bench',
      env: { ...secrets, SLACK_API_URL: slack.ready.apiUrl, PORT: '0', PLANEBOT_DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    });
    stops.unshift(() => bot.stop());
    await slack.call('setRequestUrl', bot.requestUrl);
    const bare = await startFixture<{ requestUrl: string }>(fixture('bare-bolt.ts'), { ...secrets, SLACK_API_URL: slack.ready.apiUrl });
    stops.unshift(() => bare.stop());

    const client = new LoadClient(slack.ready.sinkUrl);
    const bareRounds: Percentiles[] = [];
    const botRounds: Percentiles[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      bareRounds.push(await client.measure(bare.ready.requestUrl));
      botRounds.push(await client.measure(bot.requestUrl));
      // The bot's work after the acks (its posts, their echoes) ends before the next round starts.
      await settle(() => slack.call<SlackCounts>('counts'), client.sentTo(bot.requestUrl));
      await slack.call('settled');
    }
    const ratios = botRounds.map((bot, i) => bot.p99 / bareRounds[i]!.p99);
    const ms = (values: number[]) => `${median(values).toFixed(2)} ms (${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)})`;
    const tag = `${REQUESTS} req, c=${CONCURRENCY}, median of ${ROUNDS} rounds (min–max)`;
    return [
      { area: 'slack', measure: `ack p50, bare Bolt app (${tag})`, value: ms(bareRounds.map((r) => r.p50)) },
      { area: 'slack', measure: 'ack p99, bare Bolt app', value: ms(bareRounds.map((r) => r.p99)) },
      { area: 'slack', measure: 'ack p50, Planebot process (/todo list)', value: ms(botRounds.map((r) => r.p50)) },
      { area: 'slack', measure: 'ack p99, Planebot process (/todo list)', value: ms(botRounds.map((r) => r.p99)) },
      {
        area: 'slack',
        measure: 'ack p99 ratio Planebot / bare (each round)',
        value: `${median(ratios).toFixed(2)} (${ratios.map((r) => r.toFixed(2)).join(', ')})`,
        target: `≤ ${TARGET_RATIO}`,
      },
      { area: 'slack', measure: 'machine load average (1 min) at start, 2 cores', value: load.toFixed(2) },
    ];
  } finally {
    for (const stop of stops) await stop().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Sends signed slash commands as Slack does and times each until the ack's body is read. */
class LoadClient {
  private sent = new Map<string, number>();
  private next = 0;

  constructor(private readonly sinkUrl: string) {}

  sentTo(url: string): number {
    return this.sent.get(url) ?? 0;
  }

  async measure(url: string): Promise<Percentiles> {
    await this.batch(url, WARMUP);
    const latencies = (await this.batch(url, REQUESTS)).sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)]!;
    return { p50: at(0.5), p99: at(0.99) };
  }

  private async batch(url: string, count: number): Promise<number[]> {
    const latencies: number[] = [];
    let started = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (started < count) {
          started++;
          latencies.push(await this.send(url));
        }
      }),
    );
    return latencies;
  }

  private async send(url: string): Promise<number> {
    const n = this.next++;
    this.sent.set(url, this.sentTo(url) + 1);
    const { rawBody, contentType } = encodeRequest('command', {
      token: 'legacy-verification-token',
      team_id: 'T0TEAM',
      team_domain: 'acme',
      channel_id: 'C0GENERAL',
      channel_name: 'general',
      user_id: 'U0ALICE',
      user_name: 'alice',
      command: '/todo',
      text: 'list',
      api_app_id: 'A0APP',
      is_enterprise_install: 'false',
      response_url: `${this.sinkUrl}/${n}`,
      trigger_id: `${n}.bench`,
    });
    const headers = signRequest(SIGNING_SECRET, rawBody, contentType);
    const started = performance.now();
    const response = await fetch(url, { method: 'POST', headers, body: rawBody });
    await response.arrayBuffer();
    const elapsed = performance.now() - started;
    if (response.status !== 200) throw new Error(`${url} answered HTTP ${response.status}`);
    return elapsed;
  }
}

/** Waits until the bot has replied to every command sent to it so far (bounded). */
async function settle(counts: () => Promise<SlackCounts>, commands: number): Promise<void> {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  for (;;) {
    const seen = await counts();
    const replies = (seen.calls['chat.postMessage'] ?? 0) + seen.responses;
    if (replies >= commands) return;
    if (Date.now() > deadline) throw new Error(`the bot replied to ${replies} of ${commands} commands within ${SETTLE_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
