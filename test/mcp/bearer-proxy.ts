import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback proxy that adds `Authorization: Bearer <token>` to every request and streams the
 * answer back (SSE included), for clients that cannot send headers of their own (the conformance
 * suite). Host and Origin pass through unchanged, so the server judges them as the client sent them.
 */
export async function startBearerProxy(target: string, token: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const upstream = httpRequest(
      new URL(request.url ?? '/', target),
      { method: request.method, headers: { ...request.headers, authorization: `Bearer ${token}` } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    // A client that hangs up (an SSE stream it is done with) hangs up upstream too.
    response.on('close', () => upstream.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
