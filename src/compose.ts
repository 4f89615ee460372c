import { EventEmitter } from 'node:events';
import type { Config } from './config.js';
import { healthRoutes } from './http/health.js';
import { startHttpServer, type Route } from './http/server.js';
import type { Logger } from './log.js';
import { closeLimiters, createPlaneKit } from './plane/index.js';
import { createSlackApp } from './slack/app.js';
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
  const deps: SlackDeps = {
    store,
    registry,
    plane,
    dataDir: config.dataDir,
    taskEvents,
    agent: () => undefined,
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
  let draining = false;
  const server = await startHttpServer({
    port: config.port,
    host: options.host,
    routes: [...healthRoutes({ ping: () => store.ping(), isDraining: () => draining }), ...slack.routes, ...(options.extraRoutes ?? [])],
  });
  await slack.start();
  logger.info({ url: server.url, mode: config.mode }, 'planebot is listening');
  return {
    url: server.url,
    port: server.port,
    store,
    async close() {
      draining = true;
      await slack.stop();
      await server.close();
      await closeLimiters();
      await store.close();
      logger.info('planebot stopped');
    },
  };
}
