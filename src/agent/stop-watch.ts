import type { Logger } from '../log.js';
import { pollStore } from '../state/poller.js';
import type { RunStore } from './run-store.js';

/** How often the process driving a run looks for a stop asked in another process. */
export const STOP_POLL_MS = 500;
/**
 * How often while the store does not answer: no stop can be recorded there meanwhile (a stop asked
 * in this process aborts at once), so these looks only notice that the store is back.
 */
export const STOP_POLL_AWAY_MS = 5_000;

export interface StopWatch {
  /** Aborted, with the StopRecord as its reason, once a stop is found. */
  controller: AbortController;
  /** The first look, made at once. */
  looked: Promise<void>;
  end(): void;
}

/**
 * Looks in the store for a stop of the run now and every STOP_POLL_MS; an outage is logged once each
 * way and looked at every STOP_POLL_AWAY_MS (pollStore), so it gives two lines per driven run.
 */
export function watchForStop(runs: Pick<RunStore, 'stopOf'>, runId: string, logger: Logger): StopWatch {
  const controller = new AbortController();
  const poller = pollStore(
    async () => {
      const record = await runs.stopOf(runId);
      if (record && !controller.signal.aborted) controller.abort(record);
    },
    { what: 'look for a stop of the run', everyMs: STOP_POLL_MS, awayMs: STOP_POLL_AWAY_MS, logger, fields: { runId } },
  );
  return { controller, looked: poller.looked, end: () => void poller.stop() };
}
