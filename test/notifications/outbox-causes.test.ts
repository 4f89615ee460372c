import { afterEach, describe, expect, it } from 'vitest';
import { Outbox } from '../../src/notifications/outbox.js';
import { createMemoryStore } from '../../src/state/memory-store.js';
import { silentLogger } from '../../src/log.js';

type Kinds = { line: string; direct: string };

/** An outbox posting at once, and what it posted, as `channel kind payload`. */
function recordingOutbox() {
  const outbox = new Outbox<Kinds>({ store: createMemoryStore(), logger: silentLogger, intervalMs: 0 });
  const sent: string[] = [];
  for (const kind of ['line', 'direct'] as const) {
    outbox.register(kind, {
      send: async (entry) => {
        sent.push(`${entry.channel} ${kind} ${entry.payload}`);
      },
      merge: (waiting, newer) => `${waiting} + ${newer}`,
    });
  }
  return { outbox, sent };
}

describe('the outbox, given what caused an entry', () => {
  let outbox: Outbox<Kinds> | undefined;
  afterEach(() => outbox?.stop());

  it('enqueues a cause once per channel and kind: the same delivery handled twice posts once', async () => {
    const recording = recordingOutbox();
    outbox = recording.outbox;
    await outbox.enqueue('C1', { kind: 'line', payload: 'state → Done', cause: 'delivery-1' });
    await expect.poll(() => recording.sent, { timeout: 3_000, interval: 5 }).toEqual(['C1 line state → Done']);
    // Handled again, as after a stop before the delivery was marked handled: nothing new.
    await outbox.enqueue('C1', { kind: 'line', payload: 'state → Done', cause: 'delivery-1' });
    // Another channel, another kind and another cause are each their own.
    await outbox.enqueue('C2', { kind: 'line', payload: 'state → Done', cause: 'delivery-1' });
    await outbox.enqueue('C1', { kind: 'direct', payload: 'assigned to you', cause: 'delivery-1' });
    await outbox.enqueue('C1', { kind: 'line', payload: 'priority → high', cause: 'delivery-2' });
    await expect.poll(() => recording.sent.length, { timeout: 3_000, interval: 5 }).toBe(4);
    await outbox.pending().then((count) => expect(count).toBe(0));
    expect(recording.sent.sort()).toEqual([
      'C1 direct assigned to you',
      'C1 line priority → high',
      'C1 line state → Done',
      'C2 line state → Done',
    ]);
  });

  it('merges a cause into a waiting entry once', async () => {
    const recording = recordingOutbox();
    outbox = recording.outbox;
    const held = { mergeKey: 'ACME-1', delayMs: 300 };
    await outbox.enqueue('C1', { kind: 'line', payload: 'state → Done', cause: 'delivery-1', ...held });
    await outbox.enqueue('C1', { kind: 'line', payload: 'priority → high', cause: 'delivery-2', ...held });
    await outbox.enqueue('C1', { kind: 'line', payload: 'priority → high', cause: 'delivery-2', ...held });
    await expect.poll(() => recording.sent, { timeout: 3_000, interval: 5 }).toEqual(['C1 line state → Done + priority → high']);
  });

  it('enqueues every entry given no cause, as before', async () => {
    const recording = recordingOutbox();
    outbox = recording.outbox;
    await outbox.enqueue('C1', { kind: 'line', payload: 'hello' });
    await outbox.enqueue('C1', { kind: 'line', payload: 'hello' });
    await expect.poll(() => recording.sent, { timeout: 3_000, interval: 5 }).toEqual(['C1 line hello', 'C1 line hello']);
  });
});
