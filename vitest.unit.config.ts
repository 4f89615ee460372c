import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * `npm run test:unit`, the inner loop: every test but those that start Redis, a browser, a Docker
 * build or other processes. `npm test` still runs them all.
 */
export default mergeConfig(
  base,
  defineConfig({
    test: {
      exclude: [
        '**/node_modules/**',
        'test/production/**',
        'test/plane-ce/**',
        'test/deploy/**',
        'test/**/*.browser.test.ts',
        'test/**/*redis*.test.ts',
        'test/state/create-state-store.test.ts',
        'test/state/sqlite-file.test.ts',
        'test/agent/durable.test.ts',
        'test/agent/leases.test.ts',
        'test/mcp/stdio.test.ts',
        'test/mcp/conformance.test.ts',
        'test/files/concurrency.test.ts',
      ],
    },
  }),
);
