import { describe, expect, it } from 'vitest';
import { RunStore } from '../../src/agent/run-store.js';
import { newRun } from '../../src/agent/run.js';
import { createMemoryStore } from '../../src/state/memory-store.js';
import { ALICE } from './support/harness.js';

describe('RunStore leases', () => {
  it('releases a lease only for the process holding it, so a lapsed holder cannot free the next one', async () => {
    const runs = new RunStore(createMemoryStore(), 50);
    expect(await runs.claimLease('run-1', 'process-a')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 80)); // A's lease lapses
    expect(await runs.claimLease('run-1', 'process-b')).toBe(true);

    await runs.releaseLease('run-1', 'process-a'); // A, late, lets go of what it no longer holds
    expect(await runs.claimLease('run-1', 'process-c')).toBe(false);

    await runs.releaseLease('run-1', 'process-b');
    expect(await runs.claimLease('run-1', 'process-c')).toBe(true);
  });

  it('renews and saves only for the holder: a holder whose lease lapsed and was taken over can do neither', async () => {
    const runs = new RunStore(createMemoryStore(), 150);
    const run = newRun({
      id: 'run-1',
      threadKey: 'C1:1',
      message: { requester: ALICE, text: 'hi', context: { filesDir: '/tmp/planebot-test' } },
      history: [],
      userTurn: { role: 'user', content: 'hi' },
      maxTokens: 1024,
      now: 0,
    });
    await runs.saveUnleased(run);
    expect(await runs.claimLease('run-1', 'lease-a')).toBe(true);
    expect(await runs.save({ ...run, iterations: 1 }, 'lease-a')).toBe(true);
    expect(await runs.renewLease('run-1', 'lease-a')).toBe(true);
    expect(await runs.renewLease('run-1', 'lease-b')).toBe(false);
    expect(await runs.save({ ...run, iterations: 7 }, 'lease-b')).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 200)); // A stalls; its lease lapses
    expect(await runs.claimLease('run-1', 'lease-b')).toBe(true);

    // A wakes up: its renewal does not take the lease back, and its turn does not overwrite B's.
    expect(await runs.save({ ...run, iterations: 2 }, 'lease-b')).toBe(true);
    expect(await runs.renewLease('run-1', 'lease-a')).toBe(false);
    expect(await runs.save({ ...run, iterations: 9 }, 'lease-a')).toBe(false);
    expect((await runs.get('run-1'))?.iterations).toBe(2);
    expect(await runs.renewLease('run-1', 'lease-b')).toBe(true);
  });
});
