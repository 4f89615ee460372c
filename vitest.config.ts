import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Browser and multi-process tests start servers; keep the 2-core machine from thrashing.
    maxWorkers: 2,
  },
});
