import { setImmediate } from 'node:timers/promises';
import type { Clock } from '../../src/slack/progress/clock.js';

/**
 * A clock that only its sleeps move: a sleep ends as soon as the I/O waiting to run has run, with the
 * time moved to its end. What is paced by it is then spaced exactly as the code asked, however late a
 * loaded machine runs its timers; meant for one sleeper at a time.
 */
export function steppingClock(start = Date.now()): Clock {
  let time = start;
  return {
    now: () => time,
    async sleep(ms) {
      time += ms;
      await setImmediate();
    },
  };
}
