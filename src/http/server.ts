import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Handler = (request: IncomingMessage, response: ServerResponse) => void | Promise<void>;

/** A route matches a method and either an exact path or a path prefix ending in `/`. */
export interface Route {
  method: string | '*';
  path: string;
  prefix?: boolean;
  handler: Handler;
}

export interface RunningServer {
  server: Server;
  port: number;
  url: string;
  /** Stops accepting connections, lets requests in flight finish, then closes idle keep-alives. */
  close(): Promise<void>;
}

/**
 * The one HTTP server of a process: health checks, the Slack endpoint and, when it runs, the sandbox
 * page all hang off it as routes, so start-up decides what is served and nothing else does.
 */
export async function startHttpServer(options: { port: number; host?: string; routes: Route[] }): Promise<RunningServer> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const route = options.routes.find(
      (r) => (r.method === '*' || r.method === request.method) && (r.prefix ? path.startsWith(r.path) : path === r.path),
    );
    if (!route) {
      sendJson(response, 404, { error: 'not_found', message: `Nothing is served at ${request.method} ${path}` });
      return;
    }
    Promise.resolve(route.handler(request, response)).catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { error: 'internal_error', message: String(error) });
      else response.end();
    });
  });
  // Slack keeps connections alive; a short idle timeout lets a graceful close finish promptly.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';
  return {
    server,
    port,
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  response.end(text);
}
