/**
 * Plane webhook answers under a burst: 100 work items each changed in three fields at once (300
 * signed deliveries), two channels subscribed, five rounds on one bot (new items each round). Three
 * processes, as in production: the bot (`src/main.ts`, its embedded state store), Plane's side (the
 * fake Plane, `fixtures/plane-side.ts`: the REST API the bot reads names from, and the webhooks,
 * which sign, post and time each delivery) and Slack's side (`fixtures/slack-side.ts`); this process
 * only coordinates them and, in the loaded rounds, sends Slack commands. So what Plane sees (from
 * its POST to the answer) shares no event loop with the bot.
 *
 * Each burst is sent twice per round: all at once, and as Plane sends it (SHAPES).
 * Each round waits until every delivery is handled (the handling-lag histogram's count on /metrics),
 * so a round's answers compete with the handling of its own burst. Quiet rounds: the burst alone.
 * Floor rounds: the same burst to a bare node:http server that only reads and answers
 * (`fixtures/bare-receiver.ts`), what this machine allows any Node server at the time.
 * Loaded rounds: the same burst while the bot also serves a steady stream of `/todo list` commands
 * (LOADED_COMMANDS_PER_SECOND, from the start of the burst until it is handled). The answer is also
 * timed by the bot (`planebot_webhook_answer_seconds`: from the request's arrival at the handler to
 * the answer, read from its buckets), and the bot's event-loop delay while the answers came
 * (`planebot_nodejs_eventloop_lag_*`, reset at each scrape) says whether the loop was free to take
 * them. Last, a fresh bot is profiled (`--cpu-prof`) through one burst after its warm-up, apart from the
 * measured rounds since profiling slows it: its top functions by self time, per delivery.
 */
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAIN_ENTRY, startBotProcess, type BotProcess } from '../test/harness/process.js';
import { CommandClient } from './fixtures/commands.js';
import { startFixture, type FixtureProcess } from './fixtures/ipc.js';
import type { Burst, PlaneSide } from './fixtures/plane-side.js';
import { topFunctions, type ProfileWindow } from './fixtures/profile.js';
import type { SlackCounts, SlackSide } from './fixtures/slack-side.js';
import { median, percentile, spread } from './fixtures/rounds.js';
import type { BenchRow } from './run.js';
import { SIGNING_SECRET, SLACK_SECRETS } from './fixtures/slack-secrets.js';

const ITEMS = 100;
const FIELDS = 3;
const ROUNDS = 5;
const CHANNELS = ['C0OPS', 'C0GENERAL'];
const LOADED_COMMANDS_PER_SECOND = 50;
const WEBHOOK_SECRET = 'plane_wh_bench0123456789abcdef0123456789';
const WAIT_LIMIT_MS = 300_000;
/**
 * How the burst is sent. Plane sends each delivery from a task of its Celery worker, as many at once
 * as the worker's pool has processes: one per CPU unless set (the Plane CE fixture runs 2, as this
 * 2-core machine would). All at once is the harsher case, where the answers queue on the sockets of
 * both servers.
 */
const SHAPES: { name: string; label: string; workers?: number }[] = [
  { name: 'at once', label: 'all 300 at once' },
  { name: '2 workers', label: "as Plane's Celery sends it, 2 workers", workers: 2 },
];
const PROFILED_SHAPE = SHAPES[1]!;

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

interface Round {
  p50: number;
  p99: number;
  /** The smallest bucket bounds (ms) holding 99 % and all of the bot's own answer times in the round. */
  botP99: number;
  botMax: number;
  /** The bot's event-loop delay from the burst's start to its last answer, p99 and max, ms. */
  loopP99: number;
  loopMax: number;
  /** The fake Plane's own event-loop delay meanwhile (it delays reading an answer), p99, ms. */
  planeLoopP99: number;
  handledMs: number;
  /** The Slack commands' acks during the round (loaded rounds), p99, ms. */
  commandP99?: number;
  /** From the burst's start to its last delivery handled, for the profile. */
  window: ProfileWindow;
}

/** Now on the monotonic clock CPU profiles are timed by, µs. */
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

