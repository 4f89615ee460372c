// WebFetch against a real server on 127.0.0.1, opened through the allow list as an intranet would be.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToolRegistry, type ToolContext } from '../../../src/tools/registry.js';
import { createWebFetchTool } from '../../../src/tools/webfetch/webfetch-tool.js';
import { startServer, type LocalServer } from './local-server.js';

const context: ToolContext = { filesDir: '/nonexistent' };
// The smallest PNG header file-type recognises: signature + IHDR chunk.
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

const routes: Record<string, { type?: string; body: string | Buffer; status?: number; headers?: Record<string, string> }> = {
  '/json': { type: 'application/json', body: '{"name":"Alice","tags":["a","b"],"age":30}' },
  '/problem': { type: 'application/problem+json', body: '{"title":"Nope"}', status: 422 },
  '/numbers': { type: 'application/json', body: '{"a":[1,2,3,4,5,6,7,8]}' },
  '/bad-json': { type: 'application/json', body: '{"name": oops' },
  '/text': { type: 'text/plain; charset=utf-8', body: 'line one\n  line two — ünïcode\n' },
  '/latin1': { type: 'text/plain; charset=iso-8859-1', body: Buffer.from([0x63, 0x61, 0x66, 0xe9]) },
  '/xml': { type: 'application/xml', body: '<?xml version="1.0"?>\n<feed><item id="1">Hi &amp; bye</item></feed>' },
  '/rss': { type: 'application/rss+xml', body: '<rss><channel><title>T</title></channel></rss>' },
  '/html': {
    type: 'text/html; charset=utf-8',
    body: '<html><head><title>x</title><script>steal()</script></head><body><h1>Release notes</h1><p>See <a href="https://plane.so/docs">the docs</a>.</p></body></html>',
  },
  '/png': { type: 'application/octet-stream', body: PNG },
  '/png-declared': { type: 'image/png', body: PNG },
  '/mystery': { body: Buffer.from([0, 1, 2, 3, 0xff, 0xfe, 0, 7]) },
  '/untyped-text': { body: 'just words' },
  '/empty': { status: 204, body: '' },
  '/missing': { type: 'text/plain', body: 'no such page', status: 404 },
  '/cookie': { type: 'text/plain', body: 'ok', headers: { 'Set-Cookie': 'session=s3cr3t; HttpOnly', 'X-Trace': 'abc' } },
};

let server: LocalServer;
let tools: ToolRegistry;

beforeAll(async () => {
  server = await startServer((req, res) => {
    if (req.url === '/echo-method') {
      let received = '';
      req.on('data', (chunk: Buffer) => (received += chunk.toString()));
      req.on('end', () => res.writeHead(200, { 'Content-Type': 'text/plain' }).end(`${req.method} ${received}`));
      return;
    }
    const route = routes[req.url ?? ''];
    if (!route) return res.writeHead(500).end();
    res.writeHead(route.status ?? 200, { ...(route.type ? { 'Content-Type': route.type } : {}), ...route.headers });
    res.end(req.method === 'HEAD' ? undefined : route.body);
  });
  tools = new ToolRegistry([createWebFetchTool({ allow: ['127.0.0.1'] })]);
});
afterAll(() => server.close());

async function fetchOk(path: string, extra: Record<string, unknown> = {}): Promise<string> {
  const result = await tools.call('WebFetch', { url: `${server.origin}${path}`, ...extra }, context);
  if (!result.ok) throw new Error(result.error);
  return result.text;
}

