// The guard as the tool applies it. Real servers listen on 127.0.0.1 only; any other address appears
// only as a literal or an injected resolution, and is refused before a connection is attempted.
import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToolRegistry, type ToolCallResult, type ToolContext } from '../../../src/tools/registry.js';
import { createWebFetchTool } from '../../../src/tools/webfetch/webfetch-tool.js';
import { startServer, type LocalServer } from './local-server.js';
import { translator } from '../../../src/i18n/index.js';

const EN = translator('en');

const context: ToolContext = { filesDir: '/nonexistent' };

const names: Record<string, string> = {
  localhost: '127.0.0.1',
  'loop.test': '127.0.0.1',
  'loop6.test': '::1',
  'intranet.test': '127.0.0.1',
  'private.test': '10.0.0.1',
  'metadata.test': '169.254.169.254',
  'cgnat.test': '100.64.0.1',
  'ula.test': 'fd00::1',
  'mapped.test': '::ffff:192.168.1.1',
  'zero.test': '0.0.0.0',
};
const resolutions: string[] = [];
async function lookup(hostname: string): Promise<LookupAddress[]> {
  resolutions.push(hostname);
  const address = names[hostname];
  if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return [{ address, family: address.includes(':') ? 6 : 4 }];
}

function toolWith(allow: string[], resolve = lookup): ToolRegistry {
  return new ToolRegistry([createWebFetchTool({ allow, lookup: resolve })]);
}

let server: LocalServer;
beforeAll(async () => {
  server = await startServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end(`reached via ${req.socket.localAddress}`);
  });
});
afterAll(() => server.close());

describe('WebFetch guard, closed (no allow list)', () => {
  const closed = toolWith([]);

  it('refuses every spelling of a local address, and the server never sees a connection', async () => {
    const port = server.port;
    const urls = [
      `http://127.0.0.1:${port}/`,
      `http://0.0.0.0:${port}/`,
      `http://0:${port}/`,
      `http://[::1]:${port}/`,
      `http://[::]:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://[0:0:0:0:0:ffff:7f00:1]:${port}/`,
      `http://2130706433:${port}/`,
      `http://0177.0.0.1:${port}/`,
      `http://0x7f.0.0.1:${port}/`,
      `http://0x7f000001:${port}/`,
      `http://127.1:${port}/`,
      `http://127.0.1:${port}/`,
      `https://127.0.0.1:${port}/`,
      `http://127.0.0.1.:${port}/`,
    ];
    for (const url of urls) {
      const result = await closed.call('WebFetch', { url }, context);
      expect(result.ok, url).toBe(false);
      expect(!result.ok && result.error, url).toMatch(/^Refused .*(loopback|unspecified)/);
    }
    expect(server.connections).toBe(0);
  });

  it.each([
    ['localhost', 'loopback'],
    ['loop.test', 'loopback'],
    ['loop6.test', 'loopback'],
    ['private.test', 'private'],
    ['metadata.test', 'link-local'],
    ['cgnat.test', 'carrier-grade NAT'],
    ['ula.test', 'unique-local'],
    ['mapped.test', 'private'],
    ['zero.test', 'unspecified'],
  ])('refuses %s, which resolves to a %s address, before connecting', async (host, words) => {
    const result = await closed.call('WebFetch', { url: `http://${host}:${server.port}/latest/meta-data/` }, context);
    expect(result).toEqual({ ok: false, error: expect.stringMatching(new RegExp(`^Refused ${host}: it resolves to .*${words}`)) });
    expect(server.connections).toBe(0);
  });

  it.each([
    ['http://169.254.169.254/latest/meta-data/', 'link-local'],
    ['http://[fd00:ec2::254]/', 'unique-local'],
    ['http://10.0.0.1/', 'private'],
    ['http://192.168.0.1/', 'private'],
    ['http://100.64.0.1/', 'carrier-grade NAT'],
  ])('refuses the literal %s before connecting', async (url, words) => {
    const result = await closed.call('WebFetch', { url }, context);
    expect(!result.ok && result.error).toContain(words);
  });

  it.each(['file:///etc/passwd', 'ftp://ftp.example.com/pub/', 'gopher://example.com/1', 'data:text/plain,hello', 'javascript:alert(1)'])(
    'refuses the %s scheme',
    async (url) => {
      const result = await closed.call('WebFetch', { url }, context);
      expect(!result.ok && result.error).toMatch(/^Refused [a-z]+: URL: WebFetch only fetches http:\/\/ and https:\/\/ URLs\.$/);
    },
  );

  it('reports a name that does not resolve', async () => {
    const result = await closed.call('WebFetch', { url: 'http://nowhere.test/' }, context);
    expect(result).toEqual({ ok: false, error: 'Could not fetch http://nowhere.test/: getaddrinfo ENOTFOUND nowhere.test' });
  });
});

