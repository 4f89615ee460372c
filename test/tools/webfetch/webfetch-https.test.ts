// HTTPS goes through the same pinned connection, and certificates are still verified against the
// host name asked for: a self-signed server on 127.0.0.1 is reached (the guard lets it through)
// and then rejected by TLS.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToolRegistry, type ToolContext } from '../../../src/tools/registry.js';
import { createWebFetchTool } from '../../../src/tools/webfetch/webfetch-tool.js';

const context: ToolContext = { filesDir: '/nonexistent' };
let dir: string;
let server: Server;
let port: number;
let handshakes = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'webfetch-tls-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
      '-subj',
      '/CN=secure.test',
      '-addext',
      'subjectAltName=DNS:secure.test,IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  server = createServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (_req, res) =>
    res.end('secret page'),
  );
  server.on('connection', () => (handshakes += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('WebFetch over HTTPS', () => {
  it('connects to the pinned address and still verifies the certificate', async () => {
    const tools = new ToolRegistry([
      createWebFetchTool({ allow: ['127.0.0.1'], lookup: async () => [{ address: '127.0.0.1', family: 4 }] }),
    ]);
    const result = await tools.call('WebFetch', { url: `https://secure.test:${port}/` }, context);
    expect(result).toEqual({ ok: false, error: expect.stringMatching(/^Could not fetch https:\/\/secure\.test:\d+\/: .*self[- ]signed/i) });
    expect(handshakes).toBe(1);
  });

  it('refuses an https URL to a local address before any handshake', async () => {
    const before = handshakes;
    const tools = new ToolRegistry([createWebFetchTool({ allow: [] })]);
    const result = await tools.call('WebFetch', { url: `https://127.0.0.1:${port}/` }, context);
    expect(!result.ok && result.error).toMatch(/^Refused https:\/\/127\.0\.0\.1:\d+\/: 127\.0\.0\.1 is a loopback address/);
    expect(handshakes).toBe(before);
  });
});
