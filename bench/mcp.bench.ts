/**
 * MCP: what a client loads with `tools/list`, beside the tool definitions the agent gives the model,
 * and what one `tools/call` of plane_get_issue costs over stdio (a child process, as a desktop client
 * starts it) and over Streamable HTTP (the bot's route on a loopback HTTP server), against the Plane
 * emulator with a warm cache.
 *
 * The peer `@makeplane/plane-mcp-server` is never a dependency of this repository: install it in a
 * folder of your own (`npm i @makeplane/plane-mcp-server@0.1.5`) and set PLANEBOT_BENCH_PEER_MCP to
 * its `build/index.js` to add its `tools/list` figure; without it the row says it was not measured.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { agentTools, toModelTools } from '../src/agent/index.js';
import { ToolRegistry } from '../src/tools/registry.js';
import { childEnv, connectHttp, connectStdio, registryFor, startDemoPlane, startMcpServer } from '../test/mcp/support.js';
import { CHARS_PER_TOKEN, tokens } from './agent.bench.js';
import type { BenchRow } from './run.js';

const CALLS = 25;
const TOKEN = 'bench-token-0123456789abcdef';

export async function bench(): Promise<BenchRow[]> {
  const { plane, demo, env } = await startDemoPlane();
  const dataDir = await mkdtemp(join(tmpdir(), 'planebot-mcp-bench-'));
  const rows: BenchRow[] = [];
  const row = (measure: string, value: string | number, target?: string) =>
    rows.push({ area: 'mcp', measure, value: String(value), target });
  // One API key per transport: each has Plane's 60-a-minute budget to itself.
  const keyFor = (name: string) => {
    const key = `plane_api_bench_${name}_0123456789`;
    plane.db.addApiKey(key, demo.users.bot.id);
    return key;
  };
  const apiRequests = () => plane.requests.filter((r) => r.path.startsWith('/api/') && r.path !== '/api/instances/').length;

  const stdioEnv = { ...env, PLANE_API_KEY: keyFor('stdio'), PLANEBOT_DATA_DIR: dataDir };
  const stdio = await connectStdio(stdioEnv, dataDir);
  const { tools } = await stdio.client.listTools();
  const listed = JSON.stringify(tools);
  const modelTools = toModelTools(agentTools(new ToolRegistry(registryFor(stdioEnv))).list());
  const served = (JSON.parse(listed) as unknown[]).length;
  row(`tools/list (${served} tools), characters`, listed.length);
  row(`tools/list, tokens (chars/${CHARS_PER_TOKEN})`, tokens(listed.length));
  // The data's schemas serve the client's code: a model is given a tool's name, description and input schema (Anthropic's tool definitions have no field for an output schema).
  row(`  of which outputSchema, tokens (chars/${CHARS_PER_TOKEN})`, tokens(JSON.stringify(tools.map((tool) => tool.outputSchema)).length));
  const modelChars = JSON.stringify(modelTools).length;
  row(`  beside: the agent's tool definitions (${modelTools.length} tools), characters`, modelChars);
  row(`  beside: the agent's tool definitions, tokens (chars/${CHARS_PER_TOKEN})`, tokens(modelChars));
  rows.push(...(await peerListing()));

  const latency = async (transport: string, client: Client) => {
    await client.callTool({ name: 'plane_get_issue', arguments: { key: 'ACME-3' } });
    plane.resetRequests();
    const times: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const started = performance.now();
      const result = await client.callTool({ name: 'plane_get_issue', arguments: { key: 'ACME-3' } });
      times.push(performance.now() - started);
      if (result.isError) throw new Error(`plane_get_issue over ${transport} failed: ${JSON.stringify(result.content)}`);
    }
    times.sort((a, b) => a - b);
    row(`plane_get_issue over ${transport}, median ms (${CALLS} calls, warm cache)`, times[Math.floor(CALLS / 2)]!.toFixed(1));
    row(`plane_get_issue over ${transport}, Plane requests per call`, (apiRequests() / CALLS).toFixed(1), '1');
  };
  await latency('stdio', stdio.client);
  await stdio.close();

  const server = await startMcpServer({ ...env, PLANE_API_KEY: keyFor('http'), PLANEBOT_DATA_DIR: dataDir }, { token: TOKEN });
  const http = await connectHttp(server.url, TOKEN);
  await latency('Streamable HTTP', http);
  await http.close();
  await server.close();

  await plane.close();
  await rm(dataDir, { recursive: true, force: true });
  return rows;
}

/** The peer server's tools/list, when an installed copy is named; it lists without any Plane call. */
async function peerListing(): Promise<BenchRow[]> {
  const entry = process.env.PLANEBOT_BENCH_PEER_MCP;
  const measure = '  beside: @makeplane/plane-mcp-server 0.1.5 tools/list';
  if (!entry || !existsSync(entry)) {
    return [{ area: 'mcp', measure, value: 'not measured', target: 'set PLANEBOT_BENCH_PEER_MCP to its build/index.js' }];
  }
  const client = new Client({ name: 'planebot-bench', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [entry],
      env: childEnv({ PLANE_API_KEY: 'unused', PLANE_WORKSPACE_SLUG: 'acme', PLANE_API_HOST_URL: 'http://127.0.0.1:9/' }),
      stderr: 'ignore',
    }),
  );
  const listed = JSON.stringify((await client.listTools()).tools);
  await client.close();
  const count = (JSON.parse(listed) as unknown[]).length;
  return [
    { area: 'mcp', measure: `${measure} (${count} tools), characters`, value: String(listed.length) },
    { area: 'mcp', measure: `${measure}, tokens (chars/${CHARS_PER_TOKEN})`, value: String(tokens(listed.length)) },
  ];
}
