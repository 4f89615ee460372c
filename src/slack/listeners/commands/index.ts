import type { App } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';
import { postTaskEvents } from '../../task-events/post-events.js';
import { registerPlaneCommand } from './plane.js';
import { registerTaskCommand } from './task.js';
import { registerTodoCommand } from './todo.js';

export function registerCommandListeners(app: App, deps: SlackDeps): void {
  registerTaskCommand(app, deps);
  registerTodoCommand(app, deps);
  registerPlaneCommand(app, deps);
  // The task tree's changes, by /task or by the agent, shown where the tree was last posted.
  postTaskEvents(app.client, deps);
}
