/**
 * The bot with nothing to do: a real process (`src/main.ts`, HTTP mode, its embedded state store)
 * started against Slack's side and left alone, then watched for ten seconds. What it spends then
 * it spends all day on every machine that runs it, and every wake-up of its event loop is one more
 * thing a busy bot does between requests.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAIN_ENTRY, startBotProcess } from '../test/harness/process.js';
import { mainThreadWakeups, threadSplitMs, totalMs } from './fixtures/cpu.js';
import { startFixture } from './fixtures/ipc.js';
import { SLACK_SECRETS } from './fixtures/slack-secrets.js';
import type { SlackSide } from './fixtures/slack-side.js';
import type { BenchRow } from './run.js';

/** Start-up's own work (compiling, the first store sweep, the first looks) is over by then. */
const SETTLE_MS = 5_000;
const WATCH_MS = 10_000;

export async function bench(): Promise<BenchRow[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'planebot-bench-idle-'));
  const slack = await startFixture<SlackSide>(fileURLToPath(new URL('./fixtures/slack-side.ts', import.meta.url)), SLACK_SECRETS);
  try {
    const bot = await startBotProcess({
      name: 'bot',
      entry: MAIN_ENTRY,
      env: { ...SLACK_SECRETS, SLACK_API_URL: slack.ready.apiUrl, PORT: '0', PLANEBOT_DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      const before = { cpu: threadSplitMs(bot.pid), wakeups: mainThreadWakeups(bot.pid) };
      await new Promise((resolve) => setTimeout(resolve, WATCH_MS));
      const after = { cpu: threadSplitMs(bot.pid), wakeups: mainThreadWakeups(bot.pid) };
      const seconds = WATCH_MS / 1000;
      const cpu =
        before.cpu && after.cpu ? `${((totalMs(after.cpu) - totalMs(before.cpu)) / seconds).toFixed(1)} ms` : 'not measured (no /proc)';
      const wakeups =
        before.wakeups !== undefined && after.wakeups !== undefined
          ? ((after.wakeups - before.wakeups) / seconds).toFixed(0)
          : 'not measured (no /proc)';
      return [
        { area: 'idle', measure: 'CPU per second, the bot with nothing to do (every thread; /proc counts in 10 ms ticks)', value: cpu },
        { area: 'idle', measure: 'event-loop wake-ups per second, the bot with nothing to do', value: wakeups, target: '≤ 20' },
      ];
    } finally {
      await bot.stop();
    }
  } finally {
    await slack.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
