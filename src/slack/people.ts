import type { App } from '@slack/bolt';
import { z } from 'zod';
import { defineRecord } from '../state/record-kind.js';
import type { StateStore } from '../state/store.js';
import type { Requester } from '../tools/index.js';

type WebClient = App['client'];

const PEOPLE_TTL_MS = 60 * 60_000;
const personRecord = defineRecord<Requester>({
  namespace: 'slack:people',
  version: 1,
  schema: z.object({
    id: z.string(),
    name: z.string().optional(),
    email: z.string().optional(),
    locale: z.string().optional(),
    timeZone: z.string().optional(),
  }),
  ttlMs: PEOPLE_TTL_MS,
});

/**
 * The person behind a Slack user id, with the e-mail the Plane kit matches to a workspace member
 * ("me") and the locale the bot writes to them in. `users.info` is asked once an hour per person,
 * whatever replica asks. A state store that fails only costs the cache: commands that need no
 * store (`/task`, `/todo`) still answer, in the person's language.
 */
export async function requesterFor(client: WebClient, store: StateStore, userId: string): Promise<Requester> {
  const cached = await knownPerson(store, userId);
  if (cached) return cached;
  let requester: Requester = { id: userId };
  try {
    const { user } = await client.users.info({ user: userId, include_locale: true });
    const profile = user?.profile;
    const name = profile?.display_name || profile?.real_name || user?.real_name || user?.name || undefined;
    requester = {
      id: userId,
      ...(name ? { name } : {}),
      ...(profile?.email ? { email: profile.email } : {}),
      ...(user?.locale ? { locale: user.locale } : {}),
      ...(user?.tz ? { timeZone: user.tz } : {}),
    };
  } catch {
    // Without users.info the person is still the requester; "me" then falls back to the key's user.
    return requester;
  }
  await store.set(personRecord, userId, requester).catch(() => undefined);
  return requester;
}

/** The person as last looked up, without asking Slack: undefined when not known (or the store fails). */
export async function knownPerson(store: StateStore, userId: string): Promise<Requester | undefined> {
  return store.get(personRecord, userId).catch(() => undefined);
}

/** The Slack user id of an e-mail, '' when nobody has it. */
const userByEmailRecord = defineRecord({ namespace: 'slack:people-by-email', version: 1, schema: z.string() });
/** Nobody with that e-mail: asked again after this, in case they join. */
const NOBODY_TTL_MS = 10 * 60_000;

/**
 * The Slack user with an e-mail (a Plane member to notify), through users.lookupByEmail, kept an
 * hour (ten minutes when nobody has it) for every replica.
 */
export async function slackUserByEmail(client: WebClient, store: StateStore, email: string): Promise<string | undefined> {
  const key = email.trim().toLowerCase();
  const cached = await store.get(userByEmailRecord, key);
  if (cached !== undefined) return cached === '' ? undefined : cached;
  try {
    const { user } = await client.users.lookupByEmail({ email: key });
    const id = user?.id ?? '';
    await store.set(userByEmailRecord, key, id, id === '' ? NOBODY_TTL_MS : PEOPLE_TTL_MS);
    return id === '' ? undefined : id;
  } catch (error) {
    if ((error as { data?: { error?: string } }).data?.error !== 'users_not_found') throw error;
    await store.set(userByEmailRecord, key, '', NOBODY_TTL_MS);
    return undefined;
  }
}
