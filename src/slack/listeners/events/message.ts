import type { App } from '@slack/bolt';
import type { IncomingEvent } from '../../conversations/intake.js';
import type { ConversationDeps, ListenerDeps } from '../../deps.js';
import { handleIntake } from '../../conversations/handle-intake.js';
import type { WorkItemDeps } from '../../work-items/deps.js';
import { syncReply } from '../../work-items/thread-sync.js';
import type { IntakeDeskDeps } from '../../intake-desk/file-message.js';
import { fileOnAuto } from '../../intake-desk/triggers.js';

/**
 * A direct message starts a run; a reply in a thread the bot is in continues it; a reply in a thread
 * linked to a work item becomes its Plane comment; in an `auto` intake channel a new message is filed.
 */
export function registerMessage(app: App, deps: ListenerDeps & ConversationDeps & WorkItemDeps & IntakeDeskDeps): void {
  app.event('message', async ({ event, body, client, context }) => {
    // A failure here is logged; the reply still reaches intake.
    await syncReply(client, deps, event as IncomingEvent, context.botUserId).catch((error: unknown) =>
      deps.logger.error({ err: error }, 'linked thread reply failed'),
    );
    await fileOnAuto(client, deps, event as IncomingEvent, context.botUserId).catch((error: unknown) =>
      deps.logger.error({ err: error }, 'intake auto-filing failed'),
    );
    await handleIntake(client, deps, { event: event as IncomingEvent, eventId: body.event_id }, context.botUserId);
  });
}
