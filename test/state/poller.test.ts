import { describe, expect, it } from 'vitest';
import { pollStore } from '../../src/state/poller.js';
import { StateUnavailableError } from '../../src/state/store.js';
import { eventually } from '../harness/bot.js';
import { captureLogger } from '../helpers/logs.js';

describe('pollStore', () => {
  it('logs an outage once each way, with how long it lasted, but a failure of another kind at every look', async () => {
    const { logger, lines } = captureLogger();
    // What each look meets, in turn: three looks at a store that does not answer, one that works,
    // two failures of another kind, then looks that work.
    const script = ['away', 'away', 'away', 'ok', 'bug', 'bug'];
    let looks = 0;
    const poller = pollStore(
      async () => {
        const step = script[looks++] ?? 'ok';
        if (step === 'away') throw new StateUnavailableError('Redis is not connected (reconnecting)');
        if (step === 'bug') throw new Error('unexpected reply');
      },
      { what: 'look for test entries', everyMs: 5, awayMs: 20, logger, fields: { channel: 'C1' } },
    );
    await poller.looked;
    expect(looks).toBe(1);
    await eventually(() => looks > script.length + 1, 5_000, 'the looks after the script');
    await poller.stop();
    const after = looks;

    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [40, 'could not look for test entries: the store does not answer; trying every 0.02 s until it does'],
      [30, 'the store answers again: able to look for test entries'],
      [40, 'could not look for test entries'],
      [40, 'could not look for test entries'],
    ]);
    expect(lines.every((l) => l.poller === 'look for test entries' && l.channel === 'C1')).toBe(true);
    expect(lines[0]!.err).toMatchObject({ message: 'the state store is unreachable: Redis is not connected (reconnecting)' });
    // Two waits of awayMs at least between the first failed look and the one that worked.
    expect(lines[1]!.awayMs).toBeGreaterThanOrEqual(40);
    expect(lines[2]!.err).toMatchObject({ message: 'unexpected reply' });

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(looks).toBe(after);
  });

  it('without atOnce, makes its first look after everyMs', async () => {
    let looks = 0;
    const { logger } = captureLogger();
    const poller = pollStore(async () => void looks++, { what: 'count', everyMs: 30, atOnce: false, logger });
    await poller.looked;
    expect(looks).toBe(0);
    await eventually(() => looks === 1, 5_000, 'the first look');
    await poller.stop();
  });
});
