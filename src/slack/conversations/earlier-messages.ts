import type { App } from '@slack/bolt';
import type { StateStore } from '../../state/store.js';
import { requesterFor } from '../people.js';

type WebClient = App['client'];

/** Enough context for a request; a longer thread keeps its last messages. */
const MAX_MESSAGES = 50;
const MAX_CHARS_PER_MESSAGE = 2000;

/**
 * A thread people started without the bot, read once when the bot is first mentioned in it (SPEC
 * §5.1): the messages before the mention, oldest first, one per line as "Name (U123): text".
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
  const lines = await Promise.all(
    earlier.map(async (m) => {
      const who = m.bot_id || !m.user ? 'a bot' : await authorName(client, store, m.user);
      const text = m.text!.length > MAX_CHARS_PER_MESSAGE ? `${m.text!.slice(0, MAX_CHARS_PER_MESSAGE)}…` : m.text!;
      return `${who}: ${text}`;
    }),
  );
  return lines.join('\n');
}

async function authorName(client: WebClient, store: StateStore, userId: string): Promise<string> {
  const person = await requesterFor(client, store, userId);
  return person.name ? `${person.name} (${userId})` : userId;
}
