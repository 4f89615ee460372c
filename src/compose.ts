import { EventEmitter } from 'node:events';
import { createAgent, type Agent } from './agent/index.js';
import type { Config } from './config.js';
import { healthRoutes } from './http/health.js';
import { startHttpServer, type Route } from './http/server.js';
import type { Logger } from './log.js';
import { closeLimiters, createPlaneKit } from './plane/index.js';
import { createSlackApp } from './slack/app.js';
import { SLACK_FORMATTING } from './slack/conversations/formatting.js';
import type { SlackDeps } from './slack/deps.js';
import { createStateStore, type StateStore } from './state/index.js';
import { createToolRegistry } from './tools/index.js';
import type { TaskEventMap } from './tools/task/events.js';

export interface PlanebotOptions {
  logger: Logger;
  /** Where the HTTP server listens: all interfaces for Slack, loopback for the sandbox. */
  host?: string;
  /** More routes on the same server (the sandbox page). */
  extraRoutes?: Route[];
}

export interface RunningPlanebot {
  url: string;
  port: number;
  store: StateStore;
  /** Graceful: stop taking work, let short work finish, save what waits, close connections. */
  close(): Promise<void>;
}

/** Start-up order of ARCHITECTURE.md: config → state → plane → tools → agent → front end. */
export async function startPlanebot(config: Config, options: PlanebotOptions): Promise<RunningPlanebot> {
  const { logger } = options;
  if (!config.slack.botToken) throw new Error('startPlanebot needs a Slack bot token (the sandbox supplies its own)');
  const store = await createStateStore({ dataDir: config.dataDir, redisUrl: config.redisUrl, logger });
  const plane = createPlaneKit({
    apiKey: config.plane.apiKey,
    baseUrl: config.plane.baseUrl,
    appUrl: config.plane.appUrl,
    workspace: config.plane.workspace,
    cache: store.keyv('plane-cache'),
    limiter: config.redisUrl ? { redis: config.redisUrl } : undefined,
    logger,
  });
  const taskEvents = new EventEmitter<TaskEventMap>();
  const registry = createToolRegistry({ plane, webfetchAllow: config.webfetchAllow, taskEvents, logger });
  // The agent needs the front end, which needs the Slack app's client: listeners reach it through deps.agent().
  let agent: Agent | undefined;
  const deps: SlackDeps = {
    store,
    registry,
    plane,
    dataDir: config.dataDir,
    taskEvents,
    agent: () => agent,
    logger,
  };
  const slack = await createSlackApp(
    {
      botToken: config.slack.botToken,
      signingSecret: config.slack.signingSecret,
      appToken: config.slack.appToken,
      apiUrl: config.slack.apiUrl,
    },
    deps,
    logger,
  );
  if (config.anthropic.apiKey) {
    agent = await createAgent({
      registry,
      store,
      model: { apiKey: config.anthropic.apiKey, baseURL: config.anthropic.baseUrl, model: config.anthropic.model },
      permissions: config.permissionsFile,
      maxIterations: config.maxIterations,
      approvalTimeoutMs: config.approvalTimeoutMs,
      approvers: config.approvers,
      prompt: { defaultWorkspace: config.plane.workspace, formatting: SLACK_FORMATTING },
      frontEnd: slack.frontEnd,
      expiryCheckMs: expiryCheckMs(config.approvalTimeoutMs),
      logger,
    });
  }
  let draining = false;
  const server = await startHttpServer({
    port: config.port,
    host: options.host,
    routes: [...healthRoutes({ ping: () => store.ping(), isDraining: () => draining }), ...slack.routes, ...(options.extraRoutes ?? [])],
  });
  await slack.start();
  // Runs a stopped process left behind: waiting ones whose decisions all came, and orphans.
  const resumed = (await agent?.resumeSaved()) ?? 0;
  logger.info({ url: server.url, mode: config.mode, agent: agent !== undefined, resumed }, 'planebot is listening');
  return {
    url: server.url,
    port: server.port,
    store,
    async close() {
      draining = true;
      await slack.stop();
      await server.close();
      // Runs stop or pause (saved) before the store they save into closes.
      await agent?.close();
      await closeLimiters();
      await store.close();
      logger.info('planebot stopped');
    },
  };
}

/** How often unanswered approvals are looked for: a tenth of the timeout, between 1 s and 30 s. */
function expiryCheckMs(approvalTimeoutMs: number): number {
  return Math.min(30_000, Math.max(1000, Math.round(approvalTimeoutMs / 10)));
}
