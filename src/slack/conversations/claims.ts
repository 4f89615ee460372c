import { z } from 'zod';
import { defineRecord } from '../../state/record-kind.js';
import type { StateStore } from '../../state/store.js';

/** Slack redelivers within minutes; a day covers every retry and the app_mention + message twin. */
const CLAIM_MS = 24 * 3_600_000;
/** An event delivery handled, and when. */
const eventRecord = defineRecord({ namespace: 'slack:event', version: 1, schema: z.number(), ttlMs: CLAIM_MS });
/** A message that started a run, and when. */
const messageRecord = defineRecord({ namespace: 'slack:message', version: 1, schema: z.number(), ttlMs: CLAIM_MS });
/** A thread the bot holds a conversation in, kept as long as the agent keeps a thread's history. */
const botThreadRecord = defineRecord({
  namespace: 'slack:thread',
  version: 1,
  schema: z.object({ since: z.number() }),
  ttlMs: 30 * 24 * 3_600_000,
});

/**
 * Claims one event delivery by its `event_id`, which a redelivery keeps: the first
 * caller in any process wins, so a retried event starts its work once.
 */
export function claimEvent(store: StateStore, eventId: string): Promise<boolean> {
  return store.claim(eventRecord, eventId, Date.now());
}

/**
 * Claims one user message (channel + ts) for a run. The first caller in any process wins, so the
 * `app_mention` and `message` events of one message, and any redelivery, start one run only.
 */
export function claimMessage(store: StateStore, channel: string, ts: string): Promise<boolean> {
  return store.claim(messageRecord, `${channel}:${ts}`, Date.now());
}

/** Gives a message back, when nothing could be done with it, so a redelivery may try again. */
export async function releaseMessage(store: StateStore, channel: string, ts: string): Promise<void> {
  await store.delete(messageRecord, `${channel}:${ts}`);
}

/** Remembers that the bot holds a conversation in this thread: later messages there continue it. */
export async function markBotThread(store: StateStore, channel: string, threadTs: string): Promise<void> {
  await store.set(botThreadRecord, `${channel}:${threadTs}`, { since: Date.now() });
}

export async function isBotThread(store: StateStore, channel: string, threadTs: string): Promise<boolean> {
  return (await store.get(botThreadRecord, `${channel}:${threadTs}`)) !== undefined;
}
