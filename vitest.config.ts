import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { sharedWorkerTests } from './vitest.projects.js';

const shared = {
  testTimeout: 30_000,
  hookTimeout: 30_000,
};

/** Pure unit files (nothing started, nothing global touched): they share workers (vitest.projects.ts). */
const units = sharedWorkerTests(fileURLToPath(new URL('.', import.meta.url)));

export default defineConfig({
  test: {
    // Browser and multi-process tests start servers; keep the 2-core machine from thrashing.
    maxWorkers: 2,
    projects: [
      {
        // Loaded once per worker instead of once per file: most of a unit file's time was its imports.
        test: {
          ...shared,
          name: 'planebot-unit',
          include: units,
          isolate: false,
          pool: 'threads',
        },
      },
      {
        // Files that start servers, processes, Redis or a browser: each in its own process.
        test: {
          ...shared,
          name: 'planebot',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'test/plane-ce/**', ...units],
          pool: 'forks',
        },
      },
      {
        // The real Plane CE: one server whose data every file resets, so its files run one at a time.
        test: {
          ...shared,
          name: 'plane-ce',
          include: ['test/plane-ce/**/*.test.ts'],
          globalSetup: ['test/plane-ce/global-setup.ts'],
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
