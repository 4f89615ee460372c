import { EventEmitter } from 'node:events';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import Keyv from 'keyv';
import { toJsonSchema, toModelTool } from '../../src/agent/index.js';
import { composeTools } from '../../src/compose-tools.js';
import { loadConfig } from '../../src/config.js';
import { seedDemoWorkspace, startFakePlane, type FakePlane, type FakePlaneOptions } from '../../src/emulators/plane/index.js';
import { startHttpServer } from '../../src/http/server.js';
import { silentLogger } from '../../src/log.js';
import { createMcpHttp, mcpToolsFor, type McpHttp } from '../../src/mcp/index.js';
import type { ToolDefinition } from '../../src/tools/registry.js';
import { TSX_LOADER } from '../harness/process.js';
import { FileLocks } from '../../src/files/file-lock.js';

/** The stdio server's entry, as `npm run mcp` runs it. */
export const STDIO_ENTRY = fileURLToPath(new URL('../../src/mcp-stdio.ts', import.meta.url));
/** Enough for the child to find node and its temp folder; everything else comes from the test. */
const INHERITED = ['PATH', 'HOME', 'TMPDIR'];

export function childEnv(env: Record<string, string>): Record<string, string> {
  const inherited = Object.fromEntries(INHERITED.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])));
  return { ...inherited, ...env };
}

export interface DemoPlane {
  plane: FakePlane;
  demo: ReturnType<typeof seedDemoWorkspace>;
  /** The Plane variables that point a process at this fake. */
  env: Record<string, string>;
}

/** The demo workspace (acme, project ACME) on a fresh Plane emulator. */
export async function startDemoPlane(options?: FakePlaneOptions): Promise<DemoPlane> {
  const plane = await startFakePlane(options);
  const demo = seedDemoWorkspace(plane.db);
  return {
    plane,
    demo,
    env: { PLANE_API_KEY: demo.apiKey, PLANE_BASE_URL: plane.url, PLANE_APP_URL: plane.url, PLANE_WORKSPACE: demo.workspace.slug },
  };
}

export interface StdioConnection {
  client: Client;
  /** What the server wrote on stderr (its log). */
  stderr(): string;
  close(): Promise<void>;
}

/** The official SDK client over a real child process running the stdio entry. */
export async function connectStdio(env: Record<string, string>, cwd?: string): Promise<StdioConnection> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', TSX_LOADER, STDIO_ENTRY],
    env: childEnv(env),
    cwd,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'planebot-tests', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}

/** The official SDK client over Streamable HTTP. */
export async function connectHttp(url: string, token: string): Promise<Client> {
  const client = new Client({ name: 'planebot-tests', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  return client;
}

/** /mcp alone on a loopback HTTP server (the bot's server code, without Slack), for this environment. */
export async function startMcpServer(
  env: Record<string, string>,
  options: { token: string; idleMs?: number },
): Promise<{ url: string; mcp: McpHttp; close(): Promise<void> }> {
  const config = loadConfig({ ...env, PLANEBOT_MCP_TOKEN: options.token });
  const { registry, limiters } = composeTools(config, {
    cache: new Keyv(),
    taskEvents: new EventEmitter(),
    fileLocks: new FileLocks(),
    logger: silentLogger,
  });
  const tools = await mcpToolsFor(config, registry, silentLogger);
  const mcp = createMcpHttp({ token: options.token, hosts: [], tools, logger: silentLogger, idleMs: options.idleMs });
  const server = await startHttpServer({ port: 0, host: '127.0.0.1', routes: mcp.routes });
  return {
    url: `${server.url}/mcp`,
    mcp,
    async close() {
      await mcp.close();
      await server.close();
      await limiters.close();
    },
  };
}

/** The registry this environment gives the tool kit, built without MCP: what tools/list must mirror. */
export function registryFor(env: Record<string, string>): ToolDefinition[] {
  const config = loadConfig(env, 'mcp-stdio');
  return composeTools(config, {
    cache: new Keyv(),
    taskEvents: new EventEmitter(),
    fileLocks: new FileLocks(),
    logger: silentLogger,
  }).registry.list();
}

/** A declaration as MCP must list it: the model's name, description and JSON Schema, and its data's schema. */
export function asListed(tool: ToolDefinition): { name: string; description: string; inputSchema: unknown; outputSchema: unknown } {
  const model = toModelTool(tool);
  return {
    name: model.name,
    description: model.description!,
    inputSchema: model.input_schema,
    outputSchema: { type: 'object', ...toJsonSchema(tool.output) },
  };
}

/** The text of a tool result (the registry's output or error, as it stands). */
export function textOf(result: unknown): string {
  return (result as CallToolResult).content.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n');
}
