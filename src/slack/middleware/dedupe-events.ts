import type { Middleware, AnyMiddlewareArgs } from '@slack/bolt';
import type { StateStore } from '../../state/store.js';

const SEEN_EVENT_TTL_MS = 24 * 60 * 60_000;

/**
 * Slack redelivers an event with the same `event_id` when it thinks the first delivery failed
 * (reference §1.6). Bolt acks events before middleware runs, so a delivery whose id was already
 * claimed, here or on another replica, is dropped quietly.
 */
export function dedupeEvents(store: StateStore): Middleware<AnyMiddlewareArgs> {
  return async ({ body, next }) => {
    const eventId = (body as { event_id?: unknown }).event_id;
    if (typeof eventId === 'string' && !(await store.claim('slack:event', eventId, Date.now(), SEEN_EVENT_TTL_MS))) return;
    await next();
  };
}
