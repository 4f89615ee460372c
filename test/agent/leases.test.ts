import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { RecordKind } from '../../src/state/record-kind.js';
import type { StateStore } from '../../src/state/store.js';
import { createMemoryStore } from '../../src/state/memory-store.js';
import { textReply, toolReply } from '../fakes/anthropic/index.js';
import { eventually } from '../harness/bot.js';
import { captureLogger } from '../helpers/logs.js';
import { startBackend, type Backend, type BackendName } from './support/backends.js';
import { startHarness, type Harness } from './support/harness.js';
import { heldReply } from '../slack/conversations/support.js';

/**
 * Leases (docs/runs.md): one process drives a run at a time. These tests stall a driver past its
 * lease while another process takes the run over, and check that the stalled one never acts again.
 */

const LEASE_MS = 300;

let h: Harness | undefined;
let backend: Backend | undefined;
afterEach(async () => {
  await h?.close();
  await backend?.close();
  h = undefined;
  backend = undefined;
});

/**
 * The shared store as one process sees it, whose lease renewals can be held (the process stalls: its
 * timers and round trips do nothing) or made to fail (it cannot reach the store).
 */
function renewalsOf(store: StateStore): { store: StateStore; stall(): void; wake(): void; fail(): void } {
  let gate: Promise<void> | undefined;
  let open: () => void = () => undefined;
  let failing = false;
  return {
    // The store's other methods as they are (it is a class: its prototype holds them).
    store: Object.assign(Object.create(store) as StateStore, {
      async extend<T>(kind: RecordKind<T>, key: string, expected: T, ttlMs: number) {
        if (failing) throw new Error('the store is unreachable');
        await gate;
        return store.extend(kind, key, expected, ttlMs);
      },
    }),
    stall: () => void (gate = new Promise<void>((resolve) => (open = resolve))),
    wake: () => open(),
    fail: () => void (failing = true),
  };
}

describe.each<BackendName>(['memory', 'embedded', 'redis'])('a driver stalled past its lease, on the %s store', (name) => {
  it('stops once another process took the run over: no second model request, no tool call, no save, nothing shown', async () => {
    backend = await startBackend(name);
    const shared = await backend.open();
    const a = renewalsOf(shared);
    // A's first answer is held: A waits on the model, then stalls, and the answer comes after the stall.
    const held = heldReply(toolReply([{ name: 'lookup', input: { key: 'ACME-7' } }]));
    h = await startHarness({
      store: a.store,
      leaseMs: LEASE_MS,
      script: [held.step, toolReply([{ name: 'lookup', input: { key: 'ACME-1' } }]), textReply('Done by B.')],
    });
    const { runId } = await h.say('What is ACME-1 about?');
    await held.requested;
    a.stall();
    await sleep(LEASE_MS * 2);

    const b = await h.otherAgent({ store: await backend.open(), leaseMs: LEASE_MS });
    await eventually(async () => (await b.agent.resumeSaved()) === 1, 10_000, 'B to take the run over');
    await b.agent.idle();
    expect(b.ui.result()).toMatchObject({ runId, answer: 'Done by B.', iterations: 2, toolCalls: 1 });

    held.release();
    a.wake();
    await h.agent.idle();
    // A had the answer to its one request, and did nothing with it.
    expect(h.api.requests).toHaveLength(3);
    expect(h.toolLog.calls).toEqual([{ name: 'lookup', input: { key: 'ACME-1' } }]);
    expect(h.ui.events.filter((event) => event.type !== 'plan')).toEqual([]);
    // The thread holds B's turns only: the next message sees them, and nothing of A's.
    h.api.script(textReply('Hello again.'));
    await b.agent.submit(h.message('And now?'));
    await b.agent.idle();
    const history = JSON.stringify(h.api.requests[3]!.body.messages);
    expect(history).toContain('ACME-1: Fix the login page');
    expect(history).not.toContain('ACME-7');
  });
});

describe('a driver that cannot renew its lease', () => {
  it('says so, and once a whole lease went by unconfirmed, acts on nothing more', async () => {
    const shared = createMemoryStore();
    const a = renewalsOf(shared);
    const { logger, lines } = captureLogger('warn');
    const held = heldReply(toolReply([{ name: 'lookup', input: { key: 'ACME-7' } }]));
    h = await startHarness({ store: a.store, leaseMs: LEASE_MS, logger, script: [held.step, textReply('Done by B.')] });
    const { runId } = await h.say('What is ACME-7 about?');
    await held.requested;
    a.fail();
    await eventually(
      () => lines.some((line) => line.msg === 'run lease lost: this process stops driving the run'),
      10_000,
      'A to give the lease up',
    );
    expect(lines.filter((line) => line.msg === 'could not renew the run lease; trying again').length).toBeGreaterThanOrEqual(1);
    expect(lines.find((line) => line.msg === 'run lease lost: this process stops driving the run')).toMatchObject({ runId });

    // Its answer arrives: the lookup is not run, and the run is left to whoever claims it next.
    held.release();
    await h.agent.idle();
    expect(h.toolLog.calls).toEqual([]);
    expect(h.ui.events.filter((event) => event.type !== 'plan')).toEqual([]);
    expect(lines.some((line) => line.msg === 'run left to the process that holds its lease now' && line.runId === runId)).toBe(true);
    const b = await h.otherAgent({ store: shared, leaseMs: LEASE_MS });
    await eventually(async () => (await b.agent.resumeSaved()) === 1, 10_000, 'B to take the run over');
    await b.agent.idle();
    expect(b.ui.result()).toMatchObject({ runId, answer: 'Done by B.' });
  });
});
