import type { App } from '@slack/bolt';
import type { ConversationDeps, ListenerDeps } from '../../deps.js';
import { handleIntake } from '../../conversations/handle-intake.js';
import type { IntakeDeskDeps } from '../../intake-desk/file-message.js';
import { fileOnMention } from '../../intake-desk/triggers.js';

/** A mention starts a run in the thread of the mention, unless it asks an intake channel to file something. */
export function registerAppMention(app: App, deps: ListenerDeps & ConversationDeps & IntakeDeskDeps): void {
  app.event('app_mention', async ({ event, body, client, context }) => {
    if (await fileOnMention(client, deps, event, context.botUserId)) return;
    await handleIntake(client, deps, { event, eventId: body.event_id }, context.botUserId);
  });
}
