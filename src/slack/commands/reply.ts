import { buildError } from '../blocks/error.js';
import type { SlackMessage } from '../blocks/types.js';
import type { CommandError } from './types.js';

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

export function errorReply(error: CommandError | { reason: string; usage?: string }): Reply {
  return ephemeral(buildError(error));
}
