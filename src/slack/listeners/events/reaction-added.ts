import type { App } from '@slack/bolt';
import { fileMessage, type IntakeDeskDeps } from '../../intake-desk/file-message.js';

/** The intake channel's emoji added to a message files it (once, whoever adds it again). */
export function registerReactionAdded(app: App, deps: IntakeDeskDeps): void {
  app.event('reaction_added', async ({ event, client }) => {
    if (event.item.type !== 'message' || !deps.desk) return;
    const setting = await deps.desk.channel(event.item.channel);
    if (!setting || event.reaction.replace(/::skin-tone-\d$/, '') !== setting.emoji) return;
    await fileMessage(client, deps, setting, { channel: event.item.channel, messageTs: event.item.ts, userId: event.user });
  });
}
