/**
 * Slack ack latency: signed `/todo list` slash commands (each with its own response_url) against
 * the bot as a real process (`src/main.ts`, HTTP mode, its embedded state store), against the same
 * bot on Bolt's own HTTPReceiver (`fixtures/bot-on-bolt-receiver.ts`, which decides whether the
 * ack-first receiver earns its keep), against a bare Bolt app that only acks (the floor), and
 * against a bare Bolt app that also posts the reply the bot posts (the floor of the same Slack work:
 * the ack, the post and the post's echo), each in its own process. Slack's side (the emulator the
 * servers post to, which echoes each post back as a `message` event, and the response_url sink) is
 * a process too, so the load client here only sends and times. The server under test gets a core
 * of its own; the client and Slack's side share the other, Slack's side at the lowest priority and,
 * at the steady rate, the client real-time, so that Slack's work (answering the posts, sending their
 * echoes) never delays the client's timing, as it would not if Slack were elsewhere. The client is
 * node:http with kept-alive connections, the lightest there is, so that its own pauses weigh least.
 *
 * Two loads, each in rounds after warm-ups: 2,000 requests per server at concurrency 20 (the target:
 * the bot's p99 ≤ 1.2 × the bare app's), and 2,000 at a steady 200 a second, under saturation. A
 * round's requests go to the four servers in turn, a slice at a time, and the kernel's own threads
 * are moved off the server's core, so that what else the machine does falls on no server more than
 * another. CPU per command says where a gap comes from, and it holds when the ack ratios only say
 * how busy the machine was (each ratio row says so when its rounds lie more than 2× apart); it is
 * also split by thread (the JavaScript thread's user and kernel time, and the process's other
 * threads: V8's compiler and collector helpers, libuv's pool), which a profile of the JavaScript
 * thread alone cannot show. Then a fresh process of each bot is profiled (`--cpu-prof`)
 * through a warm-up and a steady round, apart from the measured rounds since profiling slows it:
 * over that round, its top three functions by self time, the garbage collector and all its code, per
 * command. With PLANEBOT_BENCH_PROFILES=<folder> the profiles are kept there, for a flame graph.
 * With PLANEBOT_BENCH_BASELINE=<folder>, a checkout of another revision, installed and built there
 * (`npm ci && npm run build`), its bot runs as a fifth server, with its own start flags, for a
 * before and after measured in the same rounds.
 */
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEFAULT_BOT, DEFAULT_CHANNELS, DEFAULT_TEAM, DEFAULT_USERS } from '../src/emulators/slack/defaults.js';
import { encodeRequest, signRequest } from '../src/emulators/slack/index.js';
import { commandForm } from '../src/emulators/slack/payloads.js';
import { Workspace } from '../src/emulators/slack/workspace.js';
import { MAIN_ENTRY, startBotProcess, startNodeFlags, type BotProcess } from '../test/harness/process.js';
import {
  lowestPriority,
  ordinaryPriority,
  realtimePriority,
  moveKernelThreadsOff,
  pinToCpu,
  THREAD_SPLIT_PARTS,
  threadSplitMs,
  totalMs,
  usedPer,
  type ThreadSplit,
} from './fixtures/cpu.js';
import { profileClock, summarizeProfiles } from './fixtures/profile.js';
import { startFixture } from './fixtures/ipc.js';
import { median, percentile } from './fixtures/rounds.js';
import type { SlackCounts, SlackSide } from './fixtures/slack-side.js';
import type { BenchRow } from './run.js';
import { SIGNING_SECRET, SLACK_SECRETS } from './fixtures/slack-secrets.js';

/**
 * Per round and load. A server's first few hundred requests after the others' turns cost it more
 * (1.24–1.48 ms a command at 200/s against 1.04–1.30 for the next ones): rounds of 500 weighed that
 * start as a quarter of the round. PLANEBOT_BENCH_REQUESTS sets another number.
 */
