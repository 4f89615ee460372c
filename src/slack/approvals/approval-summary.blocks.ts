import type { Translator } from '../../i18n/index.js';
import { SLACK_LIMITS } from '../blocks/limits.js';
import { escapeTruncated, mentionUser, mrkdwn, oneLine, pack, truncate } from '../blocks/text.js';
import type { Block } from '../blocks/types.js';

/** What an approval message is about; the same in every state of the message. */
export interface ApprovalView {
  /** Slack user id of the person whose request led to the call. */
  requesterId: string;
  /** The tool's name, e.g. `plane_update_issue`. */
  tool: string;
  /** Exactly what the call will do, in plain words in the requester's language (may span lines), e.g. "Update ACME-130: state → Done". */
  description: string;
  /** The title of the sub-agent making the call, when a sub-agent makes it. */
  subAgent?: string;
}

const SUBAGENT_TITLE_MAX = 200;

/** Who asks: the requester, or a sub-agent working for them (in the reader's language). */
export function whoAsks(view: ApprovalView, t: Translator): string {
  if (!view.subAgent) return t.t('approval.asks', { requester: mentionUser(view.requesterId), tool: toolName(view.tool) });
  const title = escapeTruncated(oneLine(view.subAgent), SUBAGENT_TITLE_MAX);
  return t.t('subAgents.asks', { title, requester: mentionUser(view.requesterId), tool: toolName(view.tool) });
}

/** Enough for any plain-words description; beyond it the excerpt ends with a visible "…". */
const DESCRIPTION_MAX = 6000;

export function toolName(tool: string): string {
  return `\`${escapeTruncated(oneLine(tool).replace(/`/g, "'"), 200)}\``;
}

/** Who asked, which tool, and what it will do: the part every approval state shows. */
export function approvalSummary(view: ApprovalView, t: Translator): Block[] {
  const who = t.t('approval.itWill', { who: whoAsks(view, t) });
  const lines = escapeTruncated(view.description.trim() || t.t('approval.noDescription'), DESCRIPTION_MAX)
    .split('\n')
    .map((line) => truncate(line, SLACK_LIMITS.sectionText));
  const what = pack(lines, '\n', SLACK_LIMITS.sectionText).map((chunk): Block => ({ type: 'section', text: mrkdwn(chunk) }));
  return [{ type: 'section', text: mrkdwn(who) }, ...what];
}
