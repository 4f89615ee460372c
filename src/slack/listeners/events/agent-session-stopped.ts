import type { App } from '@slack/bolt';
import { stopFromSlack } from '../../conversations/session-stopped.js';
import type { ConversationDeps, ListenerDeps } from '../../deps.js';

/** Slack's own stop control on a streaming answer: the same as the Stop button. */
export function registerAgentSessionStopped(app: App, deps: ListenerDeps & ConversationDeps): void {
  app.event('agent_session_stopped', async ({ event, client }) => {
    await stopFromSlack(client, deps, event);
  });
}
