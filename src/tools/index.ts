import type { Logger } from '../log.js';
import type { PlaneKit } from '../plane/index.js';
import type { FileLocks } from '../files/file-lock.js';
import { createPlaneTools } from './plane/index.js';
import { ToolRegistry } from './registry.js';
import type { TaskEventEmitter } from '../tasks/events.js';
import type { TaskPlane } from '../tasks/plane/task-plane.js';
import { createTaskTool } from './task/tool.js';
import { createTodoTool } from './todo/tool.js';
import { createWebFetchTool } from './webfetch/webfetch-tool.js';

export { readableFailure } from './plane/define.js';
export { planeMemberOf } from './plane/requester-member.js';
export { TaskFollower } from '../tasks/plane/follow.js';
export { TaskPlane } from '../tasks/plane/task-plane.js';

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

// What the front ends use of the tools beyond the registry: the actions, inputs and data of each tool.
export type { Requester } from './registry.js';
export { stripControl } from './text.js';
export { findMyWorkItems, listMyIssuesArgs, listMyWorkItems } from './plane/list-my-issues.js';
export { getIssueArgs, getWorkItem } from './plane/get-issue.js';
export type { WorkItemDetails, WorkItemList } from './plane/data.js';
export { itemFacts } from './plane/render.js';
export type { TodoItem } from './todo/format.js';
export { groupTodos, todoLine } from './todo/render.js';
export { searchIssuesArgs, searchWorkItems } from './plane/search-issues.js';
export { addCommentArgs, commentOnWorkItem } from './plane/add-comment.js';
export { updateIssueArgs, updateWorkItem } from './plane/update-issue.js';
export { createIssueArgs, createWorkItem, createWorkItemAndRef } from './plane/create-issue.js';
export { performTodo } from './todo/actions.js';
export type { TodoAction } from './todo/actions.js';
export { TodoStore } from './todo/store.js';
