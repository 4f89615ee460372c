import { randomBytes, randomInt } from 'node:crypto';

/**
 * Message timestamps as Slack writes them ("seconds.micros"). A ts is a message's id within a
 * channel, so the clock never hands out the same value twice, even within one millisecond.
 */
export class TsClock {
  private lastMicros = 0;

  next(): string {
    this.lastMicros = Math.max(Date.now() * 1000, this.lastMicros + 1);
    const seconds = Math.floor(this.lastMicros / 1e6);
    const micros = this.lastMicros % 1e6;
    return `${seconds}.${String(micros).padStart(6, '0')}`;
  }
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function randomId(prefix: string, length: number): string {
  let id = prefix;
  for (let i = 0; i < length; i += 1) id += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return id;
}

export const newEventId = (): string => randomId('Ev', 10);
export const newBlockId = (): string => randomId('', 5);

/** Shaped like Slack's: two numbers and a hex digest. */
export function newTriggerId(): string {
  return `${randomInt(1e9, 1e10)}.${randomInt(1e9, 1e10)}.${randomBytes(16).toString('hex')}`;
}

export const newSecretPath = (): string => randomBytes(12).toString('hex');
