import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

/**
 * Serves one MCP client over this process's stdin/stdout until the client goes: stdin ends or
 * closes (the client quit), or SIGTERM/SIGINT arrives (the client's next step of shutting down).
 * The SDK's transport does not watch stdin's end, so without this the process would live on.
 * Resolves once the server is closed, with what ended it.
 */
export async function serveStdio(server: Server): Promise<'stdin closed' | NodeJS.Signals> {
  const ended = new Promise<'stdin closed' | NodeJS.Signals>((resolve) => {
    process.stdin.once('end', () => resolve('stdin closed'));
    process.stdin.once('close', () => resolve('stdin closed'));
    for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => resolve(signal));
  });
  await server.connect(new StdioServerTransport());
  const reason = await ended;
  await server.close();
  return reason;
}
