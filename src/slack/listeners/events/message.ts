import type { App } from '@slack/bolt';
import type { IncomingEvent } from '../../conversations/intake.js';
import type { ConversationDeps, ListenerDeps } from '../../deps.js';
import { handleIntake } from '../../conversations/handle-intake.js';

/** A direct message starts a run; a reply in a thread the bot is in continues it. */
export function registerMessage(app: App, deps: ListenerDeps & ConversationDeps): void {
  app.event('message', async ({ event, body, client, context }) => {
    await handleIntake(client, deps, { event: event as IncomingEvent, eventId: body.event_id }, context.botUserId);
  });
}
