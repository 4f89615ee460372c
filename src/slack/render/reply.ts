import { stripControl } from '../../tools/text.js';
import { MESSAGE_BLOCK_TEXT_BUDGET, SLACK_LIMITS } from '../blocks/limits.js';
import { mrkdwn } from '../blocks/text.js';
import type { SlackMessage } from '../blocks/types.js';
import { markdownToMrkdwn } from './mrkdwn.js';
import { splitMrkdwn } from './split.js';

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
    text: sections.join('\n\n'),
    blocks: sections.map((section) => ({ type: 'section', text: mrkdwn(section) })),
  }));
}

