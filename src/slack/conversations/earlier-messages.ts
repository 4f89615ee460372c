import type { App } from '@slack/bolt';
import type { StateStore } from '../../state/store.js';
import { requesterFor } from '../people.js';

type WebClient = App['client'];

/** Enough context for a request; a longer thread keeps its last messages. */
const MAX_MESSAGES = 50;
const MAX_CHARS_PER_MESSAGE = 2000;

/**
 * A thread people started without the bot, read once when the bot is first mentioned in it: the messages before the mention, oldest first, one per line as "Name (U123): text".
 */
export async function readEarlierMessages(
  client: WebClient,
  store: StateStore,
  where: { channel: string; threadTs: string; beforeTs: string },
): Promise<string | undefined> {
  const { messages = [] } = await client.conversations.replies({
    channel: where.channel,
    ts: where.threadTs,
    latest: where.beforeTs,
    inclusive: false,
    limit: 200,
  });
  const earlier = messages.filter((m) => m.ts !== undefined && Number(m.ts) < Number(where.beforeTs) && m.text).slice(-MAX_MESSAGES);
  if (earlier.length === 0) return undefined;
  // One lookup per person, not per message: a long thread is usually written by a few people.
  const authors = new Set(earlier.map(personOf).filter((id) => id !== undefined));
  const names = new Map(await Promise.all([...authors].map(async (id) => [id, await authorName(client, store, id)] as const)));
  const lines = earlier.map((m) => {
    const person = personOf(m);
    const who = person === undefined ? 'a bot' : names.get(person)!;
    const text = m.text!.length > MAX_CHARS_PER_MESSAGE ? `${m.text!.slice(0, MAX_CHARS_PER_MESSAGE)}…` : m.text!;
    return `${who}: ${text}`;
  });
  return lines.join('\n');
}

/** The person who wrote a message; undefined for a bot's (or a message without a user). */
function personOf(message: { bot_id?: string; user?: string }): string | undefined {
  return message.bot_id || !message.user ? undefined : message.user;
}

async function authorName(client: WebClient, store: StateStore, userId: string): Promise<string> {
  const person = await requesterFor(client, store, userId);
  return person.name ? `${person.name} (${userId})` : userId;
}
