import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';

/**
 * Bolt acks a request before its listeners finish, so a graceful stop must wait for the work that
 * follows the ack (a command's reply, a run's status message). Registered first, it sees every
 * request, duplicates included.
 */
export function trackWork(): { middleware: Middleware<AnyMiddlewareArgs>; idle(): Promise<void> } {
  const busy = new Set<Promise<void>>();
  return {
    middleware: async ({ next }) => {
      const work = next();
      busy.add(work);
      try {
        await work;
      } finally {
        busy.delete(work);
      }
    },
    async idle() {
      while (busy.size > 0) await Promise.allSettled([...busy]);
    },
  };
}
