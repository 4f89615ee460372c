import type { Translator } from '../../i18n/index.js';
import { approvalSummary, toolName, type ApprovalView } from './approval-summary.js';
import { mentionUser, mrkdwn, slackDate } from './text.js';
import type { SlackMessage } from './types.js';

export interface ApprovalWithdrawnInput extends ApprovalView {
  /** Slack user id of who stopped the run. */
  stoppedById: string;
  withdrawnAt: Date;
}

/** The approval message of a run stopped while it waited: the call was not run; the buttons are gone. */
/** `t` is the reader's language (so far only a sub-agent's request is worded from the catalogue). */
export function buildApprovalWithdrawn(input: ApprovalWithdrawnInput, t?: Translator): SlackMessage {
  const note = `■ Withdrawn: the run was stopped by ${mentionUser(input.stoppedById)} (${slackDate(input.withdrawnAt)}), so the call was not run.`;
  return {
    text: `Approval withdrawn: the run was stopped, so ${toolName(input.tool)} was not run`,
    blocks: [...approvalSummary(input, t), { type: 'context', elements: [mrkdwn(note)] }],
  };
}
