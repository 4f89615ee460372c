import { FALLBACK_TEXT_MAX, MESSAGE_BLOCK_TEXT_BUDGET, SLACK_LIMITS } from '../blocks/limits.js';
import { FENCE, mrkdwn, truncate } from '../blocks/text.js';
import type { SlackMessage } from '../blocks/types.js';
import { markdownToMrkdwn } from './mrkdwn.js';
import { splitMrkdwn } from './split.js';
import { stripControl } from '../../tools/index.js';

/**
 * The model's Markdown answer as Slack messages to post in order: mrkdwn sections of at most 3000
 * characters, each message within the block count and the total text budget. An empty answer
 * gives no message.
 */
export function renderReply(markdown: string): SlackMessage[] {
  const chunks = splitMrkdwn(markdownToMrkdwn(stripControl(markdown)), SLACK_LIMITS.sectionText);
  const messages: string[][] = [];
  let current: string[] = [];
  let length = 0;
  for (const chunk of chunks) {
    if (current.length > 0 && (length + chunk.length > MESSAGE_BLOCK_TEXT_BUDGET || current.length >= SLACK_LIMITS.blocksPerMessage)) {
      messages.push(current);
      current = [];
      length = 0;
    }
    current.push(chunk);
    length += chunk.length;
  }
  if (current.length > 0) messages.push(current);
  return messages.map((sections) => ({
    text: fallbackText(sections),
    blocks: sections.map((section) => ({ type: 'section', text: mrkdwn(section) })),
  }));
}

/**
 * A message's fallback text: Slack refuses (`msg_too_long`) a `text` much over 4,000 characters,
 * whatever the blocks hold, so it is cut short, and a code block the cut leaves open is closed.
 */
function fallbackText(sections: readonly string[]): string {
  const text = truncate(sections.join('\n\n'), FALLBACK_TEXT_MAX - FENCE.length - 1);
  return (text.match(/```/g)?.length ?? 0) % 2 === 1 ? `${text}\n${FENCE}` : text;
}
