import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { afterEach, describe, expect, it } from 'vitest';
import { defineTool, READS_ONLY, ToolRegistry } from '../../src/tools/registry.js';
import { textReply, toolReply } from '../fakes/anthropic/index.js';
import { ALICE, BOB, startHarness, type Harness } from './support/harness.js';
import { testRegistry } from './support/tools.js';
import { peek } from '../helpers/peek.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const CAROL = { id: 'U_CAROL', name: 'Carol' };
const createIssue = (id: string, title = 'Broken login') => ({ name: 'plane_create_issue', input: { project: 'ACME', title }, id });
const fetchPage = (id: string) => ({ name: 'WebFetch', input: { url: 'https://example.com/' }, id });

async function eventually(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 400; attempt++) {
    if (await check()) return;
    await sleep(25);
  }
  throw new Error(`gave up waiting: ${what}`);
}

/** A model request the fake holds until the client goes away: only an abort ends it. */
const neverAnswered = () => new Promise<never>(() => undefined);

/** The test tools and `slow_read`, which runs until its call's signal aborts and says whether it did. */
function registryWithSlowTool(log: { started: number; aborted: number }): ToolRegistry {
  const slow = defineTool({
    name: 'slow_read',
    description: 'Reads something slowly.',
    input: z.object({}),
    output: z.object({ aborted: z.boolean() }),
    effects: READS_ONLY,
    permission: 'allow',
    progress: () => 'Reading slowly…',
    async run(_input, context) {
      log.started += 1;
      await new Promise<void>((resolve) => context.signal?.addEventListener('abort', () => resolve(), { once: true }));
      log.aborted += 1;
      return { text: 'Cancelled: the run was stopped while reading.', data: { aborted: true } };
    },
  });
  return new ToolRegistry([...testRegistry().list(), slow]);
}

