import type { App } from '@slack/bolt';
import { withoutMention, type IncomingEvent } from '../conversations/intake.js';
import { fileMessage, fileRequest, type IntakeDeskDeps } from './file-message.js';

type WebClient = App['client'];

/**
 * A mention in an intake channel asking to file: a reply files its thread's first message, a
 * top-level mention files its own words after "file". True when it did, so the agent stays out.
 */
export async function fileOnMention(
  client: WebClient,
  deps: IntakeDeskDeps,
  event: IncomingEvent,
  botUserId: string | undefined,
): Promise<boolean> {
  if (!deps.desk || event.bot_id || !event.user) return false;
  const rest = fileRequest(withoutMention(event.text ?? '', botUserId));
  if (rest === undefined) return false;
  const setting = await deps.desk.channel(event.channel);
  if (!setting) return false;
  const isReply = event.thread_ts !== undefined && event.thread_ts !== event.ts;
  const trigger = isReply
    ? { channel: event.channel, messageTs: event.thread_ts!, userId: event.user }
    : { channel: event.channel, messageTs: event.ts, userId: event.user, ...(rest ? { text: rest } : {}) };
  await fileMessage(client, deps, setting, trigger);
  return true;
}

/** With `auto`, every new top-level message of a person is filed (not bots, not replies, not edits). */
export async function fileOnAuto(
  client: WebClient,
  deps: IntakeDeskDeps,
  event: IncomingEvent,
  botUserId: string | undefined,
): Promise<void> {
  if (!deps.desk || event.type !== 'message' || event.channel_type === 'im') return;
  if ((event.subtype !== undefined && event.subtype !== 'file_share') || event.bot_id || !event.user || event.user === botUserId) return;
  if (event.thread_ts !== undefined && event.thread_ts !== event.ts) return;
  const setting = await deps.desk.channel(event.channel);
  if (!setting?.auto) return;
  await fileMessage(client, deps, setting, { channel: event.channel, messageTs: event.ts, userId: event.user });
}