describe('WebFetch output', () => {
  it('carries status, response headers and pretty-printed JSON', async () => {
    const output = await fetchOk('/json');
    expect(output).toMatch(/^HTTP 200 OK\nURL: http:\/\/127\.0\.0\.1:\d+\/json\nHeaders:\n/);
    expect(output).toContain('  content-type: application/json');
    expect(output).toContain('Body (JSON, pretty-printed):\n{\n  "name": "Alice",\n  "tags": [\n    "a",\n    "b"\n  ],\n  "age": 30\n}');
  });

  it('pretty-prints +json media types and reports non-2xx statuses as output, not errors', async () => {
    const output = await fetchOk('/problem');
    expect(output).toMatch(/^HTTP 422 Unprocessable Entity/);
    expect(output).toContain('{\n  "title": "Nope"\n}');
    expect(await fetchOk('/missing')).toMatch(/^HTTP 404 Not Found[\s\S]*no such page$/);
  });

  it('shows invalid JSON as received, saying so', async () => {
    expect(await fetchOk('/bad-json')).toContain('Body (declared JSON but not valid JSON, shown as received):\n{"name": oops');
  });

  it('returns text as it is, decoded with its charset', async () => {
    expect(await fetchOk('/text')).toContain('Body (text/plain):\nline one\n  line two — ünïcode\n');
    expect(await fetchOk('/latin1')).toContain('\ncafé');
  });

  it('returns XML as it is', async () => {
    expect(await fetchOk('/xml')).toContain('Body (XML):\n<?xml version="1.0"?>\n<feed><item id="1">Hi &amp; bye</item></feed>');
    expect(await fetchOk('/rss')).toContain('<rss><channel><title>T</title></channel></rss>');
  });

  it('converts HTML to plain text, keeping links and dropping scripts', async () => {
    const output = await fetchOk('/html');
    expect(output).toContain('Body (HTML shown as plain text):');
    expect(output).toContain('Release notes');
    expect(output).toContain('See the docs [https://plane.so/docs].');
    expect(output).not.toContain('steal()');
    expect(output).not.toContain('<h1>');
  });

  it('summarises binary content with the type detected from its bytes and its size', async () => {
    const output = await fetchOk('/png');
    expect(output).toContain(
      '[Binary content, not shown: image/png (.png, detected from its bytes; the server said application/octet-stream), 33 bytes]',
    );
    expect(await fetchOk('/png-declared')).toContain('[Binary content, not shown: image/png (.png, detected from its bytes), 33 bytes]');
    expect(await fetchOk('/mystery')).toContain('[Binary content, not shown: unknown type, 8 bytes]');
  });

  it('sniffs untyped text as text', async () => {
    expect(await fetchOk('/untyped-text')).toContain('Body (text):\njust words');
  });

  it('handles empty bodies and HEAD', async () => {
    expect(await fetchOk('/empty')).toMatch(/^HTTP 204 No Content[\s\S]*Body: \(empty\)$/);
    const head = await fetchOk('/text', { method: 'HEAD' });
    expect(head).toContain('content-type: text/plain; charset=utf-8');
    expect(head).toMatch(/Body: \(empty\)$/);
  });

  it('sends the method and body', async () => {
    expect(await fetchOk('/echo-method', { method: 'POST', body: '{"name":"Alice"}' })).toMatch(/POST \{"name":"Alice"\}$/);
    expect(await fetchOk('/echo-method', { method: 'DELETE' })).toMatch(/DELETE $/);
  });

  it('never echoes request headers and hides cookies the server sets', async () => {
    const output = await fetchOk('/cookie', { headers: { Authorization: 'Bearer token123', 'X-Api-Key': 'key456' } });
    expect(server.requests.at(-1)?.headers.authorization).toBe('Bearer token123');
    expect(output).not.toContain('token123');
    expect(output).not.toContain('key456');
    expect(output).not.toContain('s3cr3t');
    expect(output).toContain('set-cookie: (value hidden)');
    expect(output).toContain('x-trace: abc');
  });

  it('sends a user agent of its own unless one is given', async () => {
    await fetchOk('/text');
    expect(server.requests.at(-1)?.headers['user-agent']).toBe('Planebot-WebFetch');
    await fetchOk('/text', { headers: { 'user-agent': 'custom/1' } });
    expect(server.requests.at(-1)?.headers['user-agent']).toBe('custom/1');
  });

  it('cuts a body past the cap, and a formatted body that grows past it, saying what was cut', async () => {
    const small = new ToolRegistry([createWebFetchTool({ allow: ['127.0.0.1'], maxBytes: 40 })]);
    const call = async (path: string) => {
      const result = await small.call('WebFetch', { url: `${server.origin}${path}` }, context);
      if (!result.ok) throw new Error(result.error);
      return result.text;
    };
    // 42 bytes on the wire: the 40 read cannot be pretty-printed, so they are shown as received.
    const cutOnWire = await call('/json');
    expect(cutOnWire).toContain('Body (JSON, incomplete, shown as received):\n{"name":"Alice","tags":["a","b"],"age":3\n');
    expect(cutOnWire).toMatch(/\[Truncated: only the first 40 bytes of the body were downloaded; the rest was not read\.\]$/);
    // 23 bytes on the wire, 71 once pretty-printed.
    const grown = await call('/numbers');
    expect(grown).toContain('Body (JSON, pretty-printed):\n{\n  "a": [\n    1,\n    2,\n    3,\n    4');
    expect(grown).toMatch(/\[Truncated: the body as shown was cut at 40 bytes of 71 bytes\.\]$/);
    expect(grown).not.toContain('downloaded');
    expect(await call('/text')).toMatch(/line one\n {2}line two — ünïcode\n$/);
  });
});
