/** A real HTTP server on a loopback address for WebFetch tests; it counts the connections it accepts. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalServer {
  /** `http://<host>:<port>` */
  origin: string;
  port: number;
  connections: number;
  requests: IncomingMessage[];
  close(): Promise<void>;
}

export async function startServer(handler: (req: IncomingMessage, res: ServerResponse) => void, host = '127.0.0.1'): Promise<LocalServer> {
  const server = createServer((req, res) => {
    state.requests.push(req);
    handler(req, res);
  });
  const state: LocalServer = {
    origin: '',
    port: 0,
    connections: 0,
    requests: [],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  server.on('connection', () => {
    state.connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  state.port = (server.address() as AddressInfo).port;
  state.origin = `http://${host.includes(':') ? `[${host}]` : host}:${state.port}`;
  return state;
}
