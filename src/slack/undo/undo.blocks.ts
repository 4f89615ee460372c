import type { Translator } from '../../i18n/index.js';
import { ACTION_IDS } from '../blocks/action-ids.js';
import { FALLBACK_TEXT_MAX, SLACK_LIMITS } from '../blocks/limits.js';
import { button, escapeTruncated, mentionUser, mrkdwn, oneLine, slackDate } from '../blocks/text.js';
import type { Block, SlackMessage } from '../blocks/types.js';

/** The block holding the Undo button; an undo replaces it with who undid the write. */
export const UNDO_BLOCK_ID = 'undo_write';

const KEY_MAX = 60;
const WHAT_MAX = 2_800;
const STATE_MAX = 100;

/** What was taken back, as the thread is told: the item's key, and what changed back. */
export type UndoneView =
  | { kind: 'update'; key: string; fields: readonly string[] }
  | { kind: 'comment'; key: string }
  | { kind: 'create'; key: string; state: string };

/** What an Undo button carries: the kept write, and the ts of the card that shows its item in the same channel. */
export interface UndoTarget {
  id: string;
  cardTs?: string;
}

/** Slack timestamps are digits and a dot; anything else after the space is not ours. */
const CARD_TS = /^\d{1,12}\.\d{1,8}$/;

/** The button's value read back: `<id>` or `<id> <card ts>`. */
export function readUndoValue(value: string): UndoTarget {
  const [id = '', cardTs] = value.split(' ');
  return cardTs !== undefined && CARD_TS.test(cardTs) ? { id, cardTs } : { id };
}

/** The Undo button a confirmation carries. */
export function undoBlock(target: UndoTarget, t: Translator): Block {
  const value = target.cardTs === undefined ? target.id : `${target.id} ${target.cardTs}`;
  return {
    type: 'actions',
    block_id: UNDO_BLOCK_ID,
    elements: [button({ text: t.t('undo.button'), actionId: ACTION_IDS.undoWrite, value })],
  };
}

/**
 * A message with the Undo button under it when its write was kept (`id`), within a message's blocks;
 * `cardTs` names the card an undo shows again as the item then is.
 */
export function withUndo(message: SlackMessage, id: string | undefined, t: Translator, cardTs?: string): SlackMessage {
  if (id === undefined || message.blocks.length >= SLACK_LIMITS.blocksPerMessage) return message;
  return { ...message, blocks: [...message.blocks, undoBlock({ id, ...(cardTs !== undefined && { cardTs }) }, t)] };
}

/** The confirmation of an agent's write (its call's own words), with Undo. */
export function buildWriteConfirmation(input: { description: string; undoId: string }, t: Translator): SlackMessage {
  const what = escapeTruncated(oneLine(input.description), WHAT_MAX);
  const line = t.t('undo.confirmed', { what });
  return withUndo(
    {
      text: escapeTruncated(t.t('undo.confirmed', { what: oneLine(input.description) }), FALLBACK_TEXT_MAX),
      blocks: [{ type: 'section', text: mrkdwn(line) }],
    },
    input.undoId,
    t,
  );
}

/** The blocks of a confirmation once undone: its Undo button becomes who undid it, and when. */
export function undoneBlocks(blocks: readonly Block[], by: { id: string; at: Date }, t: Translator): Block[] {
  const done: Block = { type: 'context', elements: [mrkdwn(t.t('undo.doneOn', { who: mentionUser(by.id), when: slackDate(by.at) }))] };
  return blocks.map((block) => (block.block_id === UNDO_BLOCK_ID ? done : block));
}

/** The field names a person reads ("state, assignees"). */
export function fieldNames(fields: readonly string[], t: Translator): string {
  return fields.map((field) => t.t('undo.field', { field: escapeTruncated(oneLine(field), 40) })).join(t.t('common.listSeparator'));
}

/** What the thread is told once a write was taken back. */
export function buildUndoSaid(view: UndoneView, whoId: string, t: Translator): SlackMessage {
  const said = { who: mentionUser(whoId), key: escapeTruncated(oneLine(view.key), KEY_MAX) };
  const line =
    view.kind === 'update'
      ? t.t('undo.saidUpdate', { ...said, fields: fieldNames(view.fields, t) })
      : view.kind === 'comment'
        ? t.t('undo.saidComment', said)
        : t.t('undo.saidCreate', { ...said, state: escapeTruncated(oneLine(view.state), STATE_MAX) });
  return { text: line.slice(0, FALLBACK_TEXT_MAX), blocks: [{ type: 'section', text: mrkdwn(line.slice(0, SLACK_LIMITS.sectionText)) }] };
}
