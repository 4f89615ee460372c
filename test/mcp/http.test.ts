/**
 * MCP over Streamable HTTP on the bot's own HTTP server (the whole bot, as production composes it,
 * against the Slack and Plane emulators), driven by the official SDK client and by plain requests
 * where the headers are the point.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { silentLogger } from '../../src/log.js';
import { startSandbox } from '../../src/sandbox/start.js';
import { eventually, startBotHarness, type BotHarness } from '../harness/bot.js';
import { captureLogger } from '../helpers/logs.js';
import { asListed, connectHttp, registryFor, startDemoPlane, startMcpServer, textOf } from './support.js';

const TOKEN = 'mcp-test-token-0123456789abcdef';
const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'by-hand', version: '1' } },
};

/** A raw request, so that Host, Origin and Authorization are exactly what the test says. */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const target = new URL(url);
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: options.method ?? 'POST',
        headers: {
          Host: target.host,
          Accept: 'application/json, text/event-stream',
          'Content-Type': 'application/json',
          ...options.headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('MCP over Streamable HTTP at /mcp', () => {
  let harness: BotHarness;
  let url: string;
  let client: Client;
  const log = captureLogger();

  beforeAll(async () => {
    harness = await startBotHarness({ env: { PLANEBOT_MCP_TOKEN: TOKEN, PLANEBOT_MCP_HOSTS: 'planebot.example.com' }, logger: log.logger });
    url = `${harness.bot.url}/mcp`;
    client = await connectHttp(url, TOKEN);
  });
  afterAll(async () => {
    await client.close();
    await harness.close();
  });

  it('lists the registry’s tools with the model’s JSON Schemas, as stdio does', async () => {
    const { tools } = await client.listTools();
    const registry = registryFor({
      PLANE_API_KEY: harness.demo.apiKey,
      PLANE_BASE_URL: harness.plane.url,
      PLANE_WORKSPACE: harness.demo.workspace.slug,
    });
    expect(tools.map(({ name, description, inputSchema, outputSchema }) => ({ name, description, inputSchema, outputSchema }))).toEqual(
      registry.map(asListed),
    );
    for (const tool of registry) {
      const { readOnly, destructive, openWorld } = tool.effects;
      expect(tools.find((t) => t.name === tool.name)?.annotations, tool.name).toEqual({
        readOnlyHint: readOnly,
        destructiveHint: destructive,
        openWorldHint: openWorld,
      });
    }
  });

  it('runs a read, a list, a write and a bad input against the Plane emulator, with the data as structuredContent', async () => {
    const read = await client.callTool({ name: 'plane_get_issue', arguments: { key: 'ACME-1' } });
    expect(textOf(read)).toContain('Login button unresponsive on Safari');
    expect(read.structuredContent).toMatchObject({
      key: 'ACME-1',
      title: 'Login button unresponsive on Safari',
      state: { name: 'In Progress' },
    });
    const list = await client.callTool({ name: 'plane_list_states', arguments: { project: 'ACME' } });
    const states = list.structuredContent as { project: string; items: { name: string; group: string; default: boolean }[] };
    expect(states.project).toBe('ACME');
    expect(states.items).toContainEqual({ name: 'In Review', group: 'started', default: false });
    expect(textOf(list).split('\n').slice(1)).toHaveLength(states.items.length);
    const write = await client.callTool({ name: 'plane_add_comment', arguments: { key: 'ACME-3', text: 'Posted over HTTP' } });
    expect(write.isError, textOf(write)).toBeFalsy();
    const item = harness.plane.db.workItem('ACME-3')!;
    expect(
      [...harness.plane.db.comments.values()]
        .filter((c) => c.issue === item.id)
        .map((c) => c.comment_html)
        .join(),
    ).toContain('Posted over HTTP');
    expect(write.structuredContent).toMatchObject({ key: 'ACME-3', url: expect.stringContaining('ACME-3') });
    expect(textOf(write)).toBe(
      `Commented on ACME-3 as ${(write.structuredContent as { author: string }).author}: ${(write.structuredContent as { url: string }).url}`,
    );
    const bad = await client.callTool({ name: 'plane_create_issue', arguments: { project: 'ACME' } });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toMatch(/^Invalid input for plane_create_issue:\n- title: /);
    expect(bad).not.toHaveProperty('structuredContent');
  });

  it('answers 401 with a WWW-Authenticate challenge without the token or with a wrong one', async () => {
    const without = await send(url, { body: INITIALIZE });
    expect(without.status).toBe(401);
    expect(without.headers['www-authenticate']).toBe('Bearer realm="planebot"');
    expect(JSON.parse(without.body).error.message).toContain('Authorization: Bearer');
    const wrong = await send(url, { body: INITIALIZE, headers: { Authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers['www-authenticate']).toBe('Bearer realm="planebot", error="invalid_token"');
    const basic = await send(url, {
      body: INITIALIZE,
      headers: { Authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` },
    });
    expect(basic.status).toBe(401);
  });

  it('refuses a foreign Host or Origin with 403 (DNS rebinding), and accepts a name of PLANEBOT_MCP_HOSTS', async () => {
    const auth = { Authorization: `Bearer ${TOKEN}` };
    const port = new URL(url).port;
    const rebound = await send(url, { body: INITIALIZE, headers: { ...auth, Host: `attacker.example:${port}` } });
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.body).error.message).toContain('PLANEBOT_MCP_HOSTS');
    const page = await send(url, { body: INITIALIZE, headers: { ...auth, Origin: 'http://attacker.example' } });
    expect(page.status).toBe(403);
    expect((await send(url, { body: INITIALIZE, headers: { ...auth, Origin: 'null' } })).status).toBe(403);
    // A refused request learns nothing about the token: the Host check comes first.
    expect((await send(url, { body: INITIALIZE, headers: { Host: 'attacker.example' } })).status).toBe(403);
    const named = await send(url, {
      body: INITIALIZE,
      headers: { ...auth, Host: 'planebot.example.com', Origin: 'https://planebot.example.com' },
    });
    expect(named.status).toBe(200);
    const local = await send(url, {
      body: INITIALIZE,
      headers: { ...auth, Host: `localhost:${port}`, Origin: `http://localhost:${port}` },
    });
    expect(local.status).toBe(200);
  });

  it('keeps sessions as the spec says: initialize opens one, DELETE ends it, then it is unknown (404)', async () => {
    const auth = { Authorization: `Bearer ${TOKEN}` };
    const before = await send(url, { body: { jsonrpc: '2.0', id: 2, method: 'tools/list' }, headers: auth });
    expect(before.status).toBe(400);
    const opened = await send(url, { body: INITIALIZE, headers: auth });
    const session = opened.headers['mcp-session-id'] as string;
    expect(session).toMatch(/^[0-9a-f-]{36}$/);
    const headers = { ...auth, 'Mcp-Session-Id': session, 'MCP-Protocol-Version': '2025-11-25' };
    expect((await send(url, { body: { jsonrpc: '2.0', method: 'notifications/initialized' }, headers })).status).toBe(202);
    const listed = await send(url, { body: { jsonrpc: '2.0', id: 3, method: 'tools/list' }, headers });
    expect(listed.status).toBe(200);
    expect(listed.body).toContain('plane_get_issue');
    expect((await send(url, { method: 'DELETE', headers })).status).toBe(200);
    const gone = await send(url, { body: { jsonrpc: '2.0', id: 4, method: 'tools/list' }, headers });
    expect(gone.status).toBe(404);
    expect(JSON.parse(gone.body).error.code).toBe(-32001);
  });

  it('closes its sessions when the bot stops, without holding the shutdown', async () => {
    const extra = await connectHttp(url, TOKEN);
    await extra.listTools();
    await harness.restart();
    expect(log.lines.some((line) => line.msg.includes('left for another process'))).toBe(false);
    // The old process is gone, and its sessions with it: a client must initialize with the new one.
    await expect(extra.listTools()).rejects.toThrow();
    url = `${harness.bot.url}/mcp`;
    await client.close();
    client = await connectHttp(url, TOKEN);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
  });
});

describe('idle sessions', () => {
  it('closes a session nobody used for the idle time; its client then gets 404', async () => {
    const { plane, env } = await startDemoPlane();
    const { url, mcp, close } = await startMcpServer(env, { token: TOKEN, idleMs: 200 });
    try {
      const opened = await send(url, { body: INITIALIZE, headers: { Authorization: `Bearer ${TOKEN}` } });
      const headers = { Authorization: `Bearer ${TOKEN}`, 'Mcp-Session-Id': opened.headers['mcp-session-id'] as string };
      expect(mcp.sessionCount()).toBe(1);
      await eventually(() => mcp.sessionCount() === 0, 5_000, 'the idle session to close');
      expect((await send(url, { body: { jsonrpc: '2.0', id: 2, method: 'ping' }, headers })).status).toBe(404);
    } finally {
      await close();
      await plane.close();
    }
  });
});

describe('in the sandbox', () => {
  it('serves /mcp against the demo Plane', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'planebot-mcp-sandbox-'));
    const sandbox = await startSandbox(loadConfig({ PORT: '0', PLANEBOT_DATA_DIR: dataDir, PLANEBOT_MCP_TOKEN: TOKEN }), {
      logger: silentLogger,
    });
    try {
      const client = await connectHttp(`${sandbox.url}/mcp`, TOKEN);
      const read = await client.callTool({ name: 'plane_get_issue', arguments: { key: 'ACME-1' } });
      expect(textOf(read)).toContain('Login button unresponsive on Safari');
      await client.close();
    } finally {
      await sandbox.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('without PLANEBOT_MCP_TOKEN', () => {
  it('answers 404 at /mcp', async () => {
    const harness = await startBotHarness();
    try {
      const answer = await send(`${harness.bot.url}/mcp`, { body: INITIALIZE, headers: { Authorization: `Bearer ${TOKEN}` } });
      expect(answer.status).toBe(404);
    } finally {
      await harness.close();
    }
  });
});
