/**
 * A tool call that waits for Plane's rate limit, through the official SDK client over Streamable
 * HTTP: the client hears progress notifications while it waits (so with resetTimeoutOnProgress its
 * own 60 s timeout never fires), and a wait longer than the MCP bound answers at once with when to
 * try again instead of outliving the client.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { connectHttp, startDemoPlane, startMcpServer, textOf, type DemoPlane } from './support.js';

const TOKEN = 'mcp-progress-token-0123456789abcdef';

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const one of opened.splice(0).reverse()) await one.close();
});

async function setUp(rate: { requests: number; windowMs: number }): Promise<{ demo: DemoPlane; client: Client }> {
  const demo = await startDemoPlane({ rateLimit: rate });
  opened.push(demo.plane);
  const server = await startMcpServer(demo.env, { token: TOKEN });
  opened.push(server);
  const client = await connectHttp(server.url, TOKEN);
  opened.push(client);
  // The kit's names (project, states, members) in its cache, so the next call needs one request.
  expect((await client.callTool({ name: 'plane_get_issue', arguments: { key: 'ACME-1' } })).isError).toBeFalsy();
  return { demo, client };
}

/** Another client of the same key (another replica, a script) spends what is left of the window. */
async function spendTheBudget(demo: DemoPlane): Promise<void> {
  for (;;) {
    const answer = await request(`${demo.plane.url}/api/v1/users/me/`, { headers: { 'x-api-key': demo.demo.apiKey } });
    await answer.body.dump();
    if (answer.statusCode === 429) return;
  }
}

describe('an MCP tool call that waits for Plane’s rate limit', () => {
  it('sends progress notifications while it waits, then answers', async () => {
    // A 12 s window: the call waits up to 12 s, past the 5 s between notifications.
    const { demo, client } = await setUp({ requests: 10, windowMs: 12_000 });
    await spendTheBudget(demo);
    const progress: Progress[] = [];
    const started = Date.now();
    const result = await client.callTool({ name: 'plane_get_issue', arguments: { key: 'ACME-2' } }, undefined, {
      onprogress: (p) => progress.push(p),
      resetTimeoutOnProgress: true,
    });
    const waited = Date.now() - started;
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(textOf(result)).toMatch(/^ACME-2\b/m);
    expect(waited).toBeGreaterThan(5_000);
    expect(progress.length).toBeGreaterThanOrEqual(1);
    expect(progress.length).toBeLessThanOrEqual(Math.ceil(waited / 5_000));
    expect(progress[0]!.message).toMatch(/^Waiting for Plane’s rate limit \(about \d+ s\)\.$/);
    // Seconds waited, growing.
    expect(progress.map((p) => p.progress)).toEqual([...progress.map((p) => p.progress)].sort((a, b) => a - b));
    expect(progress[0]!.progress).toBeGreaterThanOrEqual(4);
  }, 30_000);

  it('answers at once with when to try again when the wait would outlast the bound', async () => {
    const { demo, client } = await setUp({ requests: 10, windowMs: 60_000 });
    await spendTheBudget(demo);
    const progress: Progress[] = [];
    const started = Date.now();
    const result = await client.callTool({ name: 'plane_get_issue', arguments: { key: 'ACME-2' } }, undefined, {
      onprogress: (p) => progress.push(p),
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/Plane’s rate limit for this API key is spent; try again in \d+ s\./);
    expect(progress).toEqual([]);
  });
});
