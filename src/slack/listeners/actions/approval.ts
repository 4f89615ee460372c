import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import type { Decision } from '../../../agent/index.js';
import { decodeApprovalRef } from '../../approvals/approval-ref.js';
import { decisionNotice } from '../../approvals/notices.js';
import { ACTION_IDS } from '../../blocks/action-ids.js';
import { AGENT_OFF } from '../../conversations/agent-off.js';
import { tellClicker } from '../../conversations/tell-privately.js';
import type { SlackDeps } from '../../deps.js';
import { requesterFor } from '../../people.js';

const DECISIONS: [actionId: string, decision: Decision][] = [
  [ACTION_IDS.approvalApprove, 'approve'],
  [ACTION_IDS.approvalApproveThread, 'approve_thread'],
  [ACTION_IDS.approvalDeny, 'deny'],
];

/**
 * Approve / Approve for this thread / Deny. The agent decides who may answer and which answer came
 * first (in any process); a click that changes nothing is explained to the clicker only.
 */
export function registerApprovalActions(app: App, deps: SlackDeps): void {
  for (const [actionId, decision] of DECISIONS) {
    app.action<BlockAction<ButtonAction>>(actionId, async ({ ack, body, action, client }) => {
      await ack();
      const ref = decodeApprovalRef(action.value);
      if (!ref) return;
      const agent = deps.agent();
      if (!agent) {
        await tellClicker(client, body, AGENT_OFF);
        return;
      }
      const decidedBy = await requesterFor(client, deps.store, body.user.id);
      const result = await agent.decide({ ...ref, decision, decidedBy });
      const notice = decisionNotice(result);
      if (notice) await tellClicker(client, body, notice);
    });
  }
}
