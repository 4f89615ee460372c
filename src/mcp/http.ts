import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Route } from '../http/server.js';
import type { Logger } from '../log.js';
import type { McpTools } from './tools.js';

export const MCP_PATH = '/mcp';
/** A session nobody used for this long is closed (the SDK never expires one); its client re-initializes. */
export const MCP_SESSION_IDLE_MS = 30 * 60_000;
/** Host names a local client uses; anything else must be listed in PLANEBOT_MCP_HOSTS. */
const LOOPBACK_HOSTNAMES = ['localhost', '127.0.0.1', '[::1]'];

export interface McpHttpOptions {
  /** PLANEBOT_MCP_TOKEN: every request must bear it. */
  token: string;
  /** PLANEBOT_MCP_HOSTS: more Host names (or host:port) that clients reach the bot by. */
  hosts: readonly string[];
  tools: McpTools;
  logger: Logger;
  idleMs?: number;
}

export interface McpHttp {
  /** `POST/GET/DELETE /mcp`, for the bot's one HTTP server. */
  routes: Route[];
  /** Open sessions. */
  sessionCount(): number;
  /** Closes every session (their streams end, calls in flight are aborted). */
  close(): Promise<void>;
}

interface Session {
  server: Server;
  transport: StreamableHTTPServerTransport;
  lastSeen: number;
}

/**
 * MCP over Streamable HTTP, with sessions as the spec describes them: `initialize` opens one (an
 * `Mcp-Session-Id`), later requests carry it, DELETE ends it, an unknown one gets 404. Sessions live
 * in this process's memory; clients of a deployment with replicas need sticky routing for /mcp.
 * Before anything else: the Host and Origin headers (DNS rebinding), then the bearer token.
 */
export function createMcpHttp(options: McpHttpOptions): McpHttp {
  const expected = digest(options.token);
  const hosts = options.hosts.map(allowedHost);
  const idleMs = options.idleMs ?? MCP_SESSION_IDLE_MS;
  const sessions = new Map<string, Session>();

  const sweeper = setInterval(
    () => {
      const cutoff = Date.now() - idleMs;
      for (const [id, session] of sessions) {
        if (session.lastSeen >= cutoff) continue;
        options.logger.info({ session: id }, 'MCP session closed after being idle');
        void session.server.close();
      }
    },
    Math.min(60_000, idleMs),
  );
  sweeper.unref();

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const refused = rebindingProblem(request, hosts);
    if (refused) return rpcError(response, 403, `Forbidden: ${refused}`);
    const bearer = bearerProblem(request.headers.authorization, expected);
    if (bearer) return unauthorized(response, bearer);

    const id = request.headers['mcp-session-id'];
    if (typeof id === 'string') {
      const session = sessions.get(id);
      if (!session) return rpcError(response, 404, 'Session not found: it was closed or expired; send initialize again', -32001);
      session.lastSeen = Date.now();
      return session.transport.handleRequest(request, response);
    }
    // Without a session only `initialize` is accepted; the transport answers anything else with 400.
    const server = options.tools.createServer();
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (sessionId) => {
        sessions.set(sessionId, { server, transport, lastSeen: Date.now() });
        options.logger.info({ session: sessionId }, 'MCP session opened');
      },
    });
    server.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    await transport.handleRequest(request, response);
    if (!transport.sessionId) await server.close();
  }

  return {
    routes: [{ method: '*', path: MCP_PATH, handler: handle }],
    sessionCount: () => sessions.size,
    async close() {
      clearInterval(sweeper);
      await Promise.all([...sessions.values()].map((session) => session.server.close()));
    },
  };
}

/** A configured host: with a port it must match exactly, without one any port of that name does. */
function allowedHost(entry: string): { hostname: string; host?: string } {
  const url = new URL(`http://${entry}`);
  return url.port ? { hostname: url.hostname, host: url.host } : { hostname: url.hostname };
}

function hostAllowed(url: URL, hosts: readonly { hostname: string; host?: string }[]): boolean {
  if (LOOPBACK_HOSTNAMES.includes(url.hostname)) return true;
  return hosts.some((allowed) => (allowed.host ? allowed.host === url.host : allowed.hostname === url.hostname));
}

/**
 * A web page that got its own name to resolve to this machine (DNS rebinding) sends its own name as
 * Host, and its origin as Origin when it is a browser's fetch: both must be names of this bot.
 */
function rebindingProblem(request: IncomingMessage, hosts: readonly { hostname: string; host?: string }[]): string | undefined {
  const host = request.headers.host;
  const hostUrl = host && URL.canParse(`http://${host}`) ? new URL(`http://${host}`) : undefined;
  if (!hostUrl || !hostAllowed(hostUrl, hosts)) {
    return `Host ${JSON.stringify(host ?? '')} is not a name of this bot; clients that reach it by another name than localhost need it in PLANEBOT_MCP_HOSTS.`;
  }
  const origin = request.headers.origin;
  if (origin === undefined) return undefined;
  const originUrl = URL.canParse(origin) ? new URL(origin) : undefined;
  if (!originUrl || !['http:', 'https:'].includes(originUrl.protocol) || !hostAllowed(originUrl, hosts)) {
    return `Origin ${JSON.stringify(origin)} is not allowed: only pages served under this bot's own names (localhost, PLANEBOT_MCP_HOSTS) may call /mcp.`;
  }
  return undefined;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Compared as digests, so the time taken says nothing about how much of the token was right. */
function bearerProblem(header: string | undefined, expected: Buffer): 'missing' | 'invalid' | undefined {
  if (!header) return 'missing';
  const match = /^Bearer +(\S+) *$/i.exec(header);
  if (!match) return 'invalid';
  return timingSafeEqual(digest(match[1]!), expected) ? undefined : 'invalid';
}

function unauthorized(response: ServerResponse, problem: 'missing' | 'invalid'): void {
  // RFC 6750: error="invalid_token" only when a token was presented.
  const challenge = problem === 'missing' ? 'Bearer realm="planebot"' : 'Bearer realm="planebot", error="invalid_token"';
  response.setHeader('WWW-Authenticate', challenge);
  rpcError(
    response,
    401,
    problem === 'missing'
      ? 'Unauthorized: send the header Authorization: Bearer <token>, the token being the bot’s PLANEBOT_MCP_TOKEN'
      : 'Unauthorized: the bearer token is not the bot’s PLANEBOT_MCP_TOKEN',
  );
}

/** Errors outside the protocol's own answers, shaped as JSON-RPC errors as the SDK's are. */
function rpcError(response: ServerResponse, status: number, message: string, code = -32000): void {
  const text = JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null });
  response.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  response.end(text);
}
