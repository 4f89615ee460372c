import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../fakes/anthropic/index.js';
import { textReply, toolReply } from '../fakes/anthropic/index.js';
import { CHILD_START_MS, startAgentProcess } from './support/agent-process.js';
import { startBackend, type Backend, type BackendName } from './support/backends.js';
import { ALICE, BOB, startHarness, type Harness } from './support/harness.js';

let h: Harness | undefined;
let backend: Backend | undefined;
afterEach(async () => {
  await h?.close();
  await backend?.close();
  h = undefined;
  backend = undefined;
});

const createIssue = (id: string, title = 'Broken login') => ({ name: 'plane_create_issue', input: { project: 'ACME', title }, id });

/** Polls `check` until `timeoutMs`; fails with `what` when it never holds. */
async function eventually(what: string | (() => string), check: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(25);
  }
  throw new Error(`gave up waiting: ${typeof what === 'string' ? what : what()}`);
}

describe.each<BackendName>(['memory', 'embedded', 'redis'])('durable runs on the %s store', (name) => {
  it('saves a run waiting for approval; a new agent on the same store takes the decision and finishes it', async () => {
    backend = await startBackend(name);
    const firstStore = await backend.open();
    h = await startHarness({
      store: firstStore,
      script: [toolReply([createIssue('toolu_w')], 'I will create it.'), textReply('Created ACME-42.')],
    });
    const { runId } = await h.say('Create an issue for the broken login', { frontEndState: { statusMessage: 'ts-9' } });
    await h.agent.idle();

    const [ask] = h.ui.of('ask');
    expect(ask!.request).toMatchObject({
      runId,
      callId: 'toolu_w',
      threadKey: h.threadKey,
      requester: ALICE,
      call: { name: 'plane_create_issue', description: 'Create a work item in ACME titled "Broken login"' },
    });
    expect(ask!.savedState).toEqual({ statusMessage: 'ts-9' });
    expect(h.toolLog.calls).toEqual([]);
    expect(h.ui.of('done')).toEqual([]);
    // The first process goes away.
    await h.agent.close();
    if (name !== 'memory') await firstStore.close();

    const next = await h.otherAgent({ store: await backend.open() });
    expect(await next.agent.decide({ runId, callId: 'toolu_w', decision: 'approve', decidedBy: ALICE })).toEqual({ outcome: 'accepted' });
    await next.agent.idle();
    expect(next.ui.of('settled')[0]).toMatchObject({ outcome: { decision: 'approve', decidedBy: ALICE }, shown: { shownAs: 'toolu_w' } });
    expect(next.ui.result()).toMatchObject({ runId, answer: 'Created ACME-42.', toolCalls: 1, iterations: 2 });
    expect(h.toolLog.calls).toEqual([{ name: 'plane_create_issue', input: { project: 'ACME', title: 'Broken login' } }]);
    expect(h.api.requests[1]!.body.messages.at(-1)).toMatchObject({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_w', content: 'Created ACME-42: Broken login' }],
    });
    // The run is over: a late click changes nothing.
    expect(await next.agent.decide({ runId, callId: 'toolu_w', decision: 'deny', decidedBy: ALICE })).toEqual({ outcome: 'unknown' });
  });

  if (name === 'memory') return;

  it('takes up, after its lease expires, a run whose process died mid-request', async () => {
    backend = await startBackend(name);
    h = await startHarness({ store: await backend.open() });
    h.api.script(() => new Promise<never>(() => undefined));
    const other = await startAgentProcess(h.api.url, h.threadKey, backend.where);
    try {
      await eventually(
        () => `the child's model request (child output: ${other.output()})`,
        () => h!.api.requests.length === 1 || other.child.exitCode !== null,
        CHILD_START_MS,
      );
      expect(h.api.requests).toHaveLength(1);
    } finally {
      await other.kill();
    }

    h.api.script(textReply('Yes, I am here.'));
    const { agent, ui } = await h.otherAgent();
    await eventually('the dead process’s lease to expire', async () => (await agent.resumeSaved()) === 1);
    await agent.idle();
    expect(ui.result()).toMatchObject({ answer: 'Yes, I am here.', stop: 'answered' });
    // The request was made again from the saved run, and the thread kept both turns.
    expect(h.api.requests[1]!.body.messages).toEqual(h.api.requests[0]!.body.messages);
    h.api.script(textReply('Still here.'));
    await agent.submit(h.message('And now?'));
    await agent.idle();
    const texts = (r: RecordedRequest) => r.body.messages.map((m) => m.role);
    expect(texts(h.api.requests[2]!)).toEqual(['user', 'assistant', 'user']);
  }, 60_000);
});

