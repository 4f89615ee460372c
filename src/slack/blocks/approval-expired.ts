import type { Translator } from '../../i18n/index.js';
import { approvalSummary, toolName, type ApprovalView } from './approval-summary.js';
import { escapeTruncated, mrkdwn, oneLine, slackDate } from './text.js';
import type { SlackMessage } from './types.js';

export interface ApprovalExpiredInput extends ApprovalView {
  expiredAt: Date;
  /** How long people had to decide, as configured (e.g. "15m"). */
  timeout?: string;
}

/** The approval message once nobody decided in time: the call was denied; the buttons are gone. */
/** `t` is the reader's language (so far only a sub-agent's request is worded from the catalogue). */
export function buildApprovalExpired(input: ApprovalExpiredInput, t?: Translator): SlackMessage {
  const within = input.timeout === undefined ? '' : ` within ${escapeTruncated(oneLine(input.timeout), 40)}`;
  const note = `⌛ Expired: nobody decided${within}, so the call was denied (${slackDate(input.expiredAt)}).`;
  return {
    text: `Approval expired: ${toolName(input.tool)} was not run`,
    blocks: [...approvalSummary(input, t), { type: 'context', elements: [mrkdwn(note)] }],
  };
}
