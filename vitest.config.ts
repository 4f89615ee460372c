import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { sharedWorkerTests } from './vitest.projects.js';

const shared = {
  testTimeout: 30_000,
  hookTimeout: 30_000,
};

/**
 * Files that touch nothing global share workers (vitest.projects.ts), by what they start: nothing,
 * servers in the test process, a redis-server, other processes.
 */
const { units, inProcess, redis, processes } = sharedWorkerTests(fileURLToPath(new URL('.', import.meta.url)));

/**
 * Two turns, one after the other, each as parallel as its files allow on two cores (a turn's
 * projects share one number of workers). First the files that keep a core busy throughout, two at a
 * time: the browser tests, the image's replay (two `npm ci` and a TypeScript build, about a minute
 * of CPU) and the MCP server over stdio (a process per test); a third at a time gained a tenth.
 * Then, five at a time, the files that mostly wait: on timers, leases and each other's answers
 * (the bot and fakes in the test process, a redis-server, or bot processes that wait out a lease
 * or a drain: a third to half of their time is CPU), one of them the real Plane's, which waits on
 * Plane and needs the CPU the first turn would take from Plane (its suites took twice as long
 * beside the process tests).
 */
const BUSY = ['test/deploy/image-stages.test.ts', 'test/mcp/stdio.test.ts'];
const busy = (file: string) => file.endsWith('.browser.test.ts') || BUSY.includes(file);
const PROCESSES = { maxWorkers: 2, sequence: { groupOrder: 0 } };
const IN_PROCESS = { maxWorkers: 5, sequence: { groupOrder: 1 } };
/** Files that start processes and mostly wait, the replica tests among them: the second turn, each in its own process. */
const waiting = processes.filter((file) => !busy(file));

/**
 * The bot, the fakes and their servers in the test process: loaded once per worker, not once per
 * file, which cost each file about 2 s of CPU. Processes of their own, as the bot's clients keep
 * sockets and pools the threads' pool should not share.
 */
export const SHARED_IN_PROCESS = {
  test: { ...shared, ...IN_PROCESS, name: 'planebot-e2e', include: inProcess, isolate: false, pool: 'forks' },
} as const;

/** Loaded once per worker instead of once per file: most of a unit file's time was its imports. */
export const SHARED_UNITS = {
  test: { ...shared, ...IN_PROCESS, name: 'planebot-unit', include: units, isolate: false, pool: 'threads' },
} as const;

export default defineConfig({
  test: {
    projects: [
      {
        // The real Plane CE: one server whose data each suite resets, so its suites are one file
        // (test/plane-ce/real-plane.test.ts) that takes one worker throughout the second turn.
        test: {
          ...shared,
          ...IN_PROCESS,
          name: 'plane-ce',
          include: ['test/plane-ce/**/*.test.ts'],
          globalSetup: ['test/plane-ce/global-setup.ts'],
        },
      },
      {
        // Files that keep a core busy with processes or a browser, and those that touch global state:
        // each in its own process.
        test: {
          ...shared,
          ...PROCESSES,
          name: 'planebot',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'test/plane-ce/**', ...units, ...inProcess, ...redis, ...waiting],
          pool: 'forks',
        },
      },
      {
        // The other files that start processes, each in its own process: sharing workers saved them
        // little CPU (2 s of 60) and balanced them worse (48 s against 35 s alone).
        test: { ...shared, ...IN_PROCESS, name: 'planebot-processes', include: waiting, pool: 'forks' },
      },
      {
        // Files whose only process is a redis-server of their own, which each stops: sharing workers
        // saved them 11 s of CPU (of 38).
        test: { ...shared, ...IN_PROCESS, name: 'planebot-redis', include: redis, isolate: false, pool: 'forks' },
      },
      SHARED_IN_PROCESS,
      SHARED_UNITS,
    ],
  },
});
