import type { Translator } from '../../i18n/index.js';
import { approvalSummary, toolName, type ApprovalView } from './approval-summary.blocks.js';
import { mentionUser, mrkdwn, slackDate } from '../blocks/text.js';
import type { SlackMessage } from '../blocks/types.js';

export interface ApprovalWithdrawnInput extends ApprovalView {
  /** Slack user id of who stopped the run. */
  stoppedById: string;
  withdrawnAt: Date;
}

/** The approval message of a run stopped while it waited: the call was not run; the buttons are gone. */
export function buildApprovalWithdrawn(input: ApprovalWithdrawnInput, t: Translator): SlackMessage {
  const note = t.t('runControl.withdrawn', { who: mentionUser(input.stoppedById), when: slackDate(input.withdrawnAt) });
  return {
    text: t.t('runControl.withdrawnText', { tool: toolName(input.tool) }),
    blocks: [...approvalSummary(input, t), { type: 'context', elements: [mrkdwn(note)] }],
  };
}
