import type { Translator } from '../../i18n/index.js';
import { helpOf } from './usage.js';
import type { CommandName } from './types.js';
import { SLACK_LIMITS } from '../blocks/limits.js';
import { escapeMrkdwn, mrkdwn, pack, plainText } from '../blocks/text.js';
import type { Block, SlackMessage } from '../blocks/types.js';

/** The help of one slash command in the reader's language: every sub-command's usage line and what it does. */
export function buildHelp(command: CommandName, t: Translator): SlackMessage {
  const help = helpOf(command, t);
  const lines = help.entries.map((entry) => `\`${escapeMrkdwn(entry.usage)}\`\n      ${escapeMrkdwn(entry.summary)}`);
  const sections = pack(lines, '\n', SLACK_LIMITS.sectionText).map((chunk): Block => ({ type: 'section', text: mrkdwn(chunk) }));
  return {
    text: escapeMrkdwn(`${help.command}: ${help.summary}`),
    blocks: [
      { type: 'header', text: plainText(help.command, SLACK_LIMITS.headerText) },
      { type: 'section', text: mrkdwn(escapeMrkdwn(help.summary)) },
      ...sections,
      { type: 'context', elements: help.notes.map((note) => mrkdwn(escapeMrkdwn(note))) },
    ],
  };
}
