import type { Translator } from '../../i18n/index.js';
import { ACTION_IDS } from '../blocks/action-ids.js';
import { FALLBACK_TEXT_MAX, MESSAGE_BLOCK_TEXT_BUDGET, SLACK_LIMITS } from '../blocks/limits.js';
import { button, escapeTruncated, mentionUser, mrkdwn, oneLine, pack, plainText, truncate } from '../blocks/text.js';
import type { Block, SlackMessage, TableBlock } from '../blocks/types.js';

/** One change of the preview: the item's key, the field, its value now and the one asked. */
export interface PreviewRow {
  key: string;
  field: string;
  from: string;
  to: string;
}

export interface BulkPreviewInput {
  /** Slack user id of who asked for the run. */
  requesterId: string;
  /** How many writes (tool calls) the rows come from. */
  writes: number;
  rows: readonly PreviewRow[];
}

/** Asking: the choices carry `value` (the request's reference); decided: the line saying how, instead. */
export type BulkEnding = { ask: string } | { said: string };

/** Slack's table: at most 100 rows, the header row included. */
const TABLE_ROWS = 99;
const KEY_MAX = 40;
const FIELD_MAX = 40;
const VALUE_MAX = 120;
/** The line saying how it was decided: who, how, when. */
const SAID_MAX = 1_000;
/** What the table or lines may hold of the message's text budget: the rest is the header, the ask and the choices. */
const ROWS_BUDGET = MESSAGE_BLOCK_TEXT_BUDGET - 2_000;

type Cell = { type: 'raw_text'; text: string };

/** A cell's text: one line, cut; a raw_text cell is shown as it is, so nothing needs escaping. */
const cellText = (text: string, max: number) => truncate(oneLine(text), max) || '—';

/**
 * The one approval of many work-item writes: who asked and how many, then every change (key,
 * field, from → to) in Slack's table block when the rows fit one (text lines otherwise), what did
 * not fit counted, then Approve all / Deny all, or how it was decided. Within Block Kit's limits
 * whatever the rows hold.
 */
export function buildBulkPreview(input: BulkPreviewInput, ending: BulkEnding, t: Translator): SlackMessage {
  const items = new Set(input.rows.map((row) => row.key)).size;
  const title = t.t('undo.bulkNeeded', { count: input.writes });
  const asking = 'ask' in ending;
  // Once decided the request no longer needs anyone: the header goes, as a single request's does.
  const blocks: Block[] = [
    ...(asking ? [{ type: 'header' as const, text: plainText(title, SLACK_LIMITS.headerText) }] : []),
    { type: 'section', text: mrkdwn(t.t('undo.bulkAsks', { requester: mentionUser(input.requesterId), count: input.writes, items })) },
  ];
  const field = (row: PreviewRow) => t.t('undo.field', { field: oneLine(row.field) });
  const { shown, table } = input.rows.length <= TABLE_ROWS ? tableOf(input.rows, field, t) : linesOf(input.rows, field);
  blocks.push(...table);
  const left = input.rows.length - shown;
  if (left > 0) blocks.push({ type: 'context', elements: [mrkdwn(t.t('undo.bulkMore', { count: left }))] });
  if (asking) {
    blocks.push({
      type: 'actions',
      elements: [
        button({
          text: t.t('undo.bulkApprove', { count: input.writes }),
          actionId: ACTION_IDS.approvalApprove,
          value: ending.ask,
          style: 'primary',
        }),
        button({ text: t.t('undo.bulkDeny'), actionId: ACTION_IDS.approvalDeny, value: ending.ask, style: 'danger' }),
      ],
    });
  } else {
    blocks.push({ type: 'context', elements: [mrkdwn(truncate(ending.said, SAID_MAX))] });
  }
  return { text: truncate('said' in ending ? oneLine(ending.said) : title, FALLBACK_TEXT_MAX), blocks };
}

/** As many rows as the budget holds, in one table under its header row. */
function tableOf(rows: readonly PreviewRow[], field: (row: PreviewRow) => string, t: Translator): { shown: number; table: Block[] } {
  const header = [t.t('undo.bulkKey'), t.t('undo.bulkField'), t.t('undo.bulkFrom'), t.t('undo.bulkTo')].map((text) =>
    cellText(text, FIELD_MAX),
  );
  let used = header.join('').length;
  const body: string[][] = [];
  for (const row of rows) {
    const cells = [cellText(row.key, KEY_MAX), cellText(field(row), FIELD_MAX), cellText(row.from, VALUE_MAX), cellText(row.to, VALUE_MAX)];
    const size = cells.join('').length;
    if (used + size > ROWS_BUDGET) break;
    used += size;
    body.push(cells);
  }
  const cell = (text: string): Cell => ({ type: 'raw_text', text });
  const table: TableBlock = {
    type: 'table',
    column_settings: [{}, {}, { is_wrapped: true }, { is_wrapped: true }],
    rows: [header, ...body].map((r) => r.map(cell)),
  };
  return { shown: body.length, table: [table] };
}

/** More rows than a table holds: one mrkdwn line each, packed into sections within the budget. */
function linesOf(rows: readonly PreviewRow[], field: (row: PreviewRow) => string): { shown: number; table: Block[] } {
  const lines: string[] = [];
  let used = 0;
  for (const row of rows) {
    const line = `\`${escapeTruncated(oneLine(row.key).replace(/`/g, "'"), KEY_MAX)}\` ${escapeTruncated(oneLine(field(row)), FIELD_MAX)}: ${escapeTruncated(oneLine(row.from), VALUE_MAX)} → ${escapeTruncated(oneLine(row.to), VALUE_MAX)}`;
    if (used + line.length + 1 > ROWS_BUDGET) break;
    used += line.length + 1;
    lines.push(line);
  }
  const sections = pack(lines, '\n', SLACK_LIMITS.sectionText).map((chunk): Block => ({ type: 'section', text: mrkdwn(chunk) }));
  return { shown: lines.length, table: sections };
}
