import type { Due, DueLists } from '../../digests/reminders.js';
import type { Translator } from '../../i18n/index.js';
import { FALLBACK_TEXT_MAX, MESSAGE_BLOCK_TEXT_BUDGET, SLACK_LIMITS } from '../blocks/limits.js';
import { escapeMrkdwn, mrkdwn, plainText, truncate } from '../blocks/text.js';
import type { Block, SlackMessage } from '../blocks/types.js';
import { itemLine, packLines } from './lines.blocks.js';

const ORDER: readonly Due[] = ['overdue', 'today', 'tomorrow'];
const SHOWN = 10;

/** The morning DM: the person's open items overdue, due today and due tomorrow, ten of each at most. */
export function buildReminder(lists: DueLists, time: string, t: Translator): SlackMessage {
  const filled = ORDER.filter((due) => lists[due].length > 0);
  const budget = Math.min(SLACK_LIMITS.sectionText, Math.floor((MESSAGE_BLOCK_TEXT_BUDGET - 1000) / Math.max(1, filled.length)));
  const sections: Block[] = filled.map((due) => {
    const items = lists[due];
    const heading = `*${escapeMrkdwn(t.t('digests.reminder.section', { due, count: items.length }))}*`;
    const lines = items
      .slice(0, SHOWN)
      .map((item) => itemLine(item, due === 'overdue' ? t.t('digests.due', { date: item.due }) : item.state));
    return {
      type: 'section',
      text: mrkdwn(
        packLines(heading, lines, Math.max(0, items.length - SHOWN), budget, (count) => escapeMrkdwn(t.t('digests.more', { count }))),
      ),
    };
  });
  const title = t.t('digests.reminder.title');
  const counts = filled.map((due) => t.t('digests.reminder.section', { due, count: lists[due].length })).join(', ');
  return {
    text: truncate(`${title}: ${counts}`, FALLBACK_TEXT_MAX),
    blocks: [
      { type: 'header', text: plainText(title, SLACK_LIMITS.headerText) },
      ...sections,
      { type: 'context', elements: [mrkdwn(escapeMrkdwn(t.t('digests.reminder.footer', { time })))] },
    ],
  };
}
