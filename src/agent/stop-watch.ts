import type { Logger } from '../log.js';
import type { RunStore, StopRecord } from './run-store.js';

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
 * Looks in the store for a stop of the run now and every STOP_POLL_MS, one look at a time. A store
 * that stops answering is logged once, looked at every STOP_POLL_AWAY_MS, and its return logged once:
 * an outage gives two lines per driven run, not two a second.
 */
export function watchForStop(runs: Pick<RunStore, 'stopOf'>, runId: string, logger: Logger): StopWatch {
  const controller = new AbortController();
  let away = false;
  let ended = false;
  let timer: NodeJS.Timeout | undefined;
  const look = async (): Promise<void> => {
    let record: StopRecord | undefined;
    try {
      record = await runs.stopOf(runId);
    } catch (error) {
      if (!away) logger.warn({ err: error, runId }, `could not look for a stop of the run; looking every ${STOP_POLL_AWAY_MS / 1000} s until the store answers`);
      away = true;
      return;
    }
    if (away) logger.info({ runId }, 'the store answers again: looking for a stop of the run as usual');
    away = false;
    if (record && !controller.signal.aborted) controller.abort(record);
  };
  const next = (): void => {
    if (ended) return;
    timer = setTimeout(() => void look().then(next), away ? STOP_POLL_AWAY_MS : STOP_POLL_MS);
    timer.unref();
  };
  const looked = look();
  void looked.then(next);
  return {
    controller,
    looked,
    end: () => {
      ended = true;
      clearTimeout(timer);
    },
  };
}
