import type { Translator } from '../../i18n/index.js';
import { FALLBACK_TEXT_MAX, MESSAGE_BLOCK_TEXT_BUDGET, SLACK_LIMITS } from '../blocks/limits.js';
import { LISTING_LINE_MAX } from '../blocks/listing.blocks.js';
import { escapeMrkdwn, escapeTruncated, mrkdwn, oneLine, pack, truncate } from '../blocks/text.js';
import type { Block, SlackMessage } from '../blocks/types.js';
import { itemFacts, type WorkItemList } from '../../tools/index.js';

const HEAD_MAX = 500;
const NOTE_MAX = 500;
const NOTES_SHOWN = 3;
/** Room for the head line and the notes in each message's text budget. */
const CHROME_RESERVE = HEAD_MAX + NOTE_MAX * NOTES_SHOWN + 500;

/** `what` was asked for, with the counts, or how the limit cut the list, in `t`'s language. */
function listingHead(list: WorkItemList, what: string, t: Translator): string {
  return list.items.length < list.found
    ? t.t('commands.plane.listing.cut', { what, found: list.found, limit: list.limit, shown: list.items.length })
    : t.t('commands.plane.listing.head', { what, found: list.found });
}

/**
 * A list of Plane work items as messages: the head in bold (`what` was asked for, in the reader's
 * language, with the counts), a line per item (its key a link to the work item), the notes in small
 * print; split into several messages rather than cut when it passes the limits. The lines read as
 * the model's (the same words), with the key linked; the data's own heading is the model's English.
 */
export function buildPlaneListing(list: WorkItemList, what: string, t: Translator): SlackMessage[] {
  const lines = list.items.map((item) => {
    const key = escapeMrkdwn(oneLine(item.key));
    const facts = truncate(escapeMrkdwn(oneLine(itemFacts(item))), LISTING_LINE_MAX - key.length - ' · '.length);
    return `<${item.url}|${key}> · ${facts}`;
  });
  const sections = pack(lines, '\n', SLACK_LIMITS.sectionText);
  const heading = listingHead(list, what, t);
  const head: Block = { type: 'section', text: mrkdwn(`*${escapeTruncated(oneLine(heading), HEAD_MAX)}*`) };
  const messages: Block[][] = [[head]];
  let used = 0;
  for (const section of sections) {
    let current = messages[messages.length - 1] ?? [];
    if (used + section.length > MESSAGE_BLOCK_TEXT_BUDGET - CHROME_RESERVE || current.length >= SLACK_LIMITS.blocksPerMessage - 2) {
      current = [];
      messages.push(current);
      used = 0;
    }
    current.push({ type: 'section', text: mrkdwn(section) });
    used += section.length;
  }
  const notes = list.notes.slice(0, NOTES_SHOWN).map((note) => mrkdwn(escapeTruncated(oneLine(note), NOTE_MAX)));
  if (notes.length > 0) messages[messages.length - 1]?.push({ type: 'context', elements: notes });
  const text = escapeTruncated(oneLine(heading), FALLBACK_TEXT_MAX);
  // The head is cut first, so that a long one still ends with "(continued)" in the reader's words.
  const continued = escapeTruncated(
    t.t('commands.plane.listing.continued', { head: truncate(oneLine(heading), HEAD_MAX) }),
    FALLBACK_TEXT_MAX,
  );
  return messages.map((blocks, index) => ({ text: index === 0 ? text : continued, blocks }));
}
