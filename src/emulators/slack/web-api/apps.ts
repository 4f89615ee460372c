import type { MethodSpec } from './args.js';

/**
 * Socket Mode's start: called with the app-level token, it answers the URL of a
 * WebSocket that can be opened once. The app token's one scope, connections:write, is implied.
 */
const connectionsOpen: MethodSpec = {
  token: 'app',
  run: (_args, { sockets }) => ({ url: sockets.issueUrl() }),
};

export const appMethods: Record<string, MethodSpec> = { 'apps.connections.open': connectionsOpen };
