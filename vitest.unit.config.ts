import { defineConfig } from 'vitest/config';
import { SHARED_IN_PROCESS, SHARED_UNITS } from './vitest.config.js';

/**
 * `npm run test:unit`, the inner loop: the files that start no process, no Redis and no browser
 * (vitest.projects.ts sorts them), in the two projects whose files share workers. `npm test` runs
 * them and all the others. Eight at a time: alone, these files wait on timers for most of their time.
 */
const alone = { maxWorkers: 8 };

export default defineConfig({
  test: {
    projects: [{ test: { ...SHARED_IN_PROCESS.test, ...alone } }, { test: { ...SHARED_UNITS.test, ...alone } }],
  },
});