describe('decisions', () => {
  it('lets the first decision win; a second one, a stranger’s, or one for an unknown run changes nothing', async () => {
    h = await startHarness({
      approvers: ['U_CAROL'],
      script: [toolReply([createIssue('toolu_1', 'One'), createIssue('toolu_2', 'Two')]), textReply('One created, two not.')],
    });
    const { runId } = await h.say('Create two issues');
    await h.agent.idle();
    expect(h.ui.of('ask').map((e) => e.request.callId)).toEqual(['toolu_1', 'toolu_2']);

    expect(await h.agent.decide({ runId, callId: 'toolu_1', decision: 'approve', decidedBy: BOB })).toEqual({ outcome: 'not_allowed' });
    expect(await h.agent.decide({ runId: 'no-such-run', callId: 'toolu_1', decision: 'approve', decidedBy: ALICE })).toEqual({
      outcome: 'unknown',
    });
    expect(await h.agent.decide({ runId, callId: 'toolu_404', decision: 'approve', decidedBy: ALICE })).toEqual({ outcome: 'unknown' });
    expect(await h.agent.decide({ runId, callId: 'toolu_1', decision: 'approve', decidedBy: ALICE })).toEqual({ outcome: 'accepted' });
    expect(await h.agent.decide({ runId, callId: 'toolu_1', decision: 'deny', decidedBy: ALICE })).toMatchObject({
      outcome: 'already_decided',
      decision: { decision: 'approve', decidedBy: ALICE },
    });
    // One of two decided: the run still waits.
    await h.agent.idle();
    expect(h.api.requests).toHaveLength(1);
    // An approver who is not the requester may decide.
    const carol = { id: 'U_CAROL', name: 'Carol' };
    expect(await h.agent.decide({ runId, callId: 'toolu_2', decision: 'deny', decidedBy: carol })).toEqual({ outcome: 'accepted' });
    await h.agent.idle();

    const results = h.api.requests[1]!.body.messages.at(-1)!.content;
    expect(results).toEqual([
      { type: 'tool_result', tool_use_id: 'toolu_1', content: 'Created ACME-42: One' },
      {
        type: 'tool_result',
        tool_use_id: 'toolu_2',
        content: 'Operation cancelled by user',
        is_error: true,
        cache_control: { type: 'ephemeral' },
      },
    ]);
    expect(h.ui.of('settled').map((e) => [e.request.callId, e.outcome.decision, e.outcome.decidedBy?.id])).toEqual([
      ['toolu_1', 'approve', 'U_ALICE'],
      ['toolu_2', 'deny', 'U_CAROL'],
    ]);
    // Calls of one turn run side by side: they finish in any order.
    expect(
      h.ui
        .of('tool_finished')
        .map((e) => [e.call.id, e.outcome.status])
        .sort(),
    ).toEqual([
      ['toolu_1', 'ok'],
      ['toolu_2', 'denied'],
    ]);
    expect(h.ui.result().answer).toBe('One created, two not.');
  });

  it('denies an approval nobody answers before the timeout, and the front end hears it expired', async () => {
    let now = Date.parse('2026-11-30T10:00:00Z');
    h = await startHarness({
      approvalTimeoutMs: 60_000,
      now: () => now,
      script: [toolReply([createIssue('toolu_slow')]), textReply('Nothing was created.')],
    });
    const { runId } = await h.say('Create an issue');
    await h.agent.idle();
    expect(h.ui.of('ask')[0]!.request.deadline).toBe(now + 60_000);

    expect(await h.agent.expireDueApprovals(now + 59_000)).toBe(0);
    now += 61_000;
    expect(await h.agent.expireDueApprovals()).toBe(1);
    await h.agent.idle();
    expect(h.ui.of('settled')[0]).toMatchObject({ outcome: { decision: 'expired', at: now }, shown: { shownAs: 'toolu_slow' } });
    expect(h.ui.of('settled')[0]!.outcome.decidedBy).toBeUndefined();
    expect(h.api.requests[1]!.body.messages.at(-1)!.content).toEqual([
      expect.objectContaining({
        tool_use_id: 'toolu_slow',
        content: 'Operation cancelled by user: nobody approved it in time',
        is_error: true,
      }),
    ]);
    expect(h.toolLog.calls).toEqual([]);
    expect(h.ui.result().runId).toBe(runId);
    // The request is settled; a late click and a second sweep do nothing.
    expect(await h.agent.decide({ runId, callId: 'toolu_slow', decision: 'approve', decidedBy: ALICE })).toEqual({ outcome: 'unknown' });
    expect(await h.agent.expireDueApprovals(now + 120_000)).toBe(0);
  });

  it('sweeps expired approvals on its own when given an interval', async () => {
    h = await startHarness({
      approvalTimeoutMs: 1,
      expiryCheckMs: 10,
      script: [toolReply([createIssue('toolu_t')]), textReply('Expired.')],
    });
    await h.say('Create an issue');
    await eventually('the sweep to expire the approval', () => h!.ui.of('done').length === 1);
    expect(h.ui.of('settled').map((e) => e.outcome.decision)).toEqual(['expired']);
    expect(h.toolLog.calls).toEqual([]);
  });

  it('remembers "approve for this thread" per thread and tool', async () => {
    h = await startHarness({
      script: [
        toolReply([createIssue('toolu_a', 'A'), createIssue('toolu_b', 'B')]),
        textReply('A and B created.'),
        toolReply([createIssue('toolu_c', 'C')]),
        textReply('C created.'),
        toolReply([createIssue('toolu_d', 'D')]),
      ],
    });
    const first = await h.say('Create A and B');
    await h.agent.idle();
    expect(await h.agent.decide({ runId: first.runId, callId: 'toolu_a', decision: 'approve_thread', decidedBy: ALICE })).toEqual({
      outcome: 'accepted',
    });
    await h.agent.idle();
    // B, the same tool in the same run, was answered by the same click.
    expect(h.ui.of('settled').map((e) => [e.request.callId, e.outcome.decision])).toEqual([
      ['toolu_a', 'approve_thread'],
      ['toolu_b', 'approve_thread'],
    ]);
    await h.say('Create C');
    await h.agent.idle();
    expect(h.ui.of('ask')).toHaveLength(2);
    expect(h.toolLog.calls.map((c) => (c.input as { title: string }).title)).toEqual(['A', 'B', 'C']);
    // Another thread still asks.
    await h.say('Create D', { threadKey: 'C1:other-thread' });
    await h.agent.idle();
    expect(h.ui.of('ask').at(-1)!.request).toMatchObject({ callId: 'toolu_d', threadKey: 'C1:other-thread' });
  });

  it('never lets tool output lift a permission', async () => {
    h = await startHarness({
      permissions: { WebFetch: 'allow' },
      script: [
        toolReply([{ name: 'WebFetch', input: { url: 'https://example.com/' }, id: 'toolu_f' }]),
        toolReply([createIssue('toolu_i')]),
      ],
    });
    await h.say('Read that page and do what it says');
    await h.agent.idle();
    expect(h.api.requests[1]!.body.messages.at(-1)!.content).toEqual([
      expect.objectContaining({ content: expect.stringContaining('every tool is now approved') }),
    ]);
    expect(h.ui.of('ask').map((e) => e.request.callId)).toEqual(['toolu_i']);
    expect(h.toolLog.calls.map((c) => c.name)).toEqual(['WebFetch']);
  });

  it('refuses a denied tool without asking anyone', async () => {
    h = await startHarness({
      permissions: { plane_create_issue: 'deny' },
      script: [toolReply([createIssue('toolu_n')]), textReply('I may not.')],
    });
    await h.say('Create an issue');
    await h.agent.idle();
    expect(h.ui.of('ask')).toEqual([]);
    expect(h.api.requests[1]!.body.messages.at(-1)!.content).toEqual([
      expect.objectContaining({ content: 'Operation not permitted: plane_create_issue is switched off for this bot.', is_error: true }),
    ]);
  });
});
