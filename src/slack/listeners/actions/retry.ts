import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import { ACTION_IDS } from '../../blocks/action-ids.js';
import { tellClicker } from '../../conversations/tell-privately.js';
import type { ConversationDeps } from '../../deps.js';

/**
 * Retry on a failed run's status message: the run goes on where it stopped, in its thread's turn, in
 * its own saved thread whatever channel or message the click names. Only the requester or an approver may.
 */
export function registerRetryAction(app: App, deps: ConversationDeps): void {
  app.action<BlockAction<ButtonAction>>(ACTION_IDS.runRetry, async ({ ack, body, action, client }) => {
    await ack();
    if (!action.value) return;
    const notice = await deps.conversations.retry(client, { runId: action.value, userId: body.user.id });
    if (notice) await tellClicker(client, body, notice);
  });
}
