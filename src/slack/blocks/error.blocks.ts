import type { Translator } from '../../i18n/index.js';
import { FALLBACK_TEXT_MAX } from './limits.js';
import { escapeTruncated, mrkdwn, oneLine } from './text.js';
import type { SlackMessage } from './types.js';

/** Bad input to a command: a one-line reason and, when known, the usage line of the sub-command, both in the reader's language. */
export interface ErrorView {
  reason: string;
  usage?: string;
}

const REASON_MAX = 500;
const USAGE_MAX = 1000;

export function buildError(error: ErrorView, t: Translator): SlackMessage {
  const plainReason = oneLine(error.reason) || t.t('commands.error.generic');
  const reason = escapeTruncated(plainReason, REASON_MAX);
  const usage = error.usage === undefined ? undefined : escapeTruncated(oneLine(error.usage), USAGE_MAX);
  return {
    text: escapeTruncated(
      `${plainReason}${error.usage === undefined ? '' : ` — ${t.t('commands.error.usage', { usage: oneLine(error.usage) })}`}`,
      FALLBACK_TEXT_MAX,
    ),
    blocks: [
      { type: 'section', text: mrkdwn(`⚠️ ${reason}`) },
      ...(usage === undefined
        ? []
        : [{ type: 'context' as const, elements: [mrkdwn(t.t('commands.error.usage', { usage: `\`${usage}\`` }))] }]),
    ],
  };
}
