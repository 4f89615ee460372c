// Redirects: followed up to five hops, every hop checked again. Servers listen on loopback only;
// refused targets elsewhere are refused before any connection (literal or injected resolution).
import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToolRegistry, type ToolCallResult, type ToolContext } from '../../../src/tools/registry.js';
import { createWebFetchTool } from '../../../src/tools/webfetch/webfetch-tool.js';
import { startServer, type LocalServer } from './local-server.js';

const context: ToolContext = { filesDir: '/nonexistent' };
const names: Record<string, LookupAddress[]> = {
  'metadata.test': [{ address: '169.254.169.254', family: 4 }],
  'intranet.test': [{ address: '10.0.0.1', family: 4 }],
};
const lookup = async (hostname: string): Promise<LookupAddress[]> => {
  const answer = names[hostname];
  if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return answer;
};

let main: LocalServer;
let other: LocalServer; // another origin on the allowed address
let sideDoor: LocalServer; // a loopback address that is NOT allowed: it must never see a connection
let tools: ToolRegistry;

beforeAll(async () => {
  sideDoor = await startServer((_req, res) => res.end('should never be reached'), '127.0.0.2');
  other = await startServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ authorization: req.headers.authorization ?? null, method: req.method }));
  });
  main = await startServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const hop = /^\/chain\/(\d+)$/.exec(url.pathname);
    if (hop) {
      const left = Number(hop[1]);
      return void res.writeHead(302, { Location: left === 0 ? '/done' : `/chain/${left - 1}` }).end();
    }
    const to = url.searchParams.get('to');
    if (url.pathname === '/redirect' && to !== null) {
      return void res.writeHead(Number(url.searchParams.get('status') ?? 302), { Location: to }).end();
    }
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ path: url.pathname, method: req.method, body, authorization: req.headers.authorization ?? null }));
    });
  });
  tools = new ToolRegistry([createWebFetchTool({ allow: ['127.0.0.1'], lookup })]);
});
afterAll(() => Promise.all([main.close(), other.close(), sideDoor.close()]));

function call(input: Record<string, unknown>): Promise<ToolCallResult> {
  return tools.call('WebFetch', input, context);
}

function redirectTo(target: string, status = 302): string {
  return `${main.origin}/redirect?status=${status}&to=${encodeURIComponent(target)}`;
}

describe('WebFetch redirects', () => {
  it('follows five redirects and lists them', async () => {
    const result = await call({ url: `${main.origin}/chain/4` });
    expect(result.ok).toBe(true);
    const output = result.ok ? result.text : '';
    expect(output).toContain(`URL: ${main.origin}/done\n`);
    expect(output).toContain(
      `Redirected from: ${main.origin}/chain/4 → ${main.origin}/chain/3 → ${main.origin}/chain/2 → ${main.origin}/chain/1 → ${main.origin}/chain/0\n`,
    );
    expect(output).toContain('"path": "/done"');
  });

  it('refuses a sixth', async () => {
    const before = main.requests.length;
    const result = await call({ url: `${main.origin}/chain/5` });
    expect(result).toEqual({
      ok: false,
      error: `Too many redirects: 5 were followed and ${main.origin}/chain/0 redirects again, to ${main.origin}/done.`,
    });
    expect(main.requests.length - before).toBe(6);
  });

  it('re-checks every hop: an allowed host redirecting to a refused address is refused before connecting', async () => {
    const refusals: Array<[string, RegExp]> = [
      [`${sideDoor.origin}/`, /127\.0\.0\.2 is a loopback address/],
      [`http://[::1]:${main.port}/`, /::1 is a loopback address/],
      [`http://2130706434:${sideDoor.port}/`, /127\.0\.0\.2 is a loopback address/],
      [`http://0177.0.0.2:${sideDoor.port}/`, /127\.0\.0\.2 is a loopback address/],
      ['http://169.254.169.254/latest/meta-data/', /169\.254\.169\.254 is a link-local address/],
      ['http://metadata.test/latest/meta-data/', /metadata\.test: it resolves to 169\.254\.169\.254, a link-local address/],
      ['http://intranet.test/', /intranet\.test: it resolves to 10\.0\.0\.1, a private address/],
      ['file:///etc/passwd', /Refused file: URL/],
      ['gopher://example.com/', /Refused gopher: URL/],
    ];
    for (const [target, message] of refusals) {
      const result = await call({ url: redirectTo(target) });
      expect(result.ok, target).toBe(false);
      expect(!result.ok && result.error, target).toMatch(message);
    }
    expect(sideDoor.connections).toBe(0);
  });

  it('counts a literal that spells the allowed address differently as that address', async () => {
    const result = await call({ url: redirectTo(`http://0x7f.0.0.1:${main.port}/spelled`) });
    expect(result.ok && result.text).toContain('"path": "/spelled"');
  });

  it('turns POST into GET on 303 and 302, keeps it on 307, dropping the body when it switches', async () => {
    const post = (status: number) => call({ url: redirectTo('/landing', status), method: 'POST', body: 'payload' });
    expect(await post(303)).toMatchObject({ ok: true, text: expect.stringContaining('"method": "GET",\n  "body": ""') });
    expect(await post(302)).toMatchObject({ ok: true, text: expect.stringContaining('"method": "GET",\n  "body": ""') });
    expect(await post(307)).toMatchObject({ ok: true, text: expect.stringContaining('"method": "POST",\n  "body": "payload"') });
  });

  it('keeps Authorization on the same origin and drops it on another', async () => {
    const headers = { Authorization: 'Bearer token123' };
    const same = await call({ url: redirectTo('/landing'), headers });
    expect(same.ok && same.text).toContain('"authorization": "Bearer token123"');
    const cross = await call({ url: redirectTo(`${other.origin}/elsewhere`), headers });
    expect(cross.ok && cross.text).toContain('"authorization": null');
  });

  it('refuses a redirect to a URL carrying credentials without echoing them', async () => {
    const result = await call({ url: redirectTo(`http://user:hunter2@127.0.0.1:${main.port}/`) });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toContain('may not carry a user name or password');
    expect(!result.ok && result.error).not.toContain('hunter2');
  });
});