const REQUESTS = Number(process.env.PLANEBOT_BENCH_REQUESTS ?? 2_000);
/**
 * A round's requests go to the servers in turn, this many at a time, so that whatever else the
 * machine runs meanwhile (a second's stall falls in one server's share when each has its round in
 * one piece) falls on every server alike and each round's ratios compare like with like. Slices of
 * 500 (PLANEBOT_BENCH_SLICE) gave ratios no closer together.
 */
const SLICE = Number(process.env.PLANEBOT_BENCH_SLICE ?? 100);
const CONCURRENCY = 20;
const STEADY_PER_SECOND = 200;
/** Before the first round: the bot's CPU per command keeps falling for about 2,000 (the JIT). */
const FIRST_WARMUP = 2_000;
const ROUNDS = 5;
/** The profiled process's warm-up: as long as the measured servers', for the JIT to settle the hot paths. */
const PROFILED_WARMUP = FIRST_WARMUP;
/**
 * The profiled round: long enough that the time the server waits for its core under load (which a
 * wall-clock sampler charges to whatever function was running) spreads over many functions.
 */
const PROFILED_REQUESTS = 2_000;
const TARGET_RATIO = 1.2;
const TARGET_CPU_MS = 1;
/** Rounds' ratios further apart than this say more about the machine than about the servers. */
const NOISY_SPREAD = 2;
const SETTLE_TIMEOUT_MS = 60_000;
/** Short, since each round settles after every slice. */
const SETTLE_POLL_MS = 10;
const SERVER_CPU = 1;
const HELPERS_CPU = 0;

/** The emulator's own workspace, so the commands sent are the form Slack's side would send. */
const WORKSPACE = new Workspace({ team: DEFAULT_TEAM, bot: DEFAULT_BOT, users: DEFAULT_USERS, channels: DEFAULT_CHANNELS });
const GENERAL = WORKSPACE.channel('C0GENERAL')!;

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

type Load = { kind: 'concurrent'; concurrency: number } | { kind: 'steady'; perSecond: number };

const BASELINE = process.env.PLANEBOT_BENCH_BASELINE;
const BASELINE_REVISION = BASELINE ? revision(BASELINE) : '';
const ALWAYS = ['bare', 'bareReplying', 'bot', 'boltReceiver'] as const;
type ServerName = (typeof ALWAYS)[number] | 'baseline';
type BotName = Exclude<ServerName, 'bare' | 'bareReplying'>;
const SERVERS: readonly ServerName[] = BASELINE ? [...ALWAYS, 'baseline'] : ALWAYS;
const BOTS = SERVERS.filter((name): name is BotName => name !== 'bare' && name !== 'bareReplying');
const LABELS: Record<ServerName, string> = {
  bare: 'bare Bolt app',
  bareReplying: 'bare Bolt app posting the same reply',
  bot: 'Planebot process, /todo list',
  boltReceiver: "Planebot on Bolt's HTTPReceiver, /todo list",
  baseline: `Planebot at ${BASELINE_REVISION}, /todo list`,
};
/** The same, short, in the rows that list every server. */
const SHORT: Record<ServerName, string> = {
  bare: 'bare',
  bareReplying: 'bare posting the same reply',
  bot: 'Planebot',
  boltReceiver: "on Bolt's receiver",
  baseline: `at ${BASELINE_REVISION}`,
};

/** How the ratio rows name each server. */
const RATIO_NAMES: Record<ServerName, string> = {
  bare: 'bare',
  bareReplying: LABELS.bareReplying,
  bot: 'Planebot',
  boltReceiver: "Planebot on Bolt's receiver",
  baseline: LABELS.baseline,
};
type Pair = readonly [ServerName, ServerName];
/** The ratios the rows give, over / under; a pair with a server not running (the baseline) is left out. */
const ACK_RATIOS: readonly Pair[] = [
  ['bot', 'bare'],
  ['bot', 'bareReplying'],
  ['boltReceiver', 'bare'],
  ['boltReceiver', 'bot'],
  ['bot', 'baseline'],
];
const CPU_RATIOS: readonly Pair[] = [
  ['bot', 'bare'],
  ['bot', 'bareReplying'],
  ['boltReceiver', 'bot'],
  ['bot', 'baseline'],
];

