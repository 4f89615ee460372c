/**
 * The stdio MCP server as an MCP client starts it: a child process running the entry, driven by the
 * official SDK client (and, where the bytes matter, by hand), against the Plane emulator.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import sharp from 'sharp';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ToolRegistry } from '../../src/tools/registry.js';
import { TSX_LOADER } from '../harness/process.js';
import {
  asListed,
  childEnv,
  connectStdio,
  registryFor,
  startDemoPlane,
  STDIO_ENTRY,
  textOf,
  type DemoPlane,
  type StdioConnection,
} from './support.js';

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
    env = {
      ...demo.env,
      PLANEBOT_DATA_DIR: dataDir,
      PLANEBOT_MCP_EMAIL: 'dana@acme.io',
      SLACK_BOT_TOKEN: 'not-a-bot-token',
      // The JSON site of the every-tool test is on loopback.
      PLANEBOT_WEBFETCH_ALLOW: '127.0.0.1',
    };
    mcp = await connectStdio(env, dataDir);
  });
  afterAll(() => mcp.close());

  it('lists every registry tool with the JSON Schema the model sees and annotations from its declaration', async () => {
    const { tools } = await mcp.client.listTools();
    const registry = registryFor(env);
    expect(tools.map((tool) => tool.name)).toEqual(registry.map((tool) => tool.name));
    expect(tools.map(({ name, description, inputSchema, outputSchema }) => ({ name, description, inputSchema, outputSchema }))).toEqual(
      registry.map(asListed),
    );
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
    for (const removing of ['TodoWrite', 'Task'])
      expect(annotations[removing], removing).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(annotations.WebFetch).toMatchObject({ readOnlyHint: false, openWorldHint: true });
  });

  it('reads a work item from Plane (a read tool): the registry’s text, and its data as structuredContent', async () => {
    const result = await mcp.client.callTool({ name: 'plane_get_issue', arguments: { key: 'ACME-1' } });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toContain('Login button unresponsive on Safari');
    expect(textOf(result)).toContain('In Progress');
    expect(result.structuredContent).toMatchObject({
      key: 'ACME-1',
      title: 'Login button unresponsive on Safari',
      project: { identifier: 'ACME' },
      state: { name: 'In Progress', group: 'started' },
      images: [{ n: 1 }],
    });
    expect(result).toEqual(await sameCallInProcess('plane_get_issue', { key: 'ACME-1' }));
  });

  it('shows a work item’s description images as MCP image content beside the text, scaled, and saves the files', async () => {
    const dir = join(dataDir, 'acme-1-images');
    const result = await mcp.client.callTool({ name: 'plane_get_issue_images', arguments: { key: 'ACME-1', dir } });
    expect(result.isError, textOf(result)).toBeFalsy();
    const [text, image, ...more] = result.content as { type: string; text?: string; data?: string; mimeType?: string }[];
    expect(more).toEqual([]);
    expect(text!.text).toBe(
      `Saved 1 of 1 images of ACME-1 in ${dir}:\n[image 1] ${join(dir, 'image-1.png')} (image/png, 2400×1500, 6 KB): shown below as image/png, scaled to 1568×980`,
    );
    expect(image).toMatchObject({ type: 'image', mimeType: 'image/png' });
    // The demo's login screenshot, recognised by its size once scaled and its light blue background.
    const shown = sharp(Buffer.from(image!.data!, 'base64'));
    expect(await shown.metadata()).toMatchObject({ format: 'png', width: 1568, height: 980 });
    expect((await shown.stats()).dominant).toEqual({ r: 216, g: 232, b: 248 });
    expect((await readFile(join(dir, 'image-1.png'))).length).toBeGreaterThan(0);
    expect(result.structuredContent).toMatchObject({
      images: [{ n: 1, ok: true, width: 2400, height: 1500, shown: { mime: 'image/png', width: 1568, height: 980 } }],
    });
  });

  it('lists work items (a list tool): the items as structuredContent, the same as the registry answers', async () => {
    const args = { project: 'ACME', state_groups: ['started'] };
    const result = await mcp.client.callTool({ name: 'plane_search_issues', arguments: args });
    expect(result.isError, textOf(result)).toBeFalsy();
    const list = result.structuredContent as { found: number; items: { key: string; state: { group: string } }[] };
    expect(list.found).toBeGreaterThan(1);
    expect(list.items.map((item) => item.key)).toContain('ACME-1');
    for (const item of list.items) expect(item.state.group).toBe('started');
    expect(result).toEqual(await sameCallInProcess('plane_search_issues', args));
  });

  it('comments on a work item in Plane (a write tool: the client confirms, the server just runs it)', async () => {
    const result = await mcp.client.callTool({ name: 'plane_add_comment', arguments: { key: 'ACME-2', text: 'Posted over MCP' } });
    expect(result.isError, textOf(result)).toBeFalsy();
    const item = demo.plane.db.workItem('ACME-2')!;
    const comments = [...demo.plane.db.comments.values()].filter((c) => c.issue === item.id);
    expect(comments.map((c) => c.comment_html).join()).toContain('Posted over MCP');
    const added = result.structuredContent as { key: string; author: string; url: string };
    expect(added).toEqual({ key: 'ACME-2', author: expect.any(String), url: expect.stringContaining('ACME-2') });
    expect(textOf(result)).toBe(`Commented on ACME-2 as ${added.author}: ${added.url}`);
  });

  it('sends every tool’s data as structuredContent that fits the outputSchema it declares', async () => {
    const { tools } = await mcp.client.listTools();
    const declared = new Map(registryFor(env).map((tool) => [tool.name, tool.output]));
    const validator = new AjvJsonSchemaValidator();
    const site = await jsonSite();
    const todo = { file: 'shapes.todos.json' };
    const task = { file: 'shapes.json' };
    // Each tool, and each action of the tools whose data is a union of one shape per action.
    const calls: [string, Record<string, unknown>][] = [
      ['plane_whoami', {}],
      ['plane_list_projects', {}],
      ['plane_list_my_issues', {}],
      ['plane_search_issues', { project: 'ACME', query: 'login' }],
      ['plane_get_issue', { key: 'ACME-1' }],
      ['plane_get_issue_images', { key: 'ACME-1', dir: join(dataDir, 'shapes-images') }],
      ['plane_get_issue_images', { key: 'ACME-2' }],
      ['plane_list_comments', { key: 'ACME-1' }],
      ['plane_add_comment', { key: 'ACME-1', text: 'Checked over MCP' }],
      ['plane_create_issue', { project: 'ACME', title: 'Made over MCP', labels: [] }],
      ['plane_update_issue', { key: 'ACME-1', priority: 'high', target_date: null }],
      ['plane_list_states', { project: 'ACME' }],
      ['plane_list_labels', { project: 'ACME' }],
      ['plane_list_members', { project: 'ACME' }],
      ['plane_list_cycles', { project: 'ACME' }],
      ['plane_list_modules', { project: 'ACME' }],
      ['plane_list_cycle_items', { project: 'ACME', name: 'Sprint 14' }],
      ['plane_list_module_items', { project: 'ACME', name: 'Performance' }],
      ['plane_add_to_cycle', { project: 'ACME', name: 'Sprint 14', keys: ['ACME-2'] }],
      ['plane_add_to_module', { project: 'ACME', name: 'Performance', keys: ['ACME-1'] }],
      ['WebFetch', { url: `${site.url}/data.json` }],
      ['TodoWrite', { ...todo, action: 'add', title: 'One', tags: ['a'] }],
      ['TodoWrite', { ...todo, action: 'list' }],
      ['TodoWrite', { ...todo, action: 'done', id: '1' }],
      ['TodoWrite', { ...todo, action: 'undone', id: '1' }],
      ['TodoWrite', { ...todo, action: 'block', id: '1' }],
      ['TodoWrite', { ...todo, action: 'unblock', id: '1' }],
      ['TodoWrite', { ...todo, action: 'update', id: '1', tags: ['b'], dueAt: '2030-01-02' }],
      ['TodoWrite', { ...todo, action: 'export-markdown' }],
      ['TodoWrite', { ...todo, action: 'remove', id: '1' }],
      ['Task', { ...task, action: 'add', title: 'Root', priority: 'high' }],
      ['Task', { ...task, action: 'subtask', parent: '1', title: 'Leaf', assignee: 'nobody-here' }],
      ['Task', { ...task, action: 'add', title: 'Other', depends: ['1'] }],
      ['Task', { ...task, action: 'tree' }],
      ['Task', { ...task, action: 'sync', id: '1', project: 'ACME' }],
      ['Task', { ...task, action: 'status', id: '1', status: 'in-progress' }],
      ['Task', { ...task, action: 'assign', id: '1', assignee: 'dana' }],
      ['Task', { ...task, action: 'update', id: '1', tags: ['q4'], description: 'Why' }],
      ['Task', { ...task, action: 'list' }],
      ['Task', { ...task, action: 'remove', id: '1' }],
    ];
    const answers: Record<string, unknown>[] = [];
    try {
      for (const [name, args] of calls) {
        const result = await mcp.client.callTool({ name, arguments: args });
        const call = `${name} ${JSON.stringify(args)}`;
        expect(result.isError, `${call}: ${textOf(result)}`).toBeFalsy();
        expect(result.structuredContent, call).toBeDefined();
        answers.push(result.structuredContent as Record<string, unknown>);
        const listed = tools.find((tool) => tool.name === name)!;
        const fit = validator.getValidator(listed.outputSchema!)(result.structuredContent);
        expect(fit.errorMessage, call).toBeUndefined();
        expect(fit.valid, call).toBe(true);
        const parsed = declared.get(name)!.safeParse(result.structuredContent);
        expect(parsed.error, call).toBeUndefined();
      }
    } finally {
      await site.close();
    }
    // The optional parts were there too: a synced task's change written to its work item, a hidden cookie.
    expect(answers.find((data) => data.action === 'status')).toMatchObject({
      plane: { key: expect.stringMatching(/^ACME-\d+$/), fields: ['state'] },
    });
    expect(answers.find((data) => 'headers' in data)).toMatchObject({
      headers: expect.arrayContaining([{ name: 'set-cookie', value: null }]),
    });
    expect(new Set(calls.map(([name]) => name))).toEqual(new Set(tools.map((tool) => tool.name)));
    for (const union of ['TodoWrite', 'Task']) {
      const actions = (tools.find((tool) => tool.name === union)!.inputSchema.properties!.action as { enum: string[] }).enum;
      expect(new Set(calls.filter(([name]) => name === union).map(([, args]) => args.action)), union).toEqual(new Set(actions));
    }
  });

  /** The same call through the registry in this process, as MCP must answer it: its text, its data. */
  async function sameCallInProcess(name: string, args: Record<string, unknown>): Promise<unknown> {
    const result = await new ToolRegistry(registryFor(env)).call(name, args, { filesDir: dataDir, fileWrites: 'anywhere' });
    if (!result.ok) throw new Error(result.error);
    return { content: [{ type: 'text', text: result.text }], structuredContent: JSON.parse(JSON.stringify(result.data)) };
  }

  it('answers bad input with isError and the registry’s readable message', async () => {
    const result = await mcp.client.callTool({ name: 'plane_get_issue', arguments: { key: 42 } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^Invalid input for plane_get_issue:\n- key: /);
    // An error carries no data: the client's check of the outputSchema is skipped for it.
    expect(result).not.toHaveProperty('structuredContent');
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

/** A loopback site that answers JSON, for WebFetch. */
async function jsonSite(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Set-Cookie': 'session=secret' });
    res.end(JSON.stringify({ ok: true, items: [1, 2] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('stdio server permissions and shared channel files', () => {
  it('does not list or run a denied tool, and works in a channel’s folder with PLANEBOT_MCP_CHANNEL', async () => {
    const permissions = join(dataDir, 'permissions.json');
    await writeFile(
      permissions,
      JSON.stringify({ plane_add_comment: 'deny', 'plane_create_*': 'ask', plane_update_issue: 'deny', update_plan: 'allow' }),
    );
    const mcp = await connectStdio({
      ...demo.env,
      PLANEBOT_DATA_DIR: dataDir,
      PLANEBOT_PERMISSIONS: permissions,
      PLANEBOT_MCP_CHANNEL: 'C0GENERAL',
    });
    try {
      const names = (await mcp.client.listTools()).tools.map((tool) => tool.name);
      expect(names).not.toContain('plane_add_comment');
      expect(names).toContain('plane_create_issue');
      await expect(mcp.client.callTool({ name: 'plane_add_comment', arguments: { key: 'ACME-1', text: 'x' } })).rejects.toMatchObject({
        code: -32602,
      });
      const added = await mcp.client.callTool({ name: 'Task', arguments: { action: 'add', title: 'Shared with the channel' } });
      expect(added.isError, textOf(added)).toBeFalsy();
      expect(await readFile(join(dataDir, 'channels', 'C0GENERAL', 'tasks.json'), 'utf8')).toContain('Shared with the channel');
      // A Task sync writes as plane_update_issue, which is denied: refused, though Task is served.
      const sync = await mcp.client.callTool({ name: 'Task', arguments: { action: 'sync', id: '1', project: 'ACME' } });
      expect(sync.isError).toBe(true);
      expect(sync).not.toHaveProperty('structuredContent');
      expect(textOf(sync)).toBe(
        'Operation not permitted: this Task call writes as plane_update_issue, which is switched off for this bot.',
      );
    } finally {
      await mcp.close();
    }
  });
});

describe('stdio process lifecycle', () => {
  /** Starts the entry by hand and reads its stdout line by line. */
  function start(env: Record<string, string>) {
    const child = spawn(process.execPath, ['--import', TSX_LOADER, STDIO_ENTRY], {
      env: childEnv(env),
      cwd: dataDir,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
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
    const call = await server.request({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'plane_list_projects', arguments: {} },
    });
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
