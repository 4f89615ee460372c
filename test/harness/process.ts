import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compiled } from './compiled.js';

/** The product's own entry: what `npm start` and the Docker image run. */
export const MAIN_ENTRY = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
/**
 * The flags `npm start` gives node before the product's entry (and so the Docker image, which a test
 * keeps in step): the bot's processes in tests and benches run with them too.
 */
export const START_NODE_FLAGS = startNodeFlags(fileURLToPath(new URL('../../', import.meta.url)));

/** The node flags of the start script in the checkout at `root` (this one, or another revision's). */
export function startNodeFlags(root: string): string[] {
  const packageJson = createRequire(join(root, 'package.json'))('./package.json') as { scripts: { start: string } };
  const flags = /\bnode((?: --\S+)*) dist\/src\/main\.js\b/.exec(packageJson.scripts.start)?.[1];
  if (flags === undefined)
    throw new Error(`package.json's start script does not run node … dist/src/main.js: ${packageJson.scripts.start}`);
  return flags.trim() === '' ? [] : flags.trim().split(' ');
}

/** The test entry: the same start-up with test-only time scales (see test/fixtures/bot-process.ts). */
export const FIXTURE_ENTRY = fileURLToPath(new URL('../fixtures/bot-process.ts', import.meta.url));

/** Read by FIXTURE_ENTRY only: PlanebotOptions.timing from the environment. */
export const TEST_TIMING_VARIABLES = {
  planeWindowMs: 'PLANEBOT_TEST_PLANE_WINDOW_MS',
  runLeaseMs: 'PLANEBOT_TEST_RUN_LEASE_MS',
  drainLimitMs: 'PLANEBOT_TEST_DRAIN_LIMIT_MS',
} as const;

/** The variables that give FIXTURE_ENTRY its shorter clocks (ms). */
export function testTiming(timing: Partial<Record<keyof typeof TEST_TIMING_VARIABLES, number>>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [option, variable] of Object.entries(TEST_TIMING_VARIABLES)) {
    const value = timing[option as keyof typeof TEST_TIMING_VARIABLES];
    if (value !== undefined) env[variable] = String(value);
  }
  return env;
}

// For children that run TypeScript through tsx. Resolved from here, so the child's working folder can
// be anywhere (a temp folder holds no `.env`).
export const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
// Enough for the child to find node and its temp folder; everything else comes from `env`.
const INHERITED = ['PATH', 'HOME', 'TMPDIR'];

export interface BotProcessOptions {
  /** The bot's variables (SLACK_*, PLANE_*, REDIS_URL, PORT…); nothing else of the test's environment leaks in. */
  env: Record<string, string | undefined>;
  /**
   * `MAIN_ENTRY` (default), `FIXTURE_ENTRY`, or a script already built (`.js`), such as another
   * revision's `dist/src/main.js`, which runs as it is.
   */
  entry?: string;
  /** The node flags before the entry; default those of this checkout's start script. */
  nodeFlags?: readonly string[];
  /** The working folder, where `dotenv` looks for `.env`; default the data folder, else the OS temp folder. */
  cwd?: string;
  /** A name for error messages (`A`, `B`). */
  name?: string;
  /** How long start-up may take before the process is killed and the start fails. Default 30 s. */
  startTimeoutMs?: number;
  /** Runs the process as this user (the test runner must be root), e.g. to meet real permission errors. */
  user?: { uid: number; gid: number };
}

/** One JSON log line, as pino writes it. */
export interface LogLine {
  level: number;
  msg: string;
  runId?: string;
  [field: string]: unknown;
}

export interface OutputLine {
  stream: 'stdout' | 'stderr';
  text: string;
}

export interface BotProcess {
  readonly name: string;
  readonly pid: number;
  /** `http://127.0.0.1:PORT`, from the `planebot is listening` line. */
  readonly url: string;
  /** `${url}/slack/events`: the Request URL to give the Slack emulator. */
  readonly requestUrl: string;
  /** Every line the process wrote so far, both streams, in arrival order. */
  readonly output: OutputLine[];
  /** The lines that parse as JSON objects (the log), in order. */
  logs(): LogLine[];
  /** The first log line (past or future) that matches, or an error with the output after `timeoutMs`. */
  waitForLog(match: (line: LogLine) => boolean, timeoutMs?: number, what?: string): Promise<LogLine>;
  /** Settles when the process exits: its exit code, or null when a signal ended it. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /**
   * Sends `signal` (default SIGTERM) and returns the exit code. A process still alive after
   * `timeoutMs` (default 20 s) is killed and the call fails with its output.
   */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<number | null>;
  /** SIGKILL, as a crash or an OOM kill: no clean-up at all. Resolves once it is gone. */
  kill(): Promise<void>;
  /** The output as text, for error messages. */
  describe(): string;
}

