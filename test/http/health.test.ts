import { afterEach, describe, expect, it } from 'vitest';
import { healthRoutes } from '../../src/http/health.js';
import { startHttpServer, type RunningServer } from '../../src/http/server.js';

let running: RunningServer | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

describe('health routes', () => {
  it('answers liveness, readiness and 404 for anything else', async () => {
    running = await startHttpServer({ port: 0, host: '127.0.0.1', routes: healthRoutes({ ping: async () => {} }) });
    const health = await fetch(`${running.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect((await fetch(`${running.url}/readyz`)).status).toBe(200);
    const missing = await fetch(`${running.url}/nope`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { message: string }).message).toContain('/nope');
  });

  it('is not ready while the store fails or the process drains, and says why', async () => {
    let draining = false;
    let storeUp = false;
    running = await startHttpServer({
      port: 0,
      host: '127.0.0.1',
      routes: healthRoutes({
        ping: async () => {
          if (!storeUp) throw new Error('Redis is unreachable');
        },
        isDraining: () => draining,
      }),
    });
    const down = await fetch(`${running.url}/readyz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: 'unavailable', reason: 'state store: Redis is unreachable' });
    storeUp = true;
    expect((await fetch(`${running.url}/readyz`)).status).toBe(200);
    draining = true;
    expect(((await (await fetch(`${running.url}/readyz`)).json()) as { reason: string }).reason).toBe('shutting down');
  });
});
