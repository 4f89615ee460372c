import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import type { Decision } from '../../../agent/index.js';
import { decodeApprovalRef } from '../../approvals/approval-ref.js';
import { ACTION_IDS } from '../../blocks/action-ids.js';
import { tellClicker } from '../../conversations/tell-privately.js';
import type { ConversationDeps } from '../../deps.js';

const DECISIONS: [actionId: string, decision: Decision][] = [
  [ACTION_IDS.approvalApprove, 'approve'],
  [ACTION_IDS.approvalApproveThread, 'approve_thread'],
  [ACTION_IDS.approvalDeny, 'deny'],
];

/**
 * Approve / Approve for this thread / Deny. The agent decides who may answer and which answer came
 * first (in any process); a click that changes nothing is explained to the clicker only.
 */
export function registerApprovalActions(app: App, deps: ConversationDeps): void {
  for (const [actionId, decision] of DECISIONS) {
    app.action<BlockAction<ButtonAction>>(actionId, async ({ ack, body, action, client }) => {
      await ack();
      const ref = decodeApprovalRef(action.value);
      if (!ref) return;
      const notice = await deps.conversations.decide(client, { ...ref, decision, userId: body.user.id });
      if (notice) await tellClicker(client, body, notice);
    });
  }
}
