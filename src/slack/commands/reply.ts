import { buildError, type ErrorView } from '../blocks/error.blocks.js';
import type { SlackMessage } from '../blocks/types.js';
import type { Translator } from '../../i18n/index.js';
import type { CommandError } from './types.js';
import { usageOf } from './usage.js';

/**
 * Where a command's answer goes: views (`tree`, `list`, `show`, `search`, `export`) are
 * posted in the channel; `mine`, `help`, errors and confirmations of a change only the person sees.
 */
export type Placement = 'ephemeral' | 'channel';

/** A command's answer: one or more messages, in order, and where they go. */
export interface Reply {
  placement: Placement;
  messages: SlackMessage[];
  /** A view of the channel's task tree: the thread of its message then receives the task events. */
  showsTasks?: boolean;
}

export function ephemeral(...messages: SlackMessage[]): Reply {
  return { placement: 'ephemeral', messages };
}

export function inChannel(...messages: SlackMessage[]): Reply {
  return { placement: 'channel', messages };
}

/** Bad input (a parser's `CommandError`) or a failure already said in the reader's language, privately. */
export function errorReply(error: CommandError | ErrorView, t: Translator): Reply {
  return ephemeral(
    buildError('command' in error ? { reason: t.say(error.reason), usage: usageOf(error.command, error.action, t) } : error, t),
  );
}
