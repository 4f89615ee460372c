import type { StateStore } from '../../state/store.js';

const EVENTS = 'slack:event';
const MESSAGES = 'slack:message';
const THREADS = 'slack:thread';
/** Slack redelivers within minutes; a day covers every retry and the app_mention + message twin. */
const CLAIM_MS = 24 * 3_600_000;
/** As long as the agent keeps a thread's history. */
const THREAD_MS = 30 * 24 * 3_600_000;

/**
 * Claims one event delivery by its `event_id`, which a redelivery keeps: the first
 * caller in any process wins, so a retried event starts its work once.
 */
export function claimEvent(store: StateStore, eventId: string): Promise<boolean> {
  return store.claim(EVENTS, eventId, Date.now(), CLAIM_MS);
}

/**
 * Claims one user message (channel + ts) for a run. The first caller in any process wins, so the
 * `app_mention` and `message` events of one message, and any redelivery, start one run only.
 */
export function claimMessage(store: StateStore, channel: string, ts: string): Promise<boolean> {
  return store.claim(MESSAGES, `${channel}:${ts}`, Date.now(), CLAIM_MS);
}

/** Gives a message back, when nothing could be done with it, so a redelivery may try again. */
export async function releaseMessage(store: StateStore, channel: string, ts: string): Promise<void> {
  await store.delete(MESSAGES, `${channel}:${ts}`);
}

/** Remembers that the bot holds a conversation in this thread: later messages there continue it. */
export async function markBotThread(store: StateStore, channel: string, threadTs: string): Promise<void> {
  await store.set(THREADS, `${channel}:${threadTs}`, { since: Date.now() }, THREAD_MS);
}

export async function isBotThread(store: StateStore, channel: string, threadTs: string): Promise<boolean> {
  return (await store.get(THREADS, `${channel}:${threadTs}`)) !== undefined;
}
