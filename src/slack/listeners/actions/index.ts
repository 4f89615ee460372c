import type { App } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';
import { registerApprovalActions } from './approval.js';
import { registerHomeActions } from './home.js';
import { registerIdentityActions } from './identity.js';
import { registerIntakeDeskActions } from './intake-desk.js';
import { registerRetryAction } from './retry.js';
import { registerStopAction } from './stop.js';
import { registerTaskTreeMore } from './task-tree-more.js';
import { registerTodoListMore } from './todo-list-more.js';
import { registerUndoAction } from './undo.js';
import { registerWorkItemCardActions } from './work-item-card.js';
import { registerWorkItemOpen } from './work-item-open.js';

/** One line per action file. */
export function registerActionListeners(app: App, deps: SlackDeps): void {
  registerApprovalActions(app, deps);
  registerRetryAction(app, deps);
  registerStopAction(app, deps);
  registerTaskTreeMore(app, deps);
  registerTodoListMore(app, deps);
  registerWorkItemOpen(app);
  registerWorkItemCardActions(app, deps);
  registerHomeActions(app, deps);
  registerIdentityActions(app, deps);
  registerIntakeDeskActions(app, deps);
  registerUndoAction(app, deps);
}
