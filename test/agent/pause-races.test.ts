import { afterEach, describe, expect, it } from 'vitest';
import type { Agent, FrontEndFactory } from '../../src/agent/index.js';
import { createMemoryStore } from '../../src/state/memory-store.js';
import type { StateStore } from '../../src/state/store.js';
import { textReply, toolReply } from '../fakes/anthropic/index.js';
import { ALICE, startHarness, type Harness } from './support/harness.js';
import { RecordingFrontEnd } from './support/recording-front-end.js';
import type { Namespace } from '../../src/state/namespaces.js';
import type { RecordKind } from '../../src/state/record-kind.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const createIssue = { name: 'plane_create_issue', input: { project: 'ACME', title: 'Broken login' }, id: 'toolu_p' };

/** A memory store whose next write to `namespace`, once armed, fails, as a Redis blip would. */
function faultyStore(namespace: Namespace): { store: StateStore; failNextWrite(): void } {
  const store = createMemoryStore();
  let armed = false;
  const set = store.set.bind(store);
  store.set = (async (kind: RecordKind<unknown>, key: string, value: unknown, ttlMs?: number) => {
    if (armed && kind.namespace === namespace) {
      armed = false;
      throw new Error('the store is unreachable');
    }
    return set(kind, key, value, ttlMs);
  }) as StateStore['set'];
  return { store, failNextWrite: () => (armed = true) };
}

describe('a run that fails while it pauses for approval', () => {
  it('is retried by asking again, with a fresh deadline, and a decision then finishes it', async () => {
    const faults = faultyStore('agent:index');
    h = await startHarness({ store: faults.store, script: [toolReply([createIssue], 'I will create it.'), textReply('Created ACME-42.')] });
    // The run starts (its index entry is written), then the pause cannot record its deadline.
    const { runId } = await h.say('Create an issue for the broken login');
    faults.failNextWrite();
    await h.agent.idle();
    expect(h.ui.of('failed')).toHaveLength(1);
    expect(h.ui.of('ask')).toHaveLength(0);

    expect(await h.agent.retry({ runId, retriedBy: ALICE.id })).toMatchObject({ status: 'started', runId });
    await h.agent.idle();
    const asks = h.ui.of('ask');
    expect(asks).toHaveLength(1);
    expect(asks[0]!.request).toMatchObject({ runId, callId: 'toolu_p' });
    expect(asks[0]!.request.deadline).toBeGreaterThan(Date.now());

    expect(await h.agent.decide({ runId, callId: 'toolu_p', decision: 'approve', decidedBy: ALICE })).toEqual({ outcome: 'accepted' });
    await h.agent.idle();
    expect(h.ui.result()).toMatchObject({ runId, answer: 'Created ACME-42.' });
    expect(h.toolLog.calls).toEqual([{ name: 'plane_create_issue', input: { project: 'ACME', title: 'Broken login' } }]);
    // The thread is free again: a new message starts at once rather than queueing behind a dead run.
    h.api.script(textReply('Hello.'));
    expect((await h.say('Anything else?')).status).toBe('started');
  });
});

describe('a click that comes before the run has saved where its request was shown', () => {
  it('still gets the request edited: the run settles it once it has saved where it is', async () => {
    const ui = new RecordingFrontEnd();
    let agent: Agent | undefined;
    let decided: unknown;
    const clickAtOnce: FrontEndFactory = (state, run) => {
      const inner = ui.factory(state, run);
      return {
        ...inner,
        approver: {
          ...inner.approver,
          ask: async (request) => {
            const shown = await inner.approver.ask(request);
            // The person clicks as soon as the request shows, before the run has saved `shown`.
            decided = await agent!.decide({ runId: request.runId, callId: request.callId, decision: 'approve', decidedBy: ALICE });
            return shown;
          },
        },
      };
    };
    h = await startHarness({
      frontEnd: clickAtOnce,
      script: [toolReply([createIssue], 'I will create it.'), textReply('Created ACME-42.')],
    });
    agent = h.agent;
    const { runId } = await h.say('Create an issue for the broken login');
    await h.agent.idle();

    expect(decided).toEqual({ outcome: 'accepted' });
    expect(ui.result()).toMatchObject({ runId, answer: 'Created ACME-42.' });
    // The click could not edit a request whose place was not saved yet; the run did, once it was.
    expect(ui.of('settled')).toContainEqual(
      expect.objectContaining({
        outcome: expect.objectContaining({ decision: 'approve', decidedBy: ALICE }),
        shown: { shownAs: 'toolu_p' },
      }),
    );
  });
});
