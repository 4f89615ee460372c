import { agentTools, loadPermissions } from '../agent/index.js';
import type { Config } from '../config.js';
import type { Logger } from '../log.js';
import type { ToolRegistry } from '../tools/registry.js';
import { mcpToolContext } from './context.js';
import { createMcpTools, type McpTools } from './tools.js';

export { createMcpHttp, MCP_PATH, type McpHttp } from './http.js';
export { serveStdio } from './stdio.js';
export type { McpTools } from './tools.js';

/**
 * The registry as MCP serves it under this configuration: PLANEBOT_PERMISSIONS applied (its rules
 * are checked against the agent's tool names too, so one file serves the agent and MCP), files and
 * "me" as PLANEBOT_MCP_CHANNEL and PLANEBOT_MCP_EMAIL say.
 */
export async function mcpToolsFor(config: Config, registry: ToolRegistry, logger: Logger): Promise<McpTools> {
  const permissions = await loadPermissions(config.permissionsFile, agentTools(registry).list());
  return createMcpTools({ registry, permissions, context: mcpToolContext(config.mcp, config.dataDir), logger });
}
