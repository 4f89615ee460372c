import type { App } from '@slack/bolt';
import { claimEvent, isBotThread } from './claims.js';
import { intakeOf, type IncomingEvent } from './intake.js';
import type { ConversationDeps, ListenerDeps } from '../deps.js';

/**
 * What the `app_mention` and `message` listeners share: intake rules, then a run. Only an event that
 * starts work claims its `event_id`, so the many channel messages intake ignores cost no store write.
 */
export async function handleIntake(
  client: App['client'],
  deps: ListenerDeps & ConversationDeps,
  delivery: { event: IncomingEvent; eventId: string },
  botUserId: string | undefined,
): Promise<void> {
  const intake = intakeOf(delivery.event, botUserId);
  if (!intake) return;
  const { onlyInBotThread, ...input } = intake;
  // A reply counts only in a thread the bot holds; startRun is told so rather than reading it again.
  const inBotThread = onlyInBotThread ? await isBotThread(deps.store, input.channel, input.threadTs) : undefined;
  if (inBotThread === false) return;
  // A redelivery of this event, here or on another replica, starts nothing.
  if (!(await claimEvent(deps.store, delivery.eventId))) return;
  await deps.conversations.start(client, { ...input, inBotThread });
}
