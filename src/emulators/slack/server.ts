import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Files } from './files.js';
import { sendJson } from './http.js';
import type { PageApi } from './page-api/handler.js';
import type { ResponseUrls } from './response-urls.js';
import type { SocketConnections } from './socket-mode/connections.js';
import type { WebApi } from './web-api/handler.js';

export interface Routes {
  webApi: WebApi;
  responseUrls: ResponseUrls;
  pageApi: PageApi;
  sockets: SocketConnections;
  files: Files;
}

/**
 * The emulator's one HTTP server on loopback: `/api/<method>` (Web API), `/response/<id>`
 * (response_url), the page API under its prefix, and Socket Mode's WebSocket upgrades.
 */
export function routeRequest(routes: Routes, req: IncomingMessage, res: ServerResponse): void {
  dispatch(routes, req, res).catch((error: unknown) => {
    if (!res.headersSent) sendJson(res, 500, { ok: false, error: (error as Error).message });
    else res.end();
  });
}

async function dispatch(routes: Routes, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = new URL(req.url ?? '/', 'http://emulator').pathname;
  const api = /^\/api\/([\w.]+)$/.exec(path);
  if (api) return routes.webApi.handle(req, res, api[1]!);
  const response = /^\/response\/([0-9a-f]+)$/.exec(path);
  if (response) return routes.responseUrls.handle(req, res, response[1]!);
  const upload = /^\/upload\/v1\/([0-9a-f]+)$/.exec(path);
  if (upload) return routes.files.receive(req, res, upload[1]!);
  if (!routes.pageApi.handle(req, res)) sendJson(res, 404, { ok: false, error: 'not_found' });
}

export async function listen(routes: Routes, port: number): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => routeRequest(routes, req, res));
  server.on('upgrade', (req, socket, head) => routes.sockets.upgrade(req, socket, head));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export async function shut(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  await closed;
}
