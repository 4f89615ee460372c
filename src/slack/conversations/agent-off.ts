import type { StateStore } from '../../state/store.js';
import { renderReply } from '../render/reply.js';
import type { SlackMessage } from '../blocks/types.js';
import { claimMessage } from './claims.js';
import type { Conversations } from './conversations.js';

/** Plain words, also fine as a one-line notice. */
export const AGENT_OFF = [
  'The agent is off: no model key is configured.',
  'To turn it on, set `ANTHROPIC_API_KEY` (in the environment or `.env`) and restart the bot.',
  'Meanwhile `/task`, `/todo` and `/plane` work without it.',
].join(' ');

/** The answer to a mention when no model key is set. */
function agentOffReply(): SlackMessage[] {
  return renderReply(AGENT_OFF);
}

/**
 * The conversations when no model key is set: a message for the agent is answered, once, in its
 * thread with how to turn the agent on; a click on one of its buttons is told the same privately.
 */
export function agentOff(store: StateStore): Conversations {
  return {
    async start(client, { channel, threadTs, messageTs }) {
      if (!(await claimMessage(store, channel, messageTs))) return;
      for (const message of agentOffReply()) await client.chat.postMessage({ channel, thread_ts: threadTs, ...message });
    },
    decide: async () => AGENT_OFF,
    retry: async () => AGENT_OFF,
    stop: async () => AGENT_OFF,
    // Without the agent no run waits for anyone.
    awaiting: async () => [],
  };
}
