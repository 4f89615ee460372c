import type { App } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';
import { registerPlaneCommand } from './plane.js';
import { registerTaskCommand } from './task.js';
import { registerTodoCommand } from './todo.js';

export function registerCommandListeners(app: App, deps: SlackDeps): void {
  registerTaskCommand(app, deps);
  registerTodoCommand(app, deps);
  registerPlaneCommand(app, deps);
}