describe('WebFetch guard, opened by PLANEBOT_WEBFETCH_ALLOW', () => {
  async function body(tools: ToolRegistry, url: string): Promise<ToolCallResult> {
    return tools.call('WebFetch', { url }, context);
  }

  it('reaches an allowed address, in any spelling', async () => {
    const open = toolWith(['127.0.0.1']);
    for (const host of ['127.0.0.1', '2130706433', '0177.0.0.1', '127.1', '[::ffff:127.0.0.1]']) {
      const result = await body(open, `http://${host}:${server.port}/`);
      expect(result.ok && result.text, host).toMatch(/reached via 127\.0\.0\.1$/);
    }
  });

  it('reaches an address inside an allowed CIDR, and a name resolving into it', async () => {
    const open = toolWith(['127.0.0.0/8']);
    expect((await body(open, `http://127.0.0.1:${server.port}/`)).ok).toBe(true);
    expect((await body(open, `http://loop.test:${server.port}/`)).ok).toBe(true);
    expect((await body(open, `http://[::1]:${server.port}/`)).ok).toBe(false);
    expect((await body(open, `http://private.test/`)).ok).toBe(false);
  });

  it('opens an allowed host name, and not other names resolving to the same address', async () => {
    const open = toolWith(['intranet.test']);
    expect(await body(open, `http://intranet.test:${server.port}/`)).toMatchObject({
      ok: true,
      text: expect.stringMatching(/reached via 127\.0\.0\.1$/),
    });
    expect(await body(open, `http://loop.test:${server.port}/`)).toMatchObject({ ok: false, error: expect.stringContaining('loopback') });
    expect(await body(open, `http://127.0.0.1:${server.port}/`)).toMatchObject({ ok: false });
  });

  it('resolves once and connects to the address it checked (no DNS rebinding)', async () => {
    let calls = 0;
    // First answer: the allowed address. Any later answer would be a refused one (still loopback).
    const rebinding = async (): Promise<LookupAddress[]> => [{ address: calls++ === 0 ? '127.0.0.1' : '127.0.0.2', family: 4 }];
    const open = toolWith(['127.0.0.1'], rebinding);
    const result = await body(open, `http://rebind.test:${server.port}/`);
    expect(result).toMatchObject({ ok: true, text: expect.stringMatching(/reached via 127\.0\.0\.1$/) });
    expect(calls).toBe(1);
  });

  it('reports a refused connection on an allowed address', async () => {
    const gone = await startServer(() => undefined);
    const url = `${gone.origin}/`;
    await gone.close();
    const result = await body(toolWith(['127.0.0.1']), url);
    expect(result).toEqual({ ok: false, error: expect.stringMatching(new RegExp(`^Could not fetch ${url}: .*ECONNREFUSED`)) });
  });
});

describe('WebFetch input and approval text', () => {
  const tools = toolWith([]);
  const webFetch = tools.get('WebFetch')!;

  it('declares itself as the seed names it', () => {
    expect(webFetch.name).toBe('WebFetch');
    expect(webFetch.permission).toBe('ask');
    expect(webFetch.effects).toEqual({ readOnly: false, destructive: false, openWorld: true });
    expect(webFetch.description).toContain('The body is cut at 102,400 bytes');
  });

  it('says method and URL in plain words, header names without their values', () => {
    const input = webFetch.input.parse({
      url: 'https://api.example.com/submit',
      method: 'POST',
      headers: { Authorization: 'Bearer token123' },
      body: '{"name": "Alice", "age": 30}',
    });
    expect(webFetch.describe!(input, EN)).toBe(
      'HTTP POST request to https://api.example.com/submit (headers: Authorization; body: 28 bytes)',
    );
    expect(webFetch.describe!(webFetch.input.parse({ url: 'https://github.com' }), EN)).toBe('HTTP GET request to https://github.com/');
  });

  it('shows the URL as it will really be fetched, a password masked', () => {
    expect(webFetch.describe!(webFetch.input.parse({ url: 'http://2130706433/admin' }), EN)).toBe(
      'HTTP GET request to http://127.0.0.1/admin',
    );
    expect(webFetch.describe!(webFetch.input.parse({ url: 'https://bob:hunter2@example.com/' }), EN)).toBe(
      'HTTP GET request to https://bob:***@example.com/',
    );
  });

  it('defaults to GET with a 30 s timeout', () => {
    expect(webFetch.input.parse({ url: 'https://example.com/' })).toEqual({ url: 'https://example.com/', method: 'GET', timeout: 30_000 });
  });

  it('explains invalid input so the model can correct it', async () => {
    const bodyOnGet = await tools.call('WebFetch', { url: 'https://example.com/', body: 'x' }, context);
    expect(!bodyOnGet.ok && bodyOnGet.error).toContain('- body: a GET or HEAD request cannot carry a body');
    const lower = await tools.call('WebFetch', { url: 'https://example.com/', method: 'get' }, context);
    expect(!lower.ok && lower.error).toMatch(/method: .*"GET"/);
    const badValue = await tools.call('WebFetch', { url: 'https://example.com/', headers: { 'X-Token': 'abc\r\nInjected: yes' } }, context);
    expect(!badValue.ok && badValue.error).toContain('line breaks');
    expect(!badValue.ok && badValue.error).not.toContain('abc');
    expect(await tools.call('WebFetch', { url: 'not a url' }, context)).toEqual({ ok: false, error: 'Invalid URL: not a url' });
  });

  it('refuses credentials in the URL without repeating them', async () => {
    const result = await tools.call('WebFetch', { url: 'https://bob:hunter2@example.com/' }, context);
    expect(result).toEqual({
      ok: false,
      error: 'Refused example.com: a URL may not carry a user name or password; send credentials in a header.',
    });
  });
});
