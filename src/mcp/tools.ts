import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type ServerNotification,
  type Tool,
  type ToolAnnotations,
} from '@modelcontextprotocol/sdk/types.js';
import { deniedCallText, permissionOfCall, toJsonSchema, toModelTool, type Permissions } from '../agent/index.js';
import type { Logger } from '../log.js';
import { matchLocale, translator } from '../i18n/index.js';
import { withPlaneWaitPolicy } from '../plane/index.js';
import type { ToolContext, ToolDefinition, ToolRegistry } from '../tools/registry.js';
import { packageVersion } from './package-version.js';

/** Read by clients that defer tool definitions (Claude Code's tool search) to decide when to load them. */
/**
 * How long one tool call may wait for Plane's rate limit: the official SDK client gives up on a
 * request after 60 s by default, so a call answers before that with when to try again.
 */
export const MCP_PLANE_WAIT_MS = 45_000;

/** While a call waits for Plane's budget: the client's progress token, and how to notify it. */
interface ProgressSink {
  token: string | number;
  send(notification: ServerNotification): Promise<void>;
}

const INSTRUCTIONS =
  'Planebot’s tool kit: Plane work items by key (ACME-12) with states, labels and people by name — read, search, ' +
  'comment, create and update — plus WebFetch, and TodoWrite/Task for a shared todo list and task tree.';

export interface McpToolsOptions {
  /** The front ends' registry: the agent's own tools (update_plan) are not in it. */
  registry: ToolRegistry;
  /** A tool denied here is neither listed nor callable; `ask` is left to the client's own confirmation. */
  permissions: Permissions;
  /** Where TodoWrite/Task files live and who "me" is; the call's abort signal is added per call. */
  context: Omit<ToolContext, 'signal'>;
  logger: Logger;
}

export interface McpTools {
  /** What `tools/list` answers, computed once. */
  readonly listing: Tool[];
  /** A new MCP server over these tools; one per connection (the SDK binds a server to one transport). */
  createServer(): Server;
}

/**
 * The one adapter from the tool registry to MCP. The SDK's `McpServer` would re-derive each JSON
 * Schema itself (as draft-07) and validate with its own messages, so the low-level `Server` is used:
 * `tools/list` gives the very schema the model sees, and `tools/call` goes through the registry's
 * validation and run, so an MCP client and the model get the same errors and the same outputs. A
 * result carries the tool's data as structuredContent beside the text, declared by its outputSchema,
 * and the images the call shows as image content after the text.
 */
export function createMcpTools(options: McpToolsOptions): McpTools {
  const served = new Map(
    options.registry
      .list()
      .filter((tool) => options.permissions.of(tool.name) !== 'deny')
      .map((tool) => [tool.name, tool]),
  );
  const listing = [...served.values()].map(listed);
  const version = packageVersion();

  const call = async (
    name: string,
    args: Record<string, unknown> | undefined,
    signal: AbortSignal,
    progress?: ProgressSink,
  ): Promise<CallToolResult> => {
    if (!served.has(name)) {
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool ${name}. Tools: ${[...served.keys()].join(', ')}`);
    }
    // A tool that is served may still make writes the rules switch off for some calls (a Task sync).
    const tool = served.get(name)!;
    const parsed = tool.input.safeParse(args ?? {});
    if (parsed.success && permissionOfCall(options.permissions, tool, parsed.data) === 'deny') {
      return { isError: true, content: [{ type: 'text', text: deniedCallText(options.permissions, tool, parsed.data) }] };
    }
    const started = performance.now();
    // Progress notifications while Plane's budget is awaited keep the client informed (and, with
    // resetTimeoutOnProgress, waiting); the wait never outlasts the client's own timeout.
    const t = translator(matchLocale(options.context.requester?.locale));
    const onWait = progress
      ? (waitedMs: number, etaMs: number) =>
          void progress
            .send({
              method: 'notifications/progress',
              params: {
                progressToken: progress.token,
                progress: Math.round(waitedMs / 1000),
                message: t.t('planeError.waitingForBudget', { seconds: Math.ceil(etaMs / 1000) }),
              },
            })
            .catch(() => undefined)
      : undefined;
    const result = await withPlaneWaitPolicy({ deadline: Date.now() + MCP_PLANE_WAIT_MS, onWait }, () =>
      options.registry.call(name, args ?? {}, { ...options.context, signal }),
    );
    options.logger.info({ tool: name, ok: result.ok, ms: Math.round(performance.now() - started) }, 'MCP tool call');
    if (!result.ok) return { isError: true, content: [{ type: 'text', text: result.error }] };
    const images = (result.images ?? []).map((image) => ({ type: 'image' as const, data: image.data, mimeType: image.mime }));
    return { content: [{ type: 'text', text: result.text }, ...images], structuredContent: result.data };
  };

  return {
    listing,
    createServer() {
      const server = new Server({ name: 'planebot', version }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
      server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listing }));
      server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
        const token = request.params._meta?.progressToken;
        const progress = token === undefined ? undefined : { token, send: extra.sendNotification };
        return call(request.params.name, request.params.arguments, extra.signal, progress);
      });
      return server;
    },
  };
}

function listed(tool: ToolDefinition): Tool {
  const { input_schema } = toModelTool(tool);
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: input_schema as Tool['inputSchema'],
    outputSchema: outputSchema(tool),
    annotations: annotations(tool),
  };
}

/**
 * The data's schema as MCP wants it: `"type": "object"` at the root. A tool's data is always an
 * object (the registry's type refuses any other schema), but a union of objects converts to a bare
 * `oneOf`, which gets the type here.
 */
function outputSchema(tool: ToolDefinition): Tool['outputSchema'] {
  return { type: 'object', ...toJsonSchema(tool.output) } as Tool['outputSchema'];
}

/** Hints for the client's confirmation prompts, from the declaration's own effects. */
function annotations(tool: ToolDefinition): ToolAnnotations {
  const { readOnly, destructive, openWorld } = tool.effects;
  return { readOnlyHint: readOnly, destructiveHint: destructive, openWorldHint: openWorld };
}
