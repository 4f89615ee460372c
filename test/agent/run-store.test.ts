import { describe, expect, it } from 'vitest';
import { RunStore } from '../../src/agent/run-store.js';
import { createMemoryStore } from '../../src/state/memory-store.js';

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
});
