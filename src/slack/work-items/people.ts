import type { App } from '@slack/bolt';
import type { StateStore } from '../../state/store.js';
import { requesterFor } from '../people.js';
import { mentionedUsers } from '../render/slack-markup.js';

/** At most this many mentions of one message are named (one users.info each, cached an hour). */
const NAMED_MAX = 10;

/** The names of the people a message mentions, for reading it as plain text or HTML. */
export async function mentionNames(client: App['client'], store: StateStore, text: string): Promise<Map<string, string>> {
  const ids = mentionedUsers(text).slice(0, NAMED_MAX);
  const people = await Promise.all(ids.map((id) => requesterFor(client, store, id)));
  return new Map(people.flatMap((person) => (person.name ? [[person.id, person.name] as [string, string]] : [])));
}
