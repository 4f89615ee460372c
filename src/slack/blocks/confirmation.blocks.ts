import type { Translator } from '../../i18n/index.js';
import { FALLBACK_TEXT_MAX, SLACK_LIMITS } from './limits.js';
import { LISTING_LINE_MAX } from './listing.blocks.js';
import { escapeMrkdwn, escapeTruncated, FENCE, mrkdwn, oneLine, pack, truncate } from './text.js';
import type { Block, SlackMessage } from './types.js';

export interface ConfirmationInput {
  /** What was done, in one line: "Added task 3 to the tree of #ops". */
  summary: string;
  /** The changed lines as the tree or list shows them. */
  lines?: readonly string[];
  /** Small print: a wait still open, whose "me" was used. */
  notes?: readonly string[];
  /** The command asked for what already was: nothing was written. */
  unchanged?: boolean;
}

/** The names of changed fields as people say them: "title, due date". */
export function changedFields(changes: readonly { field: string }[], t: Translator): string {
  return changes.map((change) => t.t('commands.field', { field: change.field })).join(t.t('common.listSeparator'));
}

/** At most this many changed lines are shown; the rest are counted (a removal can take many subtasks). */
const SHOWN_LINES = 20;
const SUMMARY_MAX = 500;
const NOTE_MAX = 500;

/**
 * The confirmation of a change: what was done, then the changed lines as the tree or list shows
 * them (in a code block, so marks line up as in the tree), then notes in small print.
 */
export function buildConfirmation(input: ConfirmationInput, t: Translator): SlackMessage {
  const summary = oneLine(input.summary);
  const blocks: Block[] = [{ type: 'section', text: mrkdwn(`${input.unchanged ? 'ℹ️' : '✓'} ${escapeTruncated(summary, SUMMARY_MAX)}`) }];
  const lines = input.lines ?? [];
  // Only line breaks go: the indentation of a subtree (`│  ├─`) must stay as the tree shows it.
  const shown = lines
    .slice(0, SHOWN_LINES)
    .map((line) => truncate(escapeMrkdwn(line.replace(/\s*[\r\n]+\s*/g, ' ').trimEnd()), LISTING_LINE_MAX));
  if (lines.length > SHOWN_LINES) shown.push(t.t('commands.confirmation.more', { count: lines.length - SHOWN_LINES }));
  const room = SLACK_LIMITS.sectionText - FENCE.length * 2 - 2;
  for (const chunk of pack(shown, '\n', room)) blocks.push({ type: 'section', text: mrkdwn(`${FENCE}\n${chunk}\n${FENCE}`) });
  const notes = (input.notes ?? []).map((note) => escapeTruncated(oneLine(note), NOTE_MAX)).filter((note) => note !== '');
  if (notes.length > 0) blocks.push({ type: 'context', elements: notes.slice(0, 10).map((note) => mrkdwn(note)) });
  return { text: escapeTruncated(summary, FALLBACK_TEXT_MAX), blocks };
}
