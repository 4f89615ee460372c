import { defineConfig } from 'vitest/config';

const shared = {
  testTimeout: 30_000,
  hookTimeout: 30_000,
};

export default defineConfig({
  test: {
    // Browser and multi-process tests start servers; keep the 2-core machine from thrashing.
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...shared,
          name: 'planebot',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'test/plane-ce/**'],
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
