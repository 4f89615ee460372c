import { afterEach } from 'vitest';
import type { RunningServer } from '../../src/http/server.js';

/** A list to push a test's servers on: each is closed, its connections cut, after every test. */
export function serversClosedAfterEach(): RunningServer[] {
  const servers: RunningServer[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.server.closeAllConnections();
      await server.close();
    }
  });
  return servers;
}
