import type { Translator } from '../../i18n/index.js';
import { FALLBACK_TEXT_MAX, MESSAGE_BLOCK_TEXT_BUDGET, SLACK_LIMITS } from './limits.js';
import { button, escapeMrkdwn, escapeTruncated, FENCE, mrkdwn, pack, plainText, truncate } from './text.js';
import type { Block, SlackMessage } from './types.js';

/** A line of a listing is shortened (visibly) beyond this, so one huge title cannot fill a page. */
export const LISTING_LINE_MAX = 500;
/** Lines per page: long enough to scan a tree, short enough to read in a channel. */
export const LISTING_PAGE_LINES = 100;
/** Room kept in the block text budget for the header, the page context and the button. */
const CHROME_RESERVE = 400;

export interface ListingInput {
  /** Plain text shown in the header block. */
  header: string;
  /**
   * mrkdwn-safe lines (escaped by the caller); longer than LISTING_LINE_MAX, one is shortened with "…".
   * An array, or lines made on demand: a page reads only its own, so a long listing is not laid out
   * whole for every page.
   */
  lines: ListingLines;
  /** Where this page starts: the value of a previous page's "More" button; absent for the first page. */
  cursor?: string | undefined;
  /** Show the lines in a code block (monospace keeps tree connectors aligned). */
  code: boolean;
  /** action_id of the "More" button. */
  moreActionId: string;
  /** block_id of the block that holds the "More" button, for a click to tell which listing it continues. */
  pagerBlockId?: string | undefined;
  /** Plain words shown instead of lines when there are none. */
  empty: string;
  /** A line to repeat at the top of a page that starts at `index` (e.g. the group heading), if any. */
  continuation?: (index: number) => string | undefined;
}

/** The listing's lines by index, as an array gives them. */
export type ListingLines = Pick<readonly string[], 'length' | 'at'>;

/** The cursor is the index of the page's first line; anything unreadable starts from the top. */
function readCursor(cursor: string | undefined, total: number): number {
  if (cursor === undefined || !/^\d{1,9}$/.test(cursor)) return 0;
  const index = Number(cursor);
  return index < total ? index : 0;
}

/** The lines from `start` that fit one page of at most `maxChars` of text: always at least one. */
function pageLines(lines: ListingLines, start: number, maxChars: number): string[] {
  const page: string[] = [];
  let used = 0;
  for (let index = start; index < lines.length && page.length < LISTING_PAGE_LINES; index += 1) {
    const line = truncate(lines.at(index) ?? '', LISTING_LINE_MAX);
    if (page.length > 0 && used + line.length + 1 > maxChars) break;
    used += line.length + 1;
    page.push(line);
  }
  return page;
}

/**
 * One page of a long listing as a message: header, the lines in sections within every limit, a
 * context line saying which lines are shown, and a "More" button carrying the next cursor. Nothing
 * is dropped without saying so.
 */
export function buildListing(input: ListingInput, t: Translator): SlackMessage {
  const header = plainText(input.header, SLACK_LIMITS.headerText);
  const total = input.lines.length;
  if (total === 0) {
    return {
      text: escapeTruncated(`${input.header}: ${input.empty}`, FALLBACK_TEXT_MAX),
      blocks: [
        { type: 'header', text: header },
        { type: 'section', text: mrkdwn(escapeMrkdwn(input.empty)) },
      ],
    };
  }
  const start = readCursor(input.cursor, total);
  const lines = pageLines(input.lines, start, MESSAGE_BLOCK_TEXT_BUDGET - CHROME_RESERVE);
  const end = start + lines.length;
  const continued = start > 0 ? input.continuation?.(start) : undefined;
  const shown = [...(continued === undefined ? [] : [truncate(continued, LISTING_LINE_MAX)]), ...lines];
  const wrap = input.code ? FENCE.length * 2 + 2 : 0;
  const sections = pack(shown, '\n', SLACK_LIMITS.sectionText - wrap).map(
    (chunk): Block => ({ type: 'section', text: mrkdwn(input.code ? `${FENCE}\n${chunk}\n${FENCE}` : chunk) }),
  );
  const blocks: Block[] = [{ type: 'header', text: header }, ...sections];
  const paged = start > 0 || end < total;
  const range = { start: start + 1, end, total };
  if (paged) blocks.push({ type: 'context', elements: [mrkdwn(t.t('commands.listing.lines', range))] });
  if (end < total) {
    blocks.push({
      type: 'actions',
      elements: [button({ text: t.t('commands.listing.more', { count: total - end }), actionId: input.moreActionId, value: String(end) })],
      ...(input.pagerBlockId !== undefined && { block_id: input.pagerBlockId }),
    });
  }
  return {
    text: escapeTruncated(paged ? t.t('commands.listing.linesShort', { header: input.header, ...range }) : input.header, FALLBACK_TEXT_MAX),
    blocks,
  };
}
