import type { Translator } from '../../i18n/index.js';
import { approvalSummary, toolName, type ApprovalView } from './approval-summary.blocks.js';
import { mentionUser, mrkdwn, slackDate } from '../blocks/text.js';
import type { SlackMessage } from '../blocks/types.js';

export type ApprovalDecision = 'approve' | 'approve_thread' | 'deny';

export interface ApprovalDecidedInput extends ApprovalView {
  decision: ApprovalDecision;
  /** Slack user id of who clicked. */
  deciderId: string;
  decidedAt: Date;
}

/** The approval message once decided, in the reader's language `t`: who decided, how and when; the buttons are gone. */
export function buildApprovalDecided(input: ApprovalDecidedInput, t: Translator): SlackMessage {
  const verdict = t.t('approval.verdict', { decision: input.decision, who: mentionUser(input.deciderId) });
  return {
    text: t.t('approval.verdictText', { verdict, tool: toolName(input.tool) }),
    blocks: [
      ...approvalSummary(input, t),
      { type: 'context', elements: [mrkdwn(t.t('approval.verdictOn', { verdict, when: slackDate(input.decidedAt) }))] },
    ],
  };
}
