import type { Redis } from 'ioredis';
import Keyv from 'keyv';
import type { Config } from './config.js';
import type { Logger } from './log.js';
import { createPlaneKit, PlaneLimiters, type PlaneKit, type PlaneMeter } from './plane/index.js';
import type { PlaneChange } from './plane/changes.js';
import type { PlaneWrite } from './plane/kit.js';
import { createToolRegistry, TaskPlane } from './tools/index.js';
import type { FileLocks } from './files/file-lock.js';
import type { ToolRegistry } from './tools/registry.js';
import type { TaskEventEmitter } from './tasks/events.js';

/**
 * The tool kit as the configuration describes it, for every process that serves tools: the bot and
 * the stdio MCP server. With REDIS_URL the Plane limiter is shared with every other such process,
 * over the process's connection when it has one (`redis`), else over one of the limiter's own.
 */
export function composeTools(
  config: Config,
  options: {
    cache: Keyv;
    redis?: Redis;
    taskEvents: TaskEventEmitter;
    /** The process's locks on the channels' files (one per process: writers of a file then take turns). */
    fileLocks: FileLocks;
    logger: Logger;
    planeWindowMs?: number;
    /** Told of each Plane write the tools make (notifications attribute it to whoever asked). */
    onWrite?: (write: PlaneWrite) => Promise<void>;
    /** Keeps each Plane write the tools make, for Undo (the bot's undo journal); answers its id. */
    onChange?: (change: PlaneChange) => Promise<string | undefined>;
    /**
     * Where task syncs note what they wrote to work items, for the webhook receiver to tell their
     * echoes (the state store's, shared by replicas); in memory when absent.
     */
    taskSyncWrites?: Keyv;
    /** Told of each Plane request's status and limiter wait (the process's metrics). */
    planeMeter?: PlaneMeter;
  },
): { plane: PlaneKit; registry: ToolRegistry; limiters: PlaneLimiters; taskPlane: TaskPlane } {
  // The caller owns them (and closes them), as it owns the Redis connection they may duplicate.
  const limiters = new PlaneLimiters({
    redis: options.redis ?? config.redisUrl,
    limit: config.plane.rateLimit.requests,
    windowMs: options.planeWindowMs ?? config.plane.rateLimit.windowMs,
  });
  const plane = createPlaneKit({
    apiKey: config.plane.apiKey,
    baseUrl: config.plane.baseUrl,
    appUrl: config.plane.appUrl,
    workspace: config.plane.workspace,
    cache: options.cache,
    limiters,
    networkAllow: config.webfetchAllow,
    logger: options.logger,
    meter: options.planeMeter,
    ...(options.onWrite && { onWrite: options.onWrite }),
    ...(options.onChange && { onChange: options.onChange }),
  });
  const taskPlane = new TaskPlane({ kit: plane, ownWrites: options.taskSyncWrites ?? new Keyv(), logger: options.logger });
  const registry = createToolRegistry({
    plane,
    webfetchAllow: config.webfetchAllow,
    taskEvents: options.taskEvents,
    fileLocks: options.fileLocks,
    taskPlane,
    logger: options.logger,
  });
  return { plane, registry, limiters, taskPlane };
}
