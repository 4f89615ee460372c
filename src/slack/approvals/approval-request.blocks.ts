import type { Translator } from '../../i18n/index.js';
import { ACTION_IDS } from '../blocks/action-ids.js';
import { approvalSummary, whoAsks, type ApprovalView } from './approval-summary.blocks.js';
import { SLACK_LIMITS } from '../blocks/limits.js';
import { button, plainText } from '../blocks/text.js';
import type { SlackMessage } from '../blocks/types.js';

export interface ApprovalRequestInput extends ApprovalView {
  /** Opaque reference to the pending call, carried by every button (≤ 2000 characters). */
  value: string;
}

/** A risky tool call waiting for a decision: Approve, Approve for this thread, Deny, in the reader's language `t`. */
export function buildApprovalRequest(input: ApprovalRequestInput, t: Translator): SlackMessage {
  return {
    text: t.t('approval.neededText', { who: whoAsks(input, t) }),
    blocks: [
      { type: 'header', text: plainText(t.t('approval.needed'), SLACK_LIMITS.headerText) },
      ...approvalSummary(input, t),
      {
        type: 'actions',
        elements: [
          button({ text: t.t('approval.approve'), actionId: ACTION_IDS.approvalApprove, value: input.value, style: 'primary' }),
          button({ text: t.t('approval.approveThread'), actionId: ACTION_IDS.approvalApproveThread, value: input.value }),
          button({ text: t.t('approval.deny'), actionId: ACTION_IDS.approvalDeny, value: input.value, style: 'danger' }),
        ],
      },
    ],
  };
}
