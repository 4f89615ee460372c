import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import { ACTION_IDS } from '../../blocks/action-ids.js';
import { tellClicker } from '../../conversations/tell-privately.js';
import type { ConversationDeps } from '../../deps.js';

/**
 * Stop on a running run's status message: the run stops in whichever process drives it. Only the
 * requester or an approver may; anyone else is told so privately.
 */
export function registerStopAction(app: App, deps: ConversationDeps): void {
  app.action<BlockAction<ButtonAction>>(ACTION_IDS.runStop, async ({ ack, body, action, client }) => {
    await ack();
    if (!action.value) return;
    const notice = await deps.conversations.stop(client, { runId: action.value, userId: body.user.id });
    if (notice) await tellClicker(client, body, notice);
  });
}
