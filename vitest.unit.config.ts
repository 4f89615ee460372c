import { defineConfig } from 'vitest/config';
import { SHARED_IN_PROCESS, SHARED_UNITS } from './vitest.config.js';

/**
 * `npm run test:unit`, the inner loop: the files that start no process, no Redis and no browser
 * (vitest.projects.ts sorts them). `npm test` runs them and all the others. One project, so that
 * the slowest files start first whichever kind they are (vitest runs a turn's projects one after
 * the other), eight at a time: alone, these files wait on timers for most of their time.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...SHARED_IN_PROCESS.test,
          name: 'planebot-inner-loop',
          include: [...SHARED_IN_PROCESS.test.include, ...SHARED_UNITS.test.include],
          maxWorkers: 8,
        },
      },
    ],
  },
});
