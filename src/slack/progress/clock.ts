import { setTimeout as sleep } from 'node:timers/promises';

/** The time edits and appends are paced by: the system's, or one a test drives. */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: async (ms) => {
    await sleep(ms);
  },
};
