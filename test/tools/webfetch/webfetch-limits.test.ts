// The size cap and the time cap, against real servers on 127.0.0.1.
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { ToolRegistry, type ToolContext } from '../../../src/tools/registry.js';
import { createWebFetchTool, WEBFETCH_MAX_BYTES } from '../../../src/tools/webfetch/webfetch-tool.js';
import { startServer, type LocalServer } from './local-server.js';

const context: ToolContext = { filesDir: '/nonexistent' };
const tools = new ToolRegistry([createWebFetchTool({ allow: ['127.0.0.1'] })]);
const servers: LocalServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const CHUNK = 64 * 1024;
const OFFERED = 64 * 1024 * 1024;

/**
 * Streams up to OFFERED bytes, waiting for the client as TCP asks; resolves with how many bytes it
 * managed to hand to the socket before the client hung up (or everything, if it never did).
 */
function streamUntilClosed(res: ServerResponse, byte: string): Promise<number> {
  return new Promise((resolve) => {
    const chunk = Buffer.alloc(CHUNK, byte);
    let written = 0;
    let closed = false;
    res.on('close', () => {
      closed = true;
      resolve(written);
    });
    const pump = () => {
      while (!closed && written < OFFERED) {
        written += CHUNK;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      if (!closed) res.end();
    };
    pump();
  });
}

async function streamingServer(contentType: string, byte: string, headers: Record<string, string> = {}) {
  let written: Promise<number> = Promise.resolve(0);
  const server = await startServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': contentType, ...headers });
    written = streamUntilClosed(res, byte);
  });
  servers.push(server);
  return { server, written: () => written };
}

describe('WebFetch size cap', () => {
  it('keeps 100 KB of a huge text body, marks the cut, and stops downloading', async () => {
    const { server, written } = await streamingServer('text/plain', 'a', { 'Content-Length': String(2 * 1024 ** 3) });
    const result = await tools.call('WebFetch', { url: `${server.origin}/huge.txt` }, context);
    expect(result.ok).toBe(true);
    const output = result.ok ? result.text : '';
    const body = output.slice(output.indexOf('Body (text/plain):\n') + 'Body (text/plain):\n'.length, output.indexOf('\n[Truncated'));
    expect(body).toBe('a'.repeat(WEBFETCH_MAX_BYTES));
    expect(output).toMatch(
      /\n\[Truncated: only the first 102,400 bytes of 2,147,483,648 bytes \(Content-Length\) of the body were downloaded; the rest was not read\.\]$/,
    );
    // The server could only push what the socket buffers held before the client hung up.
    const sent = await written();
    expect(sent).toBeGreaterThan(WEBFETCH_MAX_BYTES);
    expect(sent).toBeLessThan(OFFERED / 4);
  });

  it('summarises a huge binary without downloading it', async () => {
    const { server, written } = await streamingServer('application/octet-stream', '\u0000');
    const result = await tools.call('WebFetch', { url: `${server.origin}/disk.img` }, context);
    expect(result.ok && result.text).toMatch(
      /\[Binary content, not shown: application\/octet-stream, more than 102,400 bytes \(reading stopped there\)\]$/,
    );
    expect(await written()).toBeLessThan(OFFERED / 4);
  });
});

describe('WebFetch time cap', () => {
  it('gives up on a server that never answers', async () => {
    const server = await startServer(() => undefined);
    servers.push(server);
    const result = await tools.call('WebFetch', { url: `${server.origin}/slow`, timeout: 200 }, context);
    expect(result).toEqual({ ok: false, error: `Timed out after 200 ms fetching ${server.origin}/slow.` });
  });

  it('gives up on a body that never ends', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write('first words…');
    });
    servers.push(server);
    const result = await tools.call('WebFetch', { url: `${server.origin}/drip`, timeout: 200 }, context);
    expect(result).toEqual({ ok: false, error: `Timed out after 200 ms fetching ${server.origin}/drip.` });
  });

  it('stops when the caller cancels', async () => {
    const server = await startServer(() => undefined);
    servers.push(server);
    const controller = new AbortController();
    const pending = tools.call('WebFetch', { url: `${server.origin}/slow` }, { ...context, signal: controller.signal });
    controller.abort();
    expect(await pending).toEqual({ ok: false, error: `Cancelled while fetching ${server.origin}/slow.` });
  });

  it('refuses a timeout beyond two minutes', async () => {
    const result = await tools.call('WebFetch', { url: 'https://example.com/', timeout: 600_000 }, context);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toContain('timeout');
  });
});