/** The baseline's commit, or its folder's name where it is not a Git checkout. */
function revision(checkout: string): string {
  try {
    return execFileSync('git', ['-C', checkout, 'log', '-1', '--format=%h'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return basename(checkout);
  }
}

/** The baseline's built entry, or a clear error when the folder has none. */
function baselineEntry(checkout: string): string {
  const entry = join(checkout, 'dist', 'src', 'main.js');
  if (!existsSync(entry))
    throw new Error(`PLANEBOT_BENCH_BASELINE=${checkout} has no dist/src/main.js: run npm ci && npm run build in that checkout first`);
  return entry;
}

/** An empty list for each server. */
function perServer<T>(): Record<ServerName, T[]> {
  return Object.fromEntries(SERVERS.map((name) => [name, []])) as unknown as Record<ServerName, T[]>;
}

/** One server's share of a round: each request's ack time, and the CPU it used from first to settled. */
interface Share {
  latencies: number[];
  cpu: { before: ThreadSplit; after: ThreadSplit } | undefined;
}

interface Round {
  p50: number;
  p99: number;
  /** CPU the server used per request of the round, its work after the acks included. */
  cpuMs: number | undefined;
  /** The same by thread: what the JavaScript thread spends in user and system time, and the rest. */
  split: ThreadSplit | undefined;
}

export async function bench(): Promise<BenchRow[]> {
  const load = loadavg()[0]!;
  const dataDir = await mkdtemp(join(tmpdir(), 'planebot-bench-slack-'));
  const slack = await startFixture<SlackSide>(fixture('slack-side.ts'), SLACK_SECRETS);
  const stops: (() => Promise<unknown>)[] = [() => slack.stop()];
  const profiles = join(dataDir, 'profiles');
  await mkdir(profiles);
  try {
    // The baseline is in BOTS only when PLANEBOT_BENCH_BASELINE is set.
    const entryOf = (name: BotName): { entry: string; nodeFlags?: readonly string[] } =>
      name === 'baseline'
        ? { entry: baselineEntry(BASELINE!), nodeFlags: startNodeFlags(BASELINE!) }
        : { entry: name === 'bot' ? MAIN_ENTRY : fixture('bot-on-bolt-receiver.ts') };
    /** A bot process on its own data folder; with `profile`, it writes a CPU profile there when it stops. */
    const startBot = async (name: BotName, profile?: string) => {
      const dir = join(dataDir, profile ? `${name}-profiled` : name);
      await mkdir(dir);
      const env = {
        ...SLACK_SECRETS,
        SLACK_API_URL: slack.ready.apiUrl,
        PORT: '0',
        PLANEBOT_DATA_DIR: dir,
        LOG_LEVEL: 'info',
        ...(profile && { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profile}` }),
      };
      return startBotProcess({ name, env, ...entryOf(name) });
    };
    const bots = {} as Record<BotName, BotProcess>;
    for (const name of BOTS) {
      bots[name] = await startBot(name);
      stops.unshift(() => bots[name].stop());
    }
    const startBare = (replies: boolean) =>
      startFixture<{ requestUrl: string }>(fixture('bare-bolt.ts'), {
        ...SLACK_SECRETS,
        SLACK_API_URL: slack.ready.apiUrl,
        ...(replies && { BARE_BOLT_REPLIES: '1' }),
      });
    const bare = await startBare(false);
    stops.unshift(() => bare.stop());
    const bareReplying = await startBare(true);
    stops.unshift(() => bareReplying.stop());
    const servers = {
      bare: { url: bare.ready.requestUrl, pid: bare.pid },
      bareReplying: { url: bareReplying.ready.requestUrl, pid: bareReplying.pid },
      ...Object.fromEntries(BOTS.map((name) => [name, { url: bots[name].requestUrl, pid: bots[name].pid }])),
    } as Record<ServerName, { url: string; pid: number }>;
    const pinned = [
      ...SERVERS.map((name) => pinToCpu(servers[name].pid, SERVER_CPU)),
      pinToCpu(slack.pid, HELPERS_CPU),
      pinToCpu(process.pid, HELPERS_CPU),
      lowestPriority(slack.pid),
    ];
    const isolation = moveKernelThreadsOff(SERVER_CPU, HELPERS_CPU);
    stops.push(async () => isolation.restore());

    const client = new LoadClient(slack.ready.sinkUrl);
    // The echoes of a server's posts go to it while it is under load, as Slack sends them to the app that posted.
    const aimAt = async (target: ServerName | { url: string }) => {
      if (target !== 'bare') await slack.call('setRequestUrl', typeof target === 'string' ? servers[target].url : target.url);
    };
    const settled = async () => {
      // The bots' work after the acks (their posts, the echoes) ends before the next round starts.
      await settle(() => slack.call<SlackCounts>('counts'), client.sentToAllBut(servers.bare.url));
      await slack.call('settled');
    };
    for (const name of SERVERS) {
      await aimAt(name);
      await client.warmUp(servers[name], FIRST_WARMUP, settled);
    }
    const rows: BenchRow[] = [];
    let realtimeClient = false;
    for (const [load, label, target] of [
      [{ kind: 'concurrent', concurrency: CONCURRENCY }, `c=${CONCURRENCY}`, `≤ ${TARGET_RATIO}, rounds ≤ ${NOISY_SPREAD}× apart`],
      [{ kind: 'steady', perSecond: STEADY_PER_SECOND }, `${STEADY_PER_SECOND}/s steady`, undefined],
    ] as const) {
      const rounds = perServer<Round>();
      // At the steady rate the client mostly waits, and a wake-up delayed by Slack's side (which
      // works only while a bot posts) would count against the bots alone. At c=20 it keeps its core
      // busy, and as a real-time process it would leave Slack's side almost no time.
      if (load.kind === 'steady') realtimeClient = realtimePriority(process.pid);
      for (let round = 0; round < ROUNDS; round++) {
        const shares = perServer<Share>();
        for (let sent = 0; sent < REQUESTS; sent += SLICE) {
          for (const name of SERVERS) {
            await aimAt(name);
            shares[name].push(await client.measure(servers[name], load, settled, Math.min(SLICE, REQUESTS - sent)));
          }
        }
        for (const name of SERVERS) rounds[name].push(summarize(shares[name]));
      }
      if (realtimeClient) ordinaryPriority(process.pid);
      rows.push(...rowsOf(label, rounds, target));
    }
    // Where the CPU per command goes: a fresh process of each bot, profiled (which slows it, so apart
    // from the measured rounds), through a warm-up and a round at the steady rate.
    for (const stop of stops.splice(0, SERVERS.length)) await stop();
    for (const name of BOTS) {
      const dir = join(profiles, name);
      await mkdir(dir);
      const profiled = await startBot(name, dir);
      pinToCpu(profiled.pid, SERVER_CPU);
      const server = { url: profiled.requestUrl, pid: profiled.pid };
      await aimAt({ url: server.url });
      await client.warmUp(server, PROFILED_WARMUP, settled);
      const from = profileClock();
      const before = client.sentTo(server.url);
      await client.measure(server, { kind: 'steady', perSecond: STEADY_PER_SECOND }, settled, PROFILED_REQUESTS);
      const window = { from, to: profileClock(), per: client.sentTo(server.url) - before, count: 3 };
      // The profile is written as the process exits.
      await profiled.stop();
      const { top, gcMs, busyMs } = summarizeProfiles(dir, window);
      rows.push({
        area: 'slack',
        measure: `CPU profile of a round, top three functions by self time per command, ${LABELS[name]} (${STEADY_PER_SECOND}/s steady, profiled apart)`,
        value: `${top.join('; ')}; garbage collector ${gcMs.toFixed(3)} ms; all ${busyMs.toFixed(3)} ms`,
      });
    }
    // PLANEBOT_BENCH_PROFILES keeps the profiles, for a flame graph (Chrome DevTools, speedscope).
    const keep = process.env.PLANEBOT_BENCH_PROFILES;
    if (keep) await cp(profiles, keep, { recursive: true });
    return [
      ...rows,
      {
        area: 'slack',
        measure: `machine: load average (1 min) at start and end; server pinned to its own core; kernel threads moved off that core; the client at the steady rate`,
        value: `${load.toFixed(2)} and ${loadavg()[0]!.toFixed(2)}; ${pinned.every(Boolean) ? 'pinned' : 'not pinned (no taskset)'}; ${isolation.moved} moved; ${realtimeClient ? 'real-time' : 'ordinary priority (real-time refused)'}`,
      },
    ];
  } finally {
    for (const stop of stops) await stop().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  }
}

function rowsOf(label: string, rounds: Record<ServerName, Round[]>, target: string | undefined): BenchRow[] {
  const spread = (values: number[]) =>
    `${median(values).toFixed(2)} ms (${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)})`;
  const perRound = (over: ServerName, under: ServerName, of: (round: Round) => number | undefined) => {
    const ratios = rounds[over].map((round, i) => (of(round) ?? Number.NaN) / (of(rounds[under][i]!) ?? Number.NaN));
    const wide = Math.max(...ratios) / Math.min(...ratios);
    // A round's ratio moves with what else the machine runs meanwhile; past 2× apart, that is what it measures.
    const noise = wide > NOISY_SPREAD ? `; rounds ${wide.toFixed(1)}× apart: machine noise dominates, see CPU per command` : '';
    return `${median(ratios).toFixed(2)} (${ratios.map((r) => r.toFixed(2)).join(', ')})${noise}`;
  };
  /** One row per pair of servers both running, each round's ratio of `of`; the first pair carries the target. */
  const ratioRows = (what: string, pairs: readonly Pair[], of: (round: Round) => number | undefined, target?: string): BenchRow[] =>
    pairs
      .filter((pair) => pair.every((name) => SERVERS.includes(name)))
      .map(([over, under], i) => ({
        area: 'slack',
        measure: `${what} ratio ${RATIO_NAMES[over]} / ${RATIO_NAMES[under]}, each round (${label})`,
        value: perRound(over, under, of),
        ...(i === 0 && target && { target }),
      }));
  const p99 = (round: Round) => round.p99;
  const cpu = (round: Round) => round.cpuMs;
  const tag = `${label}, ${REQUESTS} req, median of ${ROUNDS} rounds (min–max)`;
  const measured = SERVERS.every((name) => rounds[name].every((r) => r.cpuMs !== undefined));
  return [
    ...SERVERS.flatMap((name, i): BenchRow[] => [
      { area: 'slack', measure: `ack p50, ${LABELS[name]} (${i === 0 ? tag : label})`, value: spread(rounds[name].map((r) => r.p50)) },
      { area: 'slack', measure: `ack p99, ${LABELS[name]} (${label})`, value: spread(rounds[name].map((r) => r.p99)) },
    ]),
    ...ratioRows('ack p99', ACK_RATIOS, p99, target),
    {
      area: 'slack',
      measure: `server CPU per command, ${SERVERS.map((name) => SHORT[name]).join(' / ')} (${label})`,
      value: measured ? SERVERS.map((name) => spread(rounds[name].map((r) => r.cpuMs!))).join(' / ') : 'n/a',
      ...(label.includes('steady') && { target: `Planebot ≤ ${TARGET_CPU_MS} ms` }),
    },
    ...SERVERS.filter((name) => rounds[name].every((r) => r.split)).map((name) => ({
      area: 'slack',
      measure: `server CPU per command by thread, ${LABELS[name]}: JavaScript thread user / its system (kernel) / other threads (${label})`,
      value: THREAD_SPLIT_PARTS.map((part) => spread(rounds[name].map((r) => r.split![part]))).join(' / '),
    })),
    ...(measured ? ratioRows('server CPU per command', CPU_RATIOS, cpu) : []),
  ];
}

/** Sends signed slash commands as Slack does and times each until the ack's body is read. */
class LoadClient {
  private readonly sent = new Map<string, number>();
  private next = 0;
  private readonly agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

  constructor(private readonly sinkUrl: string) {}

  sentTo(url: string): number {
    return this.sent.get(url) ?? 0;
  }

  /** Every command sent to a server but `url` (the bare app, which replies to none). */
  sentToAllBut(url: string): number {
    return [...this.sent].reduce((sum, [to, count]) => (to === url ? sum : sum + count), 0);
  }

  async warmUp(server: { url: string }, count: number, settled: () => Promise<void>): Promise<void> {
    await this.concurrent(server.url, count, CONCURRENCY);
    await settled();
  }

  /** `requests` under `load`, then `settled`. */
  async measure(server: { url: string; pid: number }, load: Load, settled: () => Promise<void>, requests: number): Promise<Share> {
    const before = threadSplitMs(server.pid);
    const latencies =
      load.kind === 'concurrent'
        ? await this.concurrent(server.url, requests, load.concurrency)
        : await this.steady(server.url, requests, load.perSecond);
    await settled();
    const after = threadSplitMs(server.pid);
    return { latencies, cpu: before && after && { before, after } };
  }

  private async concurrent(url: string, count: number, concurrency: number): Promise<number[]> {
    const latencies: number[] = [];
    let started = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (started < count) {
          started++;
          latencies.push(await this.send(url));
        }
      }),
    );
    return latencies;
  }

  /** One request every 1/perSecond s whatever the answers do, as traffic arrives from Slack. */
  private async steady(url: string, count: number, perSecond: number): Promise<number[]> {
    const start = performance.now();
    const sends: Promise<number>[] = [];
    for (let i = 0; i < count; i++) {
      const wait = start + (i * 1000) / perSecond - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      sends.push(this.send(url));
    }
    return Promise.all(sends);
  }

  private async send(url: string): Promise<number> {
    const n = this.next++;
    this.sent.set(url, this.sentTo(url) + 1);
    const { rawBody, contentType } = encodeRequest(
      'command',
      commandForm(WORKSPACE, {
        userId: 'U0ALICE',
        channel: GENERAL,
        command: '/todo',
        text: 'list',
        responseUrl: `${this.sinkUrl}/${n}`,
        triggerId: `${n}.bench`,
      }),
    );
    const headers = signRequest(SIGNING_SECRET, rawBody, contentType);
    const started = performance.now();
    const post = (retry: boolean) =>
      new Promise<number | undefined>((resolve, reject) => {
        const request = httpRequest(url, { method: 'POST', headers, agent: this.agent }, (response) => {
          response.resume().once('end', () => resolve(response.statusCode));
        });
        request
          .once('error', (error: NodeJS.ErrnoException) => {
            // A kept-alive connection the server closed as it was reused (its idle timeout while the
            // other servers had their turn): nothing was received, so it is sent again, once.
            if (retry && request.reusedSocket && error.code === 'ECONNRESET') resolve(post(false));
            else reject(error);
          })
          .end(rawBody);
      });
    const status = await post(true);
    const elapsed = performance.now() - started;
    if (status !== 200) throw new Error(`${url} answered HTTP ${status}`);
    return elapsed;
  }
}

/** A server's shares of a round as one: the quantiles of all its acks, its CPU over all its shares. */
function summarize(shares: Share[]): Round {
  const latencies = shares.flatMap((share) => share.latencies).sort((a, b) => a - b);
  const spans = shares.map((share) => share.cpu);
  const split = spans.every((span) => span !== undefined) ? usedPer(spans, latencies.length) : undefined;
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), cpuMs: split && totalMs(split), split };
}

/** Waits until the bot has replied to every command sent to it so far (bounded). */
async function settle(counts: () => Promise<SlackCounts>, commands: number): Promise<void> {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  for (;;) {
    const seen = await counts();
    const replies = (seen.calls['chat.postMessage'] ?? 0) + seen.responses;
    if (replies >= commands) return;
    if (Date.now() > deadline) throw new Error(`the bot replied to ${replies} of ${commands} commands within ${SETTLE_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
  }
}