/**
 * Runs the bot as a real child process (`node <entry>`, transpiled: compiled.ts), with exactly the given variables,
 * and resolves once it logs `planebot is listening`. Fails with the captured output when it exits or
 * stays silent for `startTimeoutMs`. Children are SIGKILLed if the test process exits first.
 *
 * ```ts
 * const services = await startFakeServices({ model: [textReply('Hi')] });   // test/fixtures/services.ts
 * const bot = await startBotProcess({ name: 'A', env: services.env(await services.dataDir(), { REDIS_URL }) });
 * services.slack.setRequestUrl(bot.requestUrl);
 * await bot.waitForLog((line) => line.msg === 'run finished');
 * expect(await bot.stop('SIGTERM')).toBe(0);       // or: await bot.kill()
 * ```
 */
export async function startBotProcess(options: BotProcessOptions): Promise<BotProcess> {
  const name = options.name ?? 'bot';
  const entry = options.entry ?? MAIN_ENTRY;
  const env: Record<string, string> = {};
  for (const key of INHERITED) if (process.env[key] !== undefined) env[key] = process.env[key]!;
  for (const [key, value] of Object.entries(options.env)) if (value !== undefined) env[key] = value;
  const script = entry.endsWith('.js') ? entry : await compiled(entry);
  const child = spawn(process.execPath, ['--enable-source-maps', ...(options.nodeFlags ?? START_NODE_FLAGS), script], {
    cwd: options.cwd ?? options.env.PLANEBOT_DATA_DIR ?? tmpdir(),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...options.user,
  });
  const output: OutputLine[] = [];
  const parsed: LogLine[] = [];
  const watchers = new Set<(line: LogLine) => void>();
  capture(child, 'stdout', (text) => {
    output.push({ stream: 'stdout', text });
    const line = parseLogLine(text);
    if (!line) return;
    parsed.push(line);
    for (const watcher of watchers) watcher(line);
  });
  capture(child, 'stderr', (text) => output.push({ stream: 'stderr', text }));
  const describe = () =>
    `--- output of bot process ${name} (pid ${child.pid}) ---\n${output.map((l) => `[${l.stream}] ${l.text}`).join('\n')}`;

  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  void exited.then(() => process.off('exit', killOnExit));

  const waitForLog = (match: (line: LogLine) => boolean, timeoutMs = 10_000, what = 'a matching log line') => {
    const found = parsed.find(match);
    if (found) return Promise.resolve(found);
    return new Promise<LogLine>((resolve, reject) => {
      const watcher = (line: LogLine) => {
        if (!match(line)) return;
        done();
        resolve(line);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`Bot process ${name}: no log line for ${what} within ${timeoutMs} ms\n${describe()}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        watchers.delete(watcher);
      };
      watchers.add(watcher);
    });
  };

  const startTimeoutMs = options.startTimeoutMs ?? 30_000;
  const listening = await Promise.race([
    waitForLog((line) => line.msg === 'planebot is listening' && typeof line.url === 'string', startTimeoutMs, 'start-up').catch(
      (error: unknown) => error as Error,
    ),
    exited.then(
      ({ code, signal }) => new Error(`Bot process ${name} exited (${signal ?? `code ${code}`}) before listening\n${describe()}`),
    ),
  ]);
  if (listening instanceof Error) {
    child.kill('SIGKILL');
    await exited;
    throw listening;
  }
  const url = listening.url as string;

  let stopping: Promise<number | null> | undefined;
  const stop = (signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 20_000) =>
    (stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), timeoutMs)));
      const result = await Promise.race([exited, late]);
      clearTimeout(timer);
      if (result === 'late') {
        child.kill('SIGKILL');
        await exited;
        throw new Error(`Bot process ${name} was still running ${timeoutMs} ms after ${signal}; killed\n${describe()}`);
      }
      return result.code;
    })());

  return {
    name,
    pid: child.pid!,
    url,
    requestUrl: `${url}/slack/events`,
    output,
    logs: () => [...parsed],
    waitForLog,
    exited,
    stop,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    describe,
  };
}

function capture(child: ChildProcess, stream: 'stdout' | 'stderr', onLine: (text: string) => void): void {
  let rest = '';
  const source = child[stream]!;
  source.setEncoding('utf8');
  source.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  });
  source.on('end', () => {
    if (rest) onLine(rest);
    rest = '';
  });
}

function parseLogLine(text: string): LogLine | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && typeof (value as LogLine).msg === 'string' ? (value as LogLine) : undefined;
  } catch {
    return undefined;
  }
}
