import type { Route } from './server.js';
import { sendJson } from './server.js';

/**
 * `/healthz` says the process is alive; `/readyz` says it can do work, which means the state store
 * answers. `isDraining` turns readiness off during a graceful shutdown.
 */
export function healthRoutes(options: { ping: () => Promise<void>; isDraining?: () => boolean }): Route[] {
  return [
    { method: 'GET', path: '/healthz', handler: (_req, res) => sendJson(res, 200, { status: 'ok' }) },
    {
      method: 'GET',
      path: '/readyz',
      handler: async (_req, res) => {
        if (options.isDraining?.()) {
          sendJson(res, 503, { status: 'unavailable', reason: 'shutting down' });
          return;
        }
        try {
          await options.ping();
          sendJson(res, 200, { status: 'ready' });
        } catch (error) {
          sendJson(res, 503, { status: 'unavailable', reason: `state store: ${error instanceof Error ? error.message : String(error)}` });
        }
      },
    },
  ];
}
