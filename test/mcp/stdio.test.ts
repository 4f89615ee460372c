/**
 * The stdio MCP server as an MCP client starts it: a child process running the entry, driven by the
 * official SDK client (and, where the bytes matter, by hand), against the Plane emulator.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TSX_LOADER } from '../harness/process.js';
import { asListed, childEnv, connectStdio, registryFor, startDemoPlane, STDIO_ENTRY, textOf, type DemoPlane, type StdioConnection } from './support.js';

// Each child process compiles the entry through tsx first: seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let demo: DemoPlane;
let dataDir: string;

beforeAll(async () => {
  demo = await startDemoPlane();
  dataDir = await mkdtemp(join(tmpdir(), 'planebot-mcp-'));
});

afterAll(async () => {
  await demo.plane.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('stdio server with the official SDK client', () => {
  let mcp: StdioConnection;
  let env: Record<string, string>;

  beforeAll(async () => {
    // A shared .env may hold a half Slack configuration: the stdio server must not care.
    env = { ...demo.env, PLANEBOT_DATA_DIR: dataDir, PLANEBOT_MCP_EMAIL: 'dana@acme.io', SLACK_BOT_TOKEN: 'not-a-bot-token' };
    mcp = await connectStdio(env, dataDir);
  });
  afterAll(() => mcp.close());

  it('lists every registry tool with the JSON Schema the model sees and annotations from its declaration', async () => {
    const { tools } = await mcp.client.listTools();
    const registry = registryFor(env);
    expect(tools.map((tool) => tool.name)).toEqual(registry.map((tool) => tool.name));
    expect(tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema }))).toEqual(registry.map(asListed));
    for (const tool of registry) {
      const listed = tools.find((t) => t.name === tool.name)!;
      expect(listed.annotations?.readOnlyHint, tool.name).toBe(tool.effects.readOnly);
      expect(listed.annotations?.destructiveHint, tool.name).toBe(tool.effects.destructive);
      expect(listed.annotations?.openWorldHint, tool.name).toBe(tool.effects.openWorld);
    }
    expect(tools.map((tool) => tool.name)).not.toContain('update_plan');
    expect(mcp.client.getServerVersion()?.name).toBe('planebot');
  });

  it('tells clients which tools only read, which may remove, and which reach the open web', async () => {
    const annotations = Object.fromEntries((await mcp.client.listTools()).tools.map((tool) => [tool.name, tool.annotations]));
    for (const read of ['plane_whoami', 'plane_get_issue', 'plane_search_issues', 'plane_list_comments']) {
      expect(annotations[read], read).toMatchObject({ readOnlyHint: true, openWorldHint: false });
    }
    for (const additive of ['plane_add_comment', 'plane_create_issue', 'plane_update_issue', 'plane_get_issue_images']) {
      expect(annotations[additive], additive).toMatchObject({ readOnlyHint: false, destructiveHint: false, openWorldHint: false });
    }
    for (const removing of ['TodoWrite', 'Task']) expect(annotations[removing], removing).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(annotations.WebFetch).toMatchObject({ readOnlyHint: false, openWorldHint: true });
  });

  it('reads a work item from Plane (a read tool)', async () => {
    const result = await mcp.client.callTool({ name: 'plane_get_issue', arguments: { key: 'ACME-1' } });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toContain('Login button unresponsive on Safari');
    expect(textOf(result)).toContain('In Progress');
  });

  it('comments on a work item in Plane (a write tool: the client confirms, the server just runs it)', async () => {
    const result = await mcp.client.callTool({ name: 'plane_add_comment', arguments: { key: 'ACME-2', text: 'Posted over MCP' } });
    expect(result.isError, textOf(result)).toBeFalsy();
    const item = demo.plane.db.workItem('ACME-2')!;
    const comments = [...demo.plane.db.comments.values()].filter((c) => c.issue === item.id);
    expect(comments.map((c) => c.comment_html).join()).toContain('Posted over MCP');
  });

  it('answers bad input with isError and the registry’s readable message', async () => {
    const result = await mcp.client.callTool({ name: 'plane_get_issue', arguments: { key: 42 } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^Invalid input for plane_get_issue:\n- key: /);
    const missing = await mcp.client.callTool({ name: 'plane_get_issue', arguments: { key: 'ACME-999' } });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toContain('ACME-999');
  });

  it('answers an unknown tool with a JSON-RPC invalid-params error naming the tools', async () => {
    const call = mcp.client.callTool({ name: 'update_plan', arguments: {} });
    await expect(call).rejects.toBeInstanceOf(McpError);
    await expect(call).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('plane_get_issue') });
  });

  it('keeps TodoWrite files in <data>/mcp/ and makes "me" the member PLANEBOT_MCP_EMAIL names', async () => {
    const added = await mcp.client.callTool({ name: 'TodoWrite', arguments: { action: 'add', title: 'From the MCP client' } });
    expect(added.isError, textOf(added)).toBeFalsy();
    expect(await readFile(join(dataDir, 'mcp', '.todos.json'), 'utf8')).toContain('From the MCP client');
    const whoami = await mcp.client.callTool({ name: 'plane_whoami', arguments: {} });
    expect(textOf(whoami)).toMatch(/"me": the requester, .*dana/);
  });

  it('logs on stderr only', () => {
    expect(mcp.stderr()).toContain('planebot MCP server on stdio');
  });
});

describe('stdio server permissions and shared channel files', () => {
  it('does not list or run a denied tool, and works in a channel’s folder with PLANEBOT_MCP_CHANNEL', async () => {
    const permissions = join(dataDir, 'permissions.json');
    await writeFile(permissions, JSON.stringify({ plane_add_comment: 'deny', 'plane_create_*': 'ask', plane_update_issue: 'deny', update_plan: 'allow' }));
    const mcp = await connectStdio({ ...demo.env, PLANEBOT_DATA_DIR: dataDir, PLANEBOT_PERMISSIONS: permissions, PLANEBOT_MCP_CHANNEL: 'C0GENERAL' });
    try {
      const names = (await mcp.client.listTools()).tools.map((tool) => tool.name);
      expect(names).not.toContain('plane_add_comment');
      expect(names).toContain('plane_create_issue');
      await expect(mcp.client.callTool({ name: 'plane_add_comment', arguments: { key: 'ACME-1', text: 'x' } })).rejects.toMatchObject({ code: -32602 });
      const added = await mcp.client.callTool({ name: 'Task', arguments: { action: 'add', title: 'Shared with the channel' } });
      expect(added.isError, textOf(added)).toBeFalsy();
      expect(await readFile(join(dataDir, 'channels', 'C0GENERAL', 'tasks.json'), 'utf8')).toContain('Shared with the channel');
      // A Task sync writes as plane_update_issue, which is denied: refused, though Task is served.
      const sync = await mcp.client.callTool({ name: 'Task', arguments: { action: 'sync', id: '1', project: 'ACME' } });
      expect(sync.isError).toBe(true);
      expect(textOf(sync)).toBe('Operation not permitted: this Task call writes as plane_update_issue, which is switched off for this bot.');
    } finally {
      await mcp.close();
    }
  });
});

describe('stdio process lifecycle', () => {
  /** Starts the entry by hand and reads its stdout line by line. */
  function start(env: Record<string, string>) {
    const child = spawn(process.execPath, ['--import', TSX_LOADER, STDIO_ENTRY], { env: childEnv(env), cwd: dataDir, stdio: ['pipe', 'pipe', 'pipe'] });
    const lines: string[] = [];
    const waiting: ((line: string) => void)[] = [];
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      waiting.shift()?.(line);
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const request = (message: object) => {
      const answer = new Promise<string>((resolve) => waiting.push(resolve));
      child.stdin.write(`${JSON.stringify(message)}\n`);
      return answer.then((line) => JSON.parse(line) as { id?: number; result?: Record<string, unknown> });
    };
    return { child, lines, exited, request, stderr: () => stderr };
  }
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'by-hand', version: '1' } },
  };

  it('writes only JSON-RPC messages on stdout and exits 0 when the client closes stdin', async () => {
    const server = start({ ...demo.env, PLANEBOT_DATA_DIR: dataDir, LOG_LEVEL: 'debug' });
    const init = await server.request(initialize);
    expect(init.result?.serverInfo).toMatchObject({ name: 'planebot' });
    server.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    const call = await server.request({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'plane_list_projects', arguments: {} } });
    expect(JSON.stringify(call.result)).toContain('Website');
    server.child.stdin.end();
    expect(await server.exited).toBe(0);
    for (const line of server.lines) expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
    expect(server.lines).toHaveLength(2);
    expect(server.stderr()).toContain('"reason":"stdin closed"');
  });

  it('exits 0 on SIGTERM', async () => {
    const server = start({ ...demo.env, PLANEBOT_DATA_DIR: dataDir });
    await server.request(initialize);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.stderr()).toContain('"reason":"SIGTERM"');
  });

  it('stops with status 2 and names a bad variable, writing nothing on stdout', async () => {
    const server = start({ ...demo.env, PLANEBOT_MCP_EMAIL: 'not an address' });
    expect(await server.exited).toBe(2);
    expect(server.stderr()).toContain('PLANEBOT_MCP_EMAIL: must be an e-mail address');
    expect(server.lines).toEqual([]);
  });
});
