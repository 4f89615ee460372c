import { approvalSummary, toolName, type ApprovalView } from './approval-summary.js';
import { mentionUser, mrkdwn, slackDate } from './text.js';
import type { SlackMessage } from './types.js';

export interface ApprovalWithdrawnInput extends ApprovalView {
  /** Slack user id of who stopped the run. */
  stoppedById: string;
  withdrawnAt: Date;
}

/** The approval message of a run stopped while it waited: the call was not run; the buttons are gone. */
export function buildApprovalWithdrawn(input: ApprovalWithdrawnInput): SlackMessage {
  const note = `■ Withdrawn: the run was stopped by ${mentionUser(input.stoppedById)} (${slackDate(input.withdrawnAt)}), so the call was not run.`;
  return {
    text: `Approval withdrawn: the run was stopped, so ${toolName(input.tool)} was not run`,
    blocks: [...approvalSummary(input), { type: 'context', elements: [mrkdwn(note)] }],
  };
}
