import type { App } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';
import { registerApprovalActions } from './approval.js';
import { registerRetryAction } from './retry.js';

/** One line per action file. */
export function registerActionListeners(app: App, deps: SlackDeps): void {
  registerApprovalActions(app, deps);
  registerRetryAction(app, deps);
}