const at = (burst: Burst, p: number) => percentile(burst.answersMs, p);
const ratios = (values: number[]) => `${median(values).toFixed(2)} (${values.map((v) => v.toFixed(2)).join(', ')})`;
async function metrics(bot: BotProcess): Promise<string> {
  return (await fetch(`${bot.url}/metrics`)).text();
}

function buckets(text: string): Map<number, number> {
  return new Map(
    [...text.matchAll(/planebot_webhook_answer_seconds_bucket\{le="([0-9.]+)"\} (\d+)/g)].map((m) => [Number(m[1]) * 1000, Number(m[2])]),
  );
}

const gauge = (text: string, name: string) => Number(new RegExp(`^${name} ([0-9.e+-]+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
const handledCount = (text: string) => gauge(text, 'planebot_webhook_handling_lag_seconds_count');

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + WAIT_LIMIT_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`waited more than ${WAIT_LIMIT_MS} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The three processes, and a bot on a fresh data folder subscribed in both channels and warmed up. */
class Stage {
  private constructor(
    readonly slack: FixtureProcess<SlackSide>,
    readonly plane: FixtureProcess<PlaneSide>,
    readonly floor: FixtureProcess<{ url: string }>,
    readonly commands: CommandClient,
    private readonly dataDir: string,
  ) {}

  static async start(dataDir: string): Promise<Stage> {
    const started: FixtureProcess<unknown>[] = [];
    const start = async <Ready>(name: string, env: Record<string, string>) => {
      const child = await startFixture<Ready>(fixture(name), env);
      started.push(child);
      return child;
    };
    try {
      const slack = await start<SlackSide>('slack-side.ts', SLACK_SECRETS);
      const plane = await start<PlaneSide>('plane-side.ts', { PLANE_WEBHOOK_SECRET: WEBHOOK_SECRET });
      const floor = await start<{ url: string }>('bare-receiver.ts', {});
      return new Stage(slack, plane, floor, new CommandClient(SIGNING_SECRET, slack.ready.sinkUrl, 20), dataDir);
    } catch (error) {
      await Promise.allSettled(started.map((child) => child.stop()));
      throw error;
    }
  }

  /** Ephemerals and response_url posts, and channel posts: every reply the bot made so far. */
  async replies(): Promise<{ replies: number; posts: number }> {
    const counts = await this.slack.call<SlackCounts>('counts');
    const posts = counts.calls['chat.postMessage'] ?? 0;
    return { replies: counts.responses + (counts.calls['chat.postEphemeral'] ?? 0) + posts, posts };
  }

  /** A bot on its own data folder (`name`), subscribed and warmed up; with `profileDir`, it writes a CPU profile there when it stops. */
  async bot(name: string, profileDir?: string): Promise<BotProcess> {
    const dir = join(this.dataDir, name);
    await mkdir(dir);
    const bot = await startBotProcess({
      name,
      entry: MAIN_ENTRY,
      env: {
        ...SLACK_SECRETS,
        SLACK_API_URL: this.slack.ready.apiUrl,
        PLANE_API_KEY: this.plane.ready.apiKey,
        PLANE_BASE_URL: this.plane.ready.url,
        PLANE_WORKSPACE: this.plane.ready.workspace,
        PLANE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        PORT: '0',
        PLANEBOT_DATA_DIR: dir,
        LOG_LEVEL: 'info',
        ...(profileDir && { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir}` }),
      },
    });
    try {
      await this.slack.call('setRequestUrl', bot.requestUrl);
      await this.plane.call('point', `${bot.url}/plane/webhooks`);
      for (const channel of CHANNELS) {
        const before = (await this.replies()).replies;
        await this.commands.send(bot.requestUrl, { command: '/plane', text: 'subscribe ACME', channel });
        await waitFor(async () => (await this.replies()).replies > before, `the subscription in ${channel}`);
      }
      // The Slack commands of the loaded rounds, once each side of the JIT.
      await Promise.all(Array.from({ length: 20 }, () => this.commands.send(bot.requestUrl, { command: '/todo', text: 'list' })));
      // One change, through to its card in both channels (projects, states, members cached).
      const posts = (await this.replies()).posts;
      await this.plane.call('warmUp');
      await waitFor(async () => (await this.replies()).posts >= posts + CHANNELS.length, 'the warm-up cards');
      return bot;
    } catch (error) {
      await bot.stop().catch(() => undefined);
      throw error;
    }
  }

  async round(bot: BotProcess, name: string, commandsPerSecond: number, workers?: number): Promise<Round> {
    const expected = ITEMS * FIELDS;
    const before = await metrics(bot); // also starts the event-loop delay's window afresh
    const started = Date.now();
    const from = monotonicUs();
    let handled = false;
    const load = CommandClient.steady(
      commandsPerSecond,
      () => commandsPerSecond > 0 && !handled,
      () => this.commands.send(bot.requestUrl, { command: '/todo', text: 'list' }),
    );
    load.catch(() => undefined); // awaited below, once the burst is handled
    const burst = await this.plane.call<Burst>('burst', { items: ITEMS, round: name, workers });
    const answered = await metrics(bot);
    let after = answered;
    while (handledCount(after) - handledCount(before) < expected) {
      if (Date.now() - started > WAIT_LIMIT_MS) throw new Error(`the burst was not handled within ${WAIT_LIMIT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 250));
      after = await metrics(bot);
    }
    const handledMs = Date.now() - started;
    const window = { from, to: monotonicUs() };
    handled = true;
    const acks = (await load).sort((a, b) => a - b);
    // What Slack sends back to the bot (the echoes of its posts) is answered before the next round.
    await this.slack.call('settled');
    const [was, now] = [buckets(before), buckets(after)];
    const bounds = [...now.keys()].sort((a, b) => a - b);
    const bound = (share: number) => bounds.find((b) => now.get(b)! - (was.get(b) ?? 0) >= share * expected) ?? Number.POSITIVE_INFINITY;
    const [botP99, botMax] = [bound(0.99), bound(1)];
    return {
      p50: at(burst, 50),
      p99: at(burst, 99),
      botP99,
      botMax,
      loopP99: gauge(answered, 'planebot_nodejs_eventloop_lag_p99_seconds') * 1000,
      loopMax: gauge(answered, 'planebot_nodejs_eventloop_lag_max_seconds') * 1000,
      planeLoopP99: burst.ownDelayP99Ms,
      handledMs,
      ...(acks.length > 0 && { commandP99: percentile(acks, 99) }),
      window,
    };
  }

  /** The same burst to the bare server, then the webhook back to the bot. */
  async floorRound(bot: BotProcess, name: string, workers?: number): Promise<Burst> {
    await this.plane.call('point', this.floor.ready.url);
    try {
      return await this.plane.call<Burst>('burst', { items: ITEMS, round: name, workers });
    } finally {
      await this.plane.call('point', `${bot.url}/plane/webhooks`);
    }
  }

  async stop(): Promise<void> {
    this.commands.close();
    await Promise.allSettled([this.plane.stop(), this.slack.stop(), this.floor.stop()]);
  }
}

/** `rounds` against the floor's rounds beside them, each round's p99 over the floor's. */
function rowsOf(label: string, rounds: Round[], floor: Burst[]): BenchRow[] {
  const tag = `${ITEMS * FIELDS}-delivery burst, ${CHANNELS.length} channels, median of ${ROUNDS} rounds (min–max)`;
  const ms = (pick: (r: Round) => number, digits = 0) => `${spread(rounds.map(pick), digits)} ms`;
  const row = (measure: string, value: string, target?: string): BenchRow => ({
    area: 'webhooks',
    measure: `${measure}, ${label}`,
    value,
    ...(target && { target }),
  });
  const acks = rounds.flatMap((r) => (r.commandP99 === undefined ? [] : [r.commandP99]));
  return [
    row(
      `answer p50 as Plane sees it (${tag})`,
      ms((r) => r.p50),
    ),
    row(
      'answer p99 as Plane sees it',
      ms((r) => r.p99),
      '< 50 ms',
    ),
    row("answer p99 over the floor's p99 in the same round, each round", ratios(rounds.map((r, i) => r.p99 / at(floor[i]!, 99)))),
    row(
      'answer p99 / slowest in the bot, arrival at the handler to answer (histogram bucket bounds)',
      `≤ ${ms((r) => r.botP99, 1)} / ≤ ${ms((r) => r.botMax, 1)}`,
    ),
    row('bot event-loop delay while the answers came, p99 / max', `${ms((r) => r.loopP99)} / ${ms((r) => r.loopMax)}`),
    row(
      "fake Plane's own event-loop delay while it sent, p99 (it delays reading an answer)",
      ms((r) => r.planeLoopP99),
    ),
    row(
      'burst start to every delivery handled',
      `${spread(
        rounds.map((r) => r.handledMs / 1000),
        1,
      )} s`,
    ),
    ...(acks.length > 0 ? [row('Slack command ack p99 during the burst', `${spread(acks)} ms`)] : []),
  ];
}

export async function bench(): Promise<BenchRow[]> {
  const load = loadavg()[0]!;
  const dataDir = await mkdtemp(join(tmpdir(), 'planebot-bench-webhooks-'));
  const stage = await Stage.start(dataDir);
  try {
    const bot = await stage.bot('bot');
    const results = SHAPES.map(() => ({ quiet: [] as Round[], loaded: [] as Round[], floor: [] as Burst[] }));
    try {
      // Alternating, so that every shape and server sees the same machine.
      for (let i = 0; i < ROUNDS; i++) {
        for (const [s, { workers, name }] of SHAPES.entries()) {
          const { quiet, loaded, floor } = results[s]!;
          floor.push(await stage.floorRound(bot, `floor ${name} ${i}`, workers));
          quiet.push(await stage.round(bot, `quiet ${name} ${i}`, 0, workers));
          loaded.push(await stage.round(bot, `loaded ${name} ${i}`, LOADED_COMMANDS_PER_SECOND, workers));
          process.stderr.write(
            `  round ${i + 1}, ${name}: p99 floor ${at(floor[i]!, 99)} ms, quiet ${quiet[i]!.p99} ms, loaded ${loaded[i]!.p99} ms; load ${loadavg()[0]!.toFixed(1)}\n`,
          );
        }
      }
    } finally {
      await bot.stop();
    }
    const middle = loadavg()[0]!;
    // Where the time goes: a fresh bot, profiled through one quiet burst as Plane sends it, after its warm-up.
    const profileDir = join(dataDir, 'profile');
    await mkdir(profileDir);
    const profiled = await stage.bot('profiled', profileDir);
    const { window } = await stage.round(profiled, 'profiled', 0, PROFILED_SHAPE.workers);
    await profiled.stop(); // the profile is written as the process exits
    // PLANEBOT_BENCH_PROFILES keeps the profile, for a flame graph (Chrome DevTools, speedscope).
    const keep = process.env.PLANEBOT_BENCH_PROFILES;
    if (keep) await cp(profileDir, keep, { recursive: true });
    return [
      ...SHAPES.flatMap(({ label }, s) => {
        const { quiet, loaded, floor } = results[s]!;
        const floorTag = `${label}, floor: a bare node:http server that reads and answers, same burst`;
        return [
          {
            area: 'webhooks',
            measure: `answer p50 / p99 as Plane sees it, ${floorTag}`,
            value: `${spread(floor.map((b) => at(b, 50)))} / ${spread(floor.map((b) => at(b, 99)))} ms`,
          },
          {
            area: 'webhooks',
            measure: `fake Plane's own event-loop delay while it sent, p99, ${floorTag}`,
            value: `${spread(floor.map((b) => b.ownDelayP99Ms))} ms`,
          },
          ...rowsOf(`${label}, quiet`, quiet, floor),
          ...rowsOf(`${label}, loaded (the bot also serves ${LOADED_COMMANDS_PER_SECOND} /todo list a second)`, loaded, floor),
        ];
      }),
      {
        area: 'webhooks',
        measure: `CPU profile of the bot, top five functions by self time per delivery (one quiet burst, ${PROFILED_SHAPE.label}, profiled apart)`,
        value: topFunctions(profileDir, 5, ITEMS * FIELDS, window).join('; '),
      },
      {
        area: 'webhooks',
        measure: 'machine load (1 min) at start / after the rounds / end',
        value: `${load.toFixed(1)} / ${middle.toFixed(1)} / ${loadavg()[0]!.toFixed(1)}`,
      },
    ];
  } finally {
    await stage.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
