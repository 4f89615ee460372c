import type { App } from '@slack/bolt';
import type { ConversationDeps, ListenerDeps } from '../../deps.js';
import { handleIntake } from '../../conversations/handle-intake.js';

/** A mention starts a run in the thread of the mention. */
export function registerAppMention(app: App, deps: ListenerDeps & ConversationDeps): void {
  app.event('app_mention', async ({ event, body, client, context }) => {
    await handleIntake(client, deps, { event, eventId: body.event_id }, context.botUserId);
  });
}
