import { join } from 'node:path';
import type { McpConfig } from '../config.js';
import { channelFilesDir } from '../files/channel-files.js';
import type { ToolContext } from '../tools/registry.js';

/**
 * What every MCP tool call runs with. TodoWrite and Task work in `<data>/mcp/`, or in a Slack
 * channel's folder when PLANEBOT_MCP_CHANNEL names one (the same tree `/task` shows, its changes
 * announced there as the agent's are). "me" is the member whose e-mail is PLANEBOT_MCP_EMAIL, else
 * the API key's user (no requester at all). The client is the machine's own user, so
 * plane_get_issue_images takes any absolute folder (default `<tmp>/plane-mcp/<KEY>/`).
 */
export function mcpToolContext(mcp: Pick<McpConfig, 'channel' | 'email'>, dataDir: string): Omit<ToolContext, 'signal'> {
  return {
    filesDir: mcp.channel ? channelFilesDir(dataDir, mcp.channel) : join(dataDir, 'mcp'),
    fileWrites: 'anywhere',
    ...(mcp.channel && { scope: mcp.channel }),
    ...(mcp.email && { requester: { id: 'mcp', email: mcp.email } }),
  };
}
