import type { Translator } from '../../i18n/index.js';
import { approvalSummary, toolName, type ApprovalView } from './approval-summary.js';
import { mentionUser, mrkdwn, slackDate } from './text.js';
import type { SlackMessage } from './types.js';

export type ApprovalDecision = 'approve' | 'approve_thread' | 'deny';

export interface ApprovalDecidedInput extends ApprovalView {
  decision: ApprovalDecision;
  /** Slack user id of who clicked. */
  deciderId: string;
  decidedAt: Date;
}

const VERDICTS: Record<ApprovalDecision, string> = {
  approve: '✓ Approved',
  approve_thread: '✓ Approved for this thread',
  deny: '✗ Denied',
};

/** The approval message once decided: who decided, how and when; the buttons are gone. */
/** `t` is the reader's language (so far only a sub-agent's request is worded from the catalogue). */
export function buildApprovalDecided(input: ApprovalDecidedInput, t?: Translator): SlackMessage {
  const verdict = `${VERDICTS[input.decision]} by ${mentionUser(input.deciderId)}`;
  return {
    text: `${verdict}: ${toolName(input.tool)}`,
    blocks: [...approvalSummary(input, t), { type: 'context', elements: [mrkdwn(`${verdict} on ${slackDate(input.decidedAt)}`)] }],
  };
}
