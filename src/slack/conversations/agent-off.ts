import { renderReply } from '../render/reply.js';
import type { SlackMessage } from '../blocks/types.js';

/** Plain words, also fine as a one-line notice. */
export const AGENT_OFF = [
  'The agent is off: no model key is configured.',
  'To turn it on, set `ANTHROPIC_API_KEY` (in the environment or `.env`) and restart the bot.',
  'Meanwhile `/task`, `/todo` and `/plane` work without it.',
].join(' ');

/** The answer to a mention when no model key is set. */
export function agentOffReply(): SlackMessage[] {
  return renderReply(AGENT_OFF);
}
