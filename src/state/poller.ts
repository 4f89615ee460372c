import type { Logger } from '../log.js';
import { isStateUnavailable } from './store.js';

export interface StorePollerOptions {
  /** What each look does, as a verb phrase ("look for orphaned runs"): the log lines name the poller by it. */
  what: string;
  everyMs: number;
  /**
   * How often while the store does not answer (default `everyMs`). Slower only where nothing can be
   * missed meanwhile: a poller that must act as soon as the store is back keeps its pace.
   */
  awayMs?: number;
  /** False to make the first look after `everyMs` rather than at once. */
  atOnce?: boolean;
  logger: Logger;
  /** More fields for the poller's lines (e.g. the run it watches). */
  fields?: Record<string, unknown>;
}

export interface StorePoller {
  /** The first look, made at once (resolved at once without `atOnce`). */
  looked: Promise<void>;
  /** No look after this one; resolves once a look under way has ended. */
  stop(): Promise<void>;
}

/**
 * Runs `look` now (unless `atOnce` is false) and then every `everyMs`, one look at a time (chained,
 * so a store that hangs does not pile looks up). A store that stops answering is logged once, looked
 * at every `awayMs`, and its return logged once: an outage gives two lines per poller, not one per
 * look. Any other failure is logged each time, since it will not go away by itself.
 */
export function pollStore(look: () => Promise<unknown>, options: StorePollerOptions): StorePoller {
  const { what, everyMs, awayMs = everyMs, atOnce = true, logger } = options;
  const fields = { ...options.fields, poller: what };
  let awaySince: number | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current = Promise.resolve();
  const once = async (): Promise<void> => {
    try {
      await look();
    } catch (error) {
      if (!isStateUnavailable(error)) {
        logger.warn({ ...fields, err: error }, `could not ${what}`);
      } else if (awaySince === undefined) {
        awaySince = Date.now();
        logger.warn(
          { ...fields, err: error },
          `could not ${what}: the store does not answer; trying every ${awayMs / 1000} s until it does`,
        );
      }
      return;
    }
    if (awaySince !== undefined) logger.info({ ...fields, awayMs: Date.now() - awaySince }, `the store answers again: able to ${what}`);
    awaySince = undefined;
  };
  const next = (): void => {
    if (stopped) return;
    timer = setTimeout(
      () => {
        current = once();
        void current.then(next);
      },
      awaySince === undefined ? everyMs : awayMs,
    );
    timer.unref();
  };
  if (atOnce) current = once();
  const looked = current;
  void looked.then(next);
  return {
    looked,
    stop: () => {
      stopped = true;
      clearTimeout(timer);
      return current;
    },
  };
}
