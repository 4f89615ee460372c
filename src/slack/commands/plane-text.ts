import { FALLBACK_TEXT_MAX, MESSAGE_BLOCK_TEXT_BUDGET, SLACK_LIMITS } from '../blocks/limits.js';
import { LISTING_LINE_MAX } from '../blocks/listing.js';
import { escapeMrkdwn, escapeTruncated, mrkdwn, oneLine, pack, truncate } from '../blocks/text.js';
import type { Block, SlackMessage } from '../blocks/types.js';

/** What a Plane list tool answers: a head line, one line per work item, then `Note: …` lines. */
export interface PlaneListing {
  head: string;
  items: string[];
  notes: string[];
}

export function readPlaneListing(output: string): PlaneListing {
  const [head = '', ...rest] = output.split('\n');
  const lines = rest.filter((line) => line.trim() !== '');
  return {
    head,
    items: lines.filter((line) => !line.startsWith('Note: ')),
    notes: lines.filter((line) => line.startsWith('Note: ')).map((line) => line.slice('Note: '.length)),
  };
}

const HEAD_MAX = 500;
const NOTE_MAX = 500;
const NOTES_SHOWN = 3;
/** Room for the head line and the notes in each message's text budget. */
const CHROME_RESERVE = HEAD_MAX + NOTE_MAX * NOTES_SHOWN + 500;
const ITEM_KEY = /^([A-Za-z0-9_]{1,12}-\d+)( · )/;

/**
 * A Plane listing as messages: the head in bold, the items (each key a link to the work item), the
 * notes in small print; split into several messages rather than cut when it passes the limits.
 */
export function buildPlaneListing(listing: PlaneListing, itemUrl: (key: string) => string): SlackMessage[] {
  const lines = listing.items.map((line) => {
    const flat = truncate(escapeMrkdwn(oneLine(line)), LISTING_LINE_MAX);
    return flat.replace(ITEM_KEY, (_, key: string, dot: string) => `<${itemUrl(key)}|${key}>${dot}`);
  });
  const sections = pack(lines, '\n', SLACK_LIMITS.sectionText);
  const head: Block = { type: 'section', text: mrkdwn(`*${escapeTruncated(oneLine(listing.head), HEAD_MAX)}*`) };
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
  const notes = listing.notes.slice(0, NOTES_SHOWN).map((note) => mrkdwn(escapeTruncated(oneLine(note), NOTE_MAX)));
  if (notes.length > 0) messages[messages.length - 1]?.push({ type: 'context', elements: notes });
  const text = escapeTruncated(oneLine(listing.head), FALLBACK_TEXT_MAX);
  return messages.map((blocks, index) => ({ text: index === 0 ? text : `${text} (continued)`, blocks }));
}
