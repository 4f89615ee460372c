#!/usr/bin/env node
import { config as loadDotenv } from 'dotenv';
import { EventEmitter } from 'node:events';
import Keyv from 'keyv';
import { PermissionsError } from './agent/index.js';
import { composeTools } from './compose-tools.js';
import { ConfigError, loadConfig, secretValues } from './config.js';
import { createLogger } from './log.js';
import { mcpToolsFor, serveStdio } from './mcp/index.js';
import { FileLocks } from './files/file-lock.js';
import type { TaskEventMap } from './tasks/events.js';

/**
 * `planebot-mcp` (`npm run --silent mcp`): the tool kit served to one MCP client over stdio. Only
 * the Plane variables matter here (and the optional PLANEBOT_* ones); no Slack, no HTTP server.
 * Exits 0 when the client closes stdin or sends SIGTERM, 2 on a configuration error.
 */
// stdout carries the MCP protocol only: whatever a library prints through console goes to stderr.
console.log = console.info = console.debug = console.error;
loadDotenv({ quiet: true });
let config;
try {
  config = loadConfig(process.env, 'mcp-stdio');
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(2);
}
const logger = createLogger({ level: config.logLevel, secrets: secretValues(process.env), destination: process.stderr });
const { registry, limiters } = composeTools(config, {
  cache: new Keyv(),
  taskEvents: new EventEmitter<TaskEventMap>(),
  fileLocks: new FileLocks(),
  logger,
});
let tools;
try {
  tools = await mcpToolsFor(config, registry, logger);
} catch (error) {
  if (!(error instanceof PermissionsError)) throw error;
  console.error(error.message);
  process.exit(2);
}
logger.info({ tools: tools.listing.length, plane: config.plane.apiKey ? config.plane.baseUrl : 'off' }, 'planebot MCP server on stdio');
const reason = await serveStdio(tools.createServer());
await limiters.close();
logger.info({ reason }, 'planebot MCP server stopped');
process.exit(0);