describe('Stop', () => {
  it('aborts the model request in flight (the API sees the client go away), saves the run as stopped, and the thread goes on from its history', async () => {
    h = await startHarness();
    h.api.script(neverAnswered);
    const { runId } = await h.say('Summarise every open item');
    await eventually('the model request', () => h!.api.requests.length === 1);

    expect(await h.agent.stop({ runId, stoppedBy: ALICE })).toEqual({ status: 'stopping', runId });
    await h.agent.idle();
    await h.api.requests[0]!.abortSeen;
    expect(h.api.requests[0]!.aborted).toBe(true);
    const [stopped] = h.ui.of('stopped');
    expect(stopped!.stopped).toMatchObject({ runId, stoppedBy: ALICE, iterations: 0, toolCalls: 0 });
    expect(h.ui.of('done')).toEqual([]);
    expect(h.ui.of('failed')).toEqual([]);
    expect(await peek(h.store, 'agent:run', runId)).toMatchObject({ status: 'stopped', stoppedBy: ALICE });
    // Pressed again: it is stopped already, by Alice.
    expect(await h.agent.stop({ runId, stoppedBy: ALICE })).toEqual({ status: 'already_stopped', runId, stoppedBy: ALICE });

    h.api.script(textReply('Going on from where we were.'));
    await h.say('Just the urgent ones, then');
    await h.agent.idle();
    expect(h.ui.result().answer).toBe('Going on from where we were.');
    const messages = h.api.requests[1]!.body.messages;
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(JSON.stringify(messages[0])).toContain('Summarise every open item');
    expect(JSON.stringify(messages[1])).toContain('Stopped by Alice Martin');
  });

  it('during a tool call: the call under way gets the abort, calls not yet started never run, nobody is asked', async () => {
    const slow = { started: 0, aborted: 0 };
    h = await startHarness({ registry: registryWithSlowTool(slow) });
    h.api.script(toolReply([{ name: 'slow_read', input: {}, id: 'toolu_slow' }, createIssue('toolu_create')], 'Reading first.'));
    const { runId } = await h.say('Read it, then file the bug');
    await eventually('the slow call to start', () => slow.started === 1);

    expect(await h.agent.stop({ runId, stoppedBy: ALICE })).toEqual({ status: 'stopping', runId });
    await h.agent.idle();
    expect(slow.aborted).toBe(1);
    // The asked call was never asked nor run, and the model was not asked again.
    expect(h.ui.of('ask')).toEqual([]);
    expect(h.toolLog.calls).toEqual([]);
    expect(h.api.requests).toHaveLength(1);
    expect(h.ui.of('stopped')[0]!.stopped).toMatchObject({ stoppedBy: ALICE, iterations: 1, toolCalls: 2 });

    // Each call of the turn has its answer in the history the next message continues.
    h.api.script(textReply('Stopped it, as you asked.'));
    await h.say('Never mind');
    await h.agent.idle();
    const history = h.api.requests[1]!.body.messages;
    expect(history.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
    expect(history[2]!.content).toEqual([
      expect.objectContaining({ tool_use_id: 'toolu_slow', content: 'Cancelled: the run was stopped while reading.' }),
      expect.objectContaining({
        tool_use_id: 'toolu_create',
        content: 'Not run: Alice Martin stopped the run before this call started',
        is_error: true,
      }),
    ]);
  });

  it('while approvals wait, after a restart: each request is withdrawn, a late click changes nothing, and the run is stopped', async () => {
    h = await startHarness({ script: [toolReply([createIssue('toolu_a'), fetchPage('toolu_b')])] });
    const { runId } = await h.say('File the bug and read the page');
    await h.agent.idle();
    expect(h.ui.of('ask').map((e) => e.request.callId)).toEqual(['toolu_a', 'toolu_b']);
    // The process that asked goes away; another one on the same store takes the click.
    await h.agent.close();
    const next = await h.otherAgent();

    expect(await next.agent.stop({ runId, stoppedBy: ALICE })).toEqual({ status: 'stopping', runId });
    await next.agent.idle();
    expect(next.ui.of('settled').map((e) => [e.request.callId, e.outcome.decision, e.outcome.decidedBy?.id])).toEqual([
      ['toolu_a', 'withdrawn', ALICE.id],
      ['toolu_b', 'withdrawn', ALICE.id],
    ]);
    expect(next.ui.of('stopped')[0]!.stopped).toMatchObject({ runId, stoppedBy: ALICE });
    expect(await next.agent.decide({ runId, callId: 'toolu_a', decision: 'approve', decidedBy: ALICE })).toEqual({ outcome: 'unknown' });
    await next.agent.idle();
    expect(h.toolLog.calls).toEqual([]);
    expect(h.api.requests).toHaveLength(1);
    expect(Object.keys((await peek<Record<string, unknown>>(h.store, 'agent:index', 'unfinished')) ?? {})).not.toContain(runId);
  });

  it('counts only from the requester or an approver: anyone else changes nothing', async () => {
    h = await startHarness({ approvers: [CAROL.id] });
    h.api.script(neverAnswered);
    const { runId } = await h.say('Summarise every open item');
    await eventually('the model request', () => h!.api.requests.length === 1);

    expect(await h.agent.stop({ runId, stoppedBy: BOB })).toEqual({ status: 'not_allowed', runId, requesterId: ALICE.id });
    await sleep(700);
    expect(h.api.requests[0]!.aborted).toBe(false);
    expect(h.ui.of('stopped')).toEqual([]);

    expect(await h.agent.stop({ runId, stoppedBy: CAROL })).toEqual({ status: 'stopping', runId });
    await h.agent.idle();
    expect(h.ui.of('stopped')[0]!.stopped.stoppedBy).toEqual(CAROL);
    expect(await h.agent.stop({ runId: 'no-such-run', stoppedBy: ALICE })).toEqual({ status: 'gone', runId: 'no-such-run' });
  });

  it('asked in another process: the process driving the run sees the stop and aborts its request', async () => {
    h = await startHarness();
    h.api.script(neverAnswered);
    const { runId } = await h.say('Summarise every open item');
    await eventually('the model request', () => h!.api.requests.length === 1);
    const other = await h.otherAgent();

    expect(await other.agent.stop({ runId, stoppedBy: ALICE })).toEqual({ status: 'stopping', runId });
    await h.api.requests[0]!.abortSeen;
    await h.agent.idle();
    await other.agent.idle();
    // Shown by the driver; the other process never drove the run.
    expect(h.ui.of('stopped')).toHaveLength(1);
    expect(other.ui.events).toEqual([]);
  });
});
