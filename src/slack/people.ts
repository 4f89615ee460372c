import type { App } from '@slack/bolt';
import { z } from 'zod';
import { defineRecord } from '../state/record-kind.js';
import { SharedLoads } from '../state/shared-loads.js';
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

/** How long a process keeps a person it looked up, and how many people at most. */
const RECENT_MS = 60_000;
const RECENT_MAX = 1_000;

/**
 * The people this process looked up lately, for one store. Every request reads its person (the
 * language of the answer, who acts), and the store's copy changes at most once an hour, so a minute's
 * copy here spares a store read per request; a person's requests that arrive together share one
 * look-up, so a burst asks `users.info` once instead of once per request.
 */
export class RecentPeople {
  private readonly people = new Map<string, { person: Requester; until: number }>();
  private readonly asking = new SharedLoads<Requester>();

  constructor(private readonly now: () => number = Date.now) {}

  get(userId: string): Requester | undefined {
    const recent = this.people.get(userId);
    if (recent === undefined) return undefined;
    if (recent.until > this.now()) return recent.person;
    this.people.delete(userId);
    return undefined;
  }

  remember(person: Requester): Requester {
    // Shared by every request that reads it: frozen, so none can change it for the others.
    const kept = Object.freeze({ ...person });
    this.people.delete(person.id);
    this.people.set(person.id, { person: kept, until: this.now() + RECENT_MS });
    // The oldest goes first: a Map keeps the order entries were set in.
    if (this.people.size > RECENT_MAX) this.people.delete(this.people.keys().next().value!);
    return kept;
  }

  /** `lookUp`'s answer, shared with every caller asking about the same person meanwhile. */
  once(userId: string, lookUp: () => Promise<Requester>): Promise<Requester> {
    return this.asking.once(userId, lookUp);
  }
}

/** What this process knows and is asking about people, for each store (each bot in a test process has its own). */
const lookUpsByStore = new WeakMap<StateStore, { people: RecentPeople; emails: SharedLoads<string | undefined> }>();

function lookUpsOf(store: StateStore) {
  let lookUps = lookUpsByStore.get(store);
  if (lookUps === undefined) {
    lookUps = { people: new RecentPeople(), emails: new SharedLoads() };
    lookUpsByStore.set(store, lookUps);
  }
  return lookUps;
}

/**
 * The person behind a Slack user id, with the e-mail the Plane kit matches to a workspace member
 * ("me") and the locale the bot writes to them in. `users.info` is asked once an hour per person,
 * whatever replica asks. A state store that fails only costs the cache: commands that need no
 * store (`/task`, `/todo`) still answer, in the person's language.
 */
export async function requesterFor(client: WebClient, store: StateStore, userId: string): Promise<Requester> {
  const recent = lookUpsOf(store).people;
  return recent.get(userId) ?? recent.once(userId, () => lookUp(client, store, recent, userId));
}

async function lookUp(client: WebClient, store: StateStore, recent: RecentPeople, userId: string): Promise<Requester> {
  const stored = await storedPerson(store, recent, userId);
  if (stored) return stored;
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
    // Not remembered: the next request asks again.
    return requester;
  }
  await store.set(personRecord, userId, requester).catch(() => undefined);
  return recent.remember(requester);
}

/** The person as last looked up, without asking Slack: undefined when not known (or the store fails). */
export async function knownPerson(store: StateStore, userId: string): Promise<Requester | undefined> {
  const recent = lookUpsOf(store).people;
  return recent.get(userId) ?? storedPerson(store, recent, userId);
}

/** The person as the store keeps them, kept here a minute too: undefined when not kept (or the store fails). */
async function storedPerson(store: StateStore, recent: RecentPeople, userId: string): Promise<Requester | undefined> {
  const stored = await store.get(personRecord, userId).catch(() => undefined);
  return stored && recent.remember(stored);
}

/** The Slack user id of an e-mail, '' when nobody has it. */
const userByEmailRecord = defineRecord({ namespace: 'slack:people-by-email', version: 1, schema: z.string() });
/** Nobody with that e-mail: asked again after this, in case they join. */
const NOBODY_TTL_MS = 10 * 60_000;

/**
 * The Slack user with an e-mail (a Plane member to notify), through users.lookupByEmail, kept an
 * hour (ten minutes when nobody has it) for every replica; asked once for the look-ups of one e-mail
 * that come together (a burst of notices for one assignee).
 */
export async function slackUserByEmail(client: WebClient, store: StateStore, email: string): Promise<string | undefined> {
  const key = email.trim().toLowerCase();
  return lookUpsOf(store).emails.once(key, () => userByEmail(client, store, key));
}

async function userByEmail(client: WebClient, store: StateStore, key: string): Promise<string | undefined> {
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
