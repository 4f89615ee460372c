/**
 * The official MCP conformance suite (`@modelcontextprotocol/conformance`, a dev dependency, so it
 * runs offline) against the bot's /mcp: every scenario of its default suite, with the ones that do
 * not apply to a tools-only server listed in conformance-baseline.yml. Its client sends no headers
 * of its own, so it reaches the bot through a proxy that adds the bearer token; Host and Origin
 * pass through, so the DNS-rebinding scenario judges the bot itself.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBotHarness, type BotHarness } from '../harness/bot.js';
import { startBearerProxy } from './bearer-proxy.js';

const TOKEN = 'conformance-token-0123456789abcdef';
const BASELINE = fileURLToPath(new URL('conformance-baseline.yml', import.meta.url));
const CLI = join(dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/package.json')), 'dist', 'index.js');
/** What a tools-only server over Streamable HTTP must pass. */
const APPLICABLE = ['server-initialize', 'ping', 'tools-list', 'server-sse-multiple-streams', 'dns-rebinding-protection'];
describe('MCP conformance suite against /mcp', () => {
  let harness: BotHarness;
  let proxy: Awaited<ReturnType<typeof startBearerProxy>>;

  beforeAll(async () => {
    harness = await startBotHarness({ env: { PLANEBOT_MCP_TOKEN: TOKEN } });
    proxy = await startBearerProxy(harness.bot.url, TOKEN);
  });
  afterAll(async () => {
    await proxy.close();
    await harness.close();
  });

  it('passes every scenario that applies to a tools-only server, and fails only those listed as not applying', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [CLI, 'server', '--url', `${proxy.url}/mcp`, '--expected-failures', BASELINE],
      { env: { PATH: process.env.PATH ?? '', NO_COLOR: '1' }, timeout: 120_000, maxBuffer: 16 << 20 },
    ).catch((error: { stdout?: string; message: string }) => {
      throw new Error(`conformance failed: ${error.message}\n${error.stdout ?? ''}`);
    });
    expect(stdout).toContain('Baseline check passed');
    for (const scenario of APPLICABLE) expect(stdout).toMatch(new RegExp(`✓ ${scenario}: \\d+ passed, 0 failed`));
  }, 180_000);
});
