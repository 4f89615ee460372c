import type Anthropic from '@anthropic-ai/sdk';
import { phrase, type Phrase } from '../i18n/index.js';
import type { RunStop } from './front-end.js';
import { NONE } from './reasons.js';

/** What the loop does with one model response. */
export type NextStep =
  | { kind: 'run_tools'; calls: Anthropic.ToolUseBlock[] }
  /** pause_turn: append the paused content as it is and send again. */
  | { kind: 'resume' }
  /** max_tokens cut a tool call: never run it; drop the reply and ask again with more room. */
  | { kind: 'retry_longer' }
  /** An empty end_turn: ask the model to continue instead of resending the empty reply. */
  | { kind: 'nudge' }
  /** The run ends. `keep` is false when the content must not enter the history (refused, or a cut-off call). */
  | { kind: 'finish'; stop: RunStop; keep: boolean; note?: Phrase };

/** How often the loop already took each corrective step in this run; each is capped. */
export interface Retries {
  pauses: number;
  nudges: number;
  longer: number;
}

export const MAX_PAUSES = 5;
export const MAX_NUDGES = 1;
export const MAX_LONGER = 1;

export const NOTES = {
  truncated: phrase('runEnd.truncated'),
  contextFull: phrase('runEnd.contextFull'),
  tooManyPauses: phrase('runEnd.tooManyPauses'),
  cutToolCall: phrase('runEnd.cutToolCall'),
} as const;

export function nextStep(message: Anthropic.Message, retries: Retries): NextStep {
  const calls = message.content.filter((block): block is Anthropic.ToolUseBlock => block.type === 'tool_use');
  const cutCall = message.stop_reason === 'max_tokens' && message.content.at(-1)?.type === 'tool_use';
  switch (message.stop_reason) {
    case 'tool_use':
    case 'end_turn':
    case 'stop_sequence':
    case 'max_tokens':
      if (cutCall) {
        return retries.longer < MAX_LONGER
          ? { kind: 'retry_longer' }
          : { kind: 'finish', stop: 'truncated', keep: false, note: NOTES.cutToolCall };
      }
      // The loop stops only when a turn has no tool calls, whatever the stop reason says.
      if (calls.length > 0) return { kind: 'run_tools', calls };
      if (message.stop_reason === 'max_tokens') return { kind: 'finish', stop: 'truncated', keep: true, note: NOTES.truncated };
      if (message.content.length === 0 && retries.nudges < MAX_NUDGES) return { kind: 'nudge' };
      return { kind: 'finish', stop: 'answered', keep: true };
    case 'pause_turn':
      return retries.pauses < MAX_PAUSES
        ? { kind: 'resume' }
        : { kind: 'finish', stop: 'unexpected_stop', keep: false, note: NOTES.tooManyPauses };
    case 'model_context_window_exceeded':
      return { kind: 'finish', stop: 'context_full', keep: calls.length === 0, note: NOTES.contextFull };
    case 'refusal':
      return { kind: 'finish', stop: 'refused', keep: false, note: refusalNote(message) };
    default:
      // The union can grow; stop safely like the SDK's own runner.
      return {
        kind: 'finish',
        stop: 'unexpected_stop',
        keep: false,
        note: phrase('runEnd.unknownStop', { reason: String(message.stop_reason) }),
      };
  }
}

function refusalNote(message: Anthropic.Message): Phrase {
  // Optional at runtime although typed: responses from older servers and fakes leave it out.
  const details = message.stop_details ?? undefined;
  return phrase('runEnd.refused', {
    category: details?.category ? details.category.replace(/_/g, ' ') : NONE,
    explanation: details?.explanation || NONE,
  });
}
