import { afterEach, describe, expect, it } from 'vitest';
import { Outbox, type LateInputs, type OutboxEntry } from '../../src/notifications/outbox.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { createMemoryStore } from '../../src/state/memory-store.js';
import type { StateStore } from '../../src/state/store.js';
import { silentLogger } from '../../src/log.js';

type Kinds = { line: string };

/**
 * One input that came before the entry and is handled right after the drain has looked at it: the
 * moment a drain that read "still waiting" has not yet gone to sleep.
 */
function handledWhileTheDrainLooks(receivedAt: number): LateInputs {
  let pending: number | undefined = receivedAt;
  const wakes: (() => void)[] = [];
  return {
    oldest() {
      const seen = pending;
      if (seen !== undefined) {
        setImmediate(() => {
          pending = undefined;
          for (const wake of wakes) wake();
        });
      }
      return seen;
    },
    onHandled: (wake) => wakes.push(wake),
  };
}

/** A store a few milliseconds away, as a real one is: each call waits 2 ms before it is made, or `delay` says how long. */
function distantStore(delay: (method: string, args: unknown[]) => number | undefined = () => undefined): StateStore {
  const store = createMemoryStore();
  return new Proxy(store, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        await sleep(delay(String(name), args) ?? 2);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

describe('the outbox', () => {
  let outbox: Outbox<Kinds> | undefined;
  afterEach(() => outbox?.stop());

  it('sends an entry held for an input as soon as it is handled, though the drain was not asleep yet', async () => {
    const receivedAt = Date.now();
    outbox = new Outbox<Kinds>({
      store: distantStore(),
      logger: silentLogger,
      intervalMs: 0,
      lateInputs: handledWhileTheDrainLooks(receivedAt),
    });
    const sent: number[] = [];
    outbox.register('line', {
      send: async (_entry: OutboxEntry<string>) => {
        sent.push(Date.now());
      },
      merge: (waiting, newer) => `${waiting} + ${newer}`,
    });
    const start = Date.now();
    await outbox.enqueue('C1', { kind: 'line', payload: 'state → Done', mergeKey: 'ACME-1', at: receivedAt });
    await expect.poll(() => sent.length, { timeout: 3_000, interval: 5 }).toBe(1);
    // Not at the drain's next look of its own, a second later.
    expect(sent[0]! - start).toBeLessThan(500);
  });

  it('sends an entry enqueued while its channel’s drain is letting the channel go, without waiting for a sweep', async () => {
    // The drain found its queue empty and is giving its lease back (slowly here) when the next entry comes.
    let releasing = false;
    const store = distantStore((method, args) => {
      if (method !== 'release' || (args[0] as { namespace?: string }).namespace !== 'outbox:leases') return undefined;
      releasing = true;
      return 300;
    });
    outbox = new Outbox<Kinds>({ store, logger: silentLogger, intervalMs: 0 });
    const sent: number[] = [];
    outbox.register('line', {
      send: async () => {
        sent.push(Date.now());
      },
    });
    await outbox.enqueue('C1', { kind: 'line', payload: 'first' });
    await expect.poll(() => sent.length, { timeout: 3_000, interval: 1 }).toBe(1);
    await expect.poll(() => releasing, { timeout: 3_000, interval: 1 }).toBe(true);
    const start = Date.now();
    await outbox.enqueue('C1', { kind: 'line', payload: 'second' });
    // No sweep runs here (the outbox was not started): only the drain can send it.
    await expect.poll(() => sent.length, { timeout: 3_000, interval: 1 }).toBe(2);
    expect(sent[1]! - start).toBeLessThan(500);
  });
});
