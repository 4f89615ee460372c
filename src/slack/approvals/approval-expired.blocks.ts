import type { Translator } from '../../i18n/index.js';
import { approvalSummary, toolName, type ApprovalView } from './approval-summary.blocks.js';
import { escapeTruncated, mrkdwn, oneLine, slackDate } from '../blocks/text.js';
import type { SlackMessage } from '../blocks/types.js';

export interface ApprovalExpiredInput extends ApprovalView {
  expiredAt: Date;
  /** How long people had to decide, as configured (e.g. "15m"). */
  timeout?: string;
}

/** The approval message once nobody decided in time, in the reader's language `t`: the call was denied; the buttons are gone. */
export function buildApprovalExpired(input: ApprovalExpiredInput, t: Translator): SlackMessage {
  const when = slackDate(input.expiredAt);
  const note =
    input.timeout === undefined
      ? t.t('approval.expired', { when })
      : t.t('approval.expiredWithin', { timeout: escapeTruncated(oneLine(input.timeout), 40), when });
  return {
    text: t.t('approval.expiredText', { tool: toolName(input.tool) }),
    blocks: [...approvalSummary(input, t), { type: 'context', elements: [mrkdwn(note)] }],
  };
}
