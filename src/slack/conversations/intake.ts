/** The fields of an `app_mention` or `message` event that intake reads. */
export interface IncomingEvent {
  type: string;
  subtype?: string;
  channel: string;
  channel_type?: string;
  user?: string;
  bot_id?: string;
  text?: string;
  ts: string;
  thread_ts?: string;
}

/** A person's message the bot should answer, and where. */
export interface Intake {
  channel: string;
  threadTs: string;
  messageTs: string;
  userId: string;
  text: string;
  /** Only a reply in a thread the bot already holds a conversation in is answered. */
  onlyInBotThread: boolean;
}

/** Subtypes that are still a person writing: a message with files, a reply also sent to the channel. */
const PERSON_SUBTYPES = new Set(['file_share', 'thread_broadcast']);

/**
 * Intake: a mention starts a run in the thread of the mention; a DM behaves like a mention;
 * any other thread reply continues the thread's conversation if there is one. Edits, deletions,
 * joins and every bot's messages (the bot's own writes come back as events) are ignored.
 */
export function intakeOf(event: IncomingEvent, botUserId: string | undefined): Intake | undefined {
  if (event.subtype !== undefined && !PERSON_SUBTYPES.has(event.subtype)) return undefined;
  if (event.bot_id || !event.user || event.user === botUserId) return undefined;
  const threadTs = event.thread_ts ?? event.ts;
  const base = {
    channel: event.channel,
    threadTs,
    messageTs: event.ts,
    userId: event.user,
    text: withoutMention(event.text ?? '', botUserId),
  };
  if (event.type === 'app_mention' || event.channel_type === 'im') return { ...base, onlyInBotThread: false };
  if (event.type === 'message' && threadTs !== event.ts) return { ...base, onlyInBotThread: true };
  return undefined;
}

/** The request without the bot's mention (`<@U0BOT>` or `<@U0BOT|planebot>`). */
export function withoutMention(text: string, botUserId: string | undefined): string {
  if (!botUserId) return text.trim();
  return text
    .replace(new RegExp(`<@${botUserId}(?:\\|[^>]*)?>`, 'g'), ' ')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}
