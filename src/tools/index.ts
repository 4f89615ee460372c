import type { Logger } from '../log.js';
import type { PlaneKit } from '../plane/index.js';
import type { FileLocks } from './files/file-lock.js';
import { createPlaneTools } from './plane/index.js';
import { ToolRegistry } from './registry.js';
import type { TaskEventEmitter } from './task/events.js';
import type { TaskPlane } from './task/plane/task-plane.js';
import { createTaskTool } from './task/tool.js';
import { createTodoTool } from './todo/tool.js';
import { createWebFetchTool } from './webfetch/webfetch-tool.js';

export { readableFailure } from './plane/define.js';
export { planeMemberOf } from './plane/requester-member.js';
export { TaskFollower } from './task/plane/follow.js';
export { TaskPlane } from './task/plane/task-plane.js';

/** Every tool but the agent's own `update_plan`, which the agent adds. */
export function createToolRegistry(options: {
  plane: PlaneKit;
  webfetchAllow: readonly string[];
  taskEvents: TaskEventEmitter;
  /** The process's locks on the channels' files (TodoWrite and Task write there). */
  fileLocks: FileLocks;
  /** The Task tool's `sync` and the write-through of synced tasks. */
  taskPlane?: TaskPlane;
  logger?: Logger;
}): ToolRegistry {
  return new ToolRegistry([
    ...createPlaneTools(options.plane),
    createWebFetchTool({ allow: options.webfetchAllow }),
    createTodoTool({ locks: options.fileLocks, logger: options.logger }),
    createTaskTool({ locks: options.fileLocks, events: options.taskEvents, plane: options.taskPlane, logger: options.logger }),
  ]);
}
