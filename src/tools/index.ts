import type { Logger } from '../log.js';
import type { PlaneKit } from '../plane/index.js';
import { createPlaneTools } from './plane/index.js';
import { ToolRegistry } from './registry.js';
import type { TaskEventEmitter } from './task/events.js';
import { createTaskTool } from './task/tool.js';
import { createTodoTool } from './todo/tool.js';
import { createWebFetchTool } from './webfetch/webfetch-tool.js';

export { readableFailure } from './plane/define.js';
export { planeMemberOf } from './plane/requester-member.js';

/** Every tool but the agent's own `update_plan`, which the agent adds. */
export function createToolRegistry(options: {
  plane: PlaneKit;
  webfetchAllow: readonly string[];
  taskEvents: TaskEventEmitter;
  logger?: Logger;
}): ToolRegistry {
  return new ToolRegistry([
    ...createPlaneTools(options.plane),
    createWebFetchTool({ allow: options.webfetchAllow }),
    createTodoTool({ logger: options.logger }),
    createTaskTool({ events: options.taskEvents, logger: options.logger }),
  ]);
}
