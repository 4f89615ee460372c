import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';

/**
 * Bolt acks an event before any middleware runs, so the event's work starts here: it waits its turn
 * behind the acks still to be sent (ack-first.ts), as a command's work does after its ack().
 */
export function eventsAfterAcks(afterAck: () => Promise<void>): Middleware<AnyMiddlewareArgs> {
  return async ({ body, next }) => {
    if ((body as { type?: unknown }).type === 'event_callback') await afterAck();
    await next();
  };
}
