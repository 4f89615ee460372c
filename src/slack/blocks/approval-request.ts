import { ACTION_IDS } from './action-ids.js';
import { approvalSummary, toolName, type ApprovalView } from './approval-summary.js';
import { SLACK_LIMITS } from './limits.js';
import { button, mentionUser, plainText } from './text.js';
import type { SlackMessage } from './types.js';

export interface ApprovalRequestInput extends ApprovalView {
  /** Opaque reference to the pending call, carried by every button (≤ 2000 characters). */
  value: string;
}

/** A risky tool call waiting for a decision: Approve, Approve for this thread, Deny. */
export function buildApprovalRequest(input: ApprovalRequestInput): SlackMessage {
  return {
    text: `Approval needed: ${mentionUser(input.requesterId)} asked to run ${toolName(input.tool)}`,
    blocks: [
      { type: 'header', text: plainText('Approval needed', SLACK_LIMITS.headerText) },
      ...approvalSummary(input),
      {
        type: 'actions',
        elements: [
          button({ text: 'Approve', actionId: ACTION_IDS.approvalApprove, value: input.value, style: 'primary' }),
          button({ text: 'Approve for this thread', actionId: ACTION_IDS.approvalApproveThread, value: input.value }),
          button({ text: 'Deny', actionId: ACTION_IDS.approvalDeny, value: input.value, style: 'danger' }),
        ],
      },
    ],
  };
}
