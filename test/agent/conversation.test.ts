import type Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { textReply, toolReply, type Reply } from '../fakes/anthropic/index.js';
import { BOB, startHarness, type Harness } from './support/harness.js';
import { forModel } from '../../src/agent/index.js';

let h: Harness;
afterEach(async () => {
  await h?.close();
});

/** A model reply the test releases when it wants: the run stays busy until then. */
function held(reply: Reply): { step: () => Promise<Reply>; release: () => void; started: Promise<void> } {
  let release!: () => void;
  let markStarted!: () => void;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const gate = new Promise<void>((resolve) => (release = resolve));
  return {
    step: async () => {
      markStarted();
      await gate;
      return reply;
    },
    release,
    started,
  };
}

const texts = (messages: Anthropic.MessageParam[]) =>
  messages.map(
    (m) => `${m.role}: ${(m.content as Anthropic.ContentBlockParam[]).map((b) => (b.type === 'text' ? b.text : b.type)).join(' | ')}`,
  );

describe('conversations', () => {
  it('keeps the thread’s history in the store, so a later message continues the conversation', async () => {
    h = await startHarness({ script: [textReply('ACME has 3 open bugs.'), textReply('The oldest is ACME-7.')] });
    await h.say('How many open bugs in ACME?');
    await h.agent.idle();
    await h.say('Which is the oldest?', { requester: BOB });
    await h.agent.idle();
    const second = texts(h.api.requests[1]!.body.messages);
    expect(second).toHaveLength(3);
    expect(second[0]).toMatch(/^user: <context>[\s\S]*from: Alice Martin[\s\S]*\| How many open bugs in ACME\?$/);
    expect(second[1]).toBe('assistant: ACME has 3 open bugs.');
    expect(second[2]).toMatch(/^user: <context>[\s\S]*from: Bob, chat user U_BOB[\s\S]*\| Which is the oldest\?$/);
  });

  it('queues messages that arrive during a run and takes them next, in order, each with its own front-end state', async () => {
    const first = held(textReply('First answer.'));
    h = await startHarness({ script: [first.step, textReply('Second answer.'), textReply('Third answer.')] });
    const started = await h.say('one', { frontEndState: { statusMessage: 'ts-1' } });
    await first.started;
    const second = await h.say('two', { frontEndState: { statusMessage: 'ts-2' } });
    const third = await h.say('three', { frontEndState: { statusMessage: 'ts-3' } });
    expect(started.status).toBe('started');
    expect(second).toEqual({ status: 'queued', runId: second.runId, position: 1 });
    expect(third).toEqual({ status: 'queued', runId: third.runId, position: 2 });
    expect(h.api.requests).toHaveLength(1);

    first.release();
    await h.agent.idle();
    expect(h.ui.of('done').map((e) => [e.runId, e.result.answer, e.savedState])).toEqual([
      [started.runId, 'First answer.', { statusMessage: 'ts-1' }],
      [second.runId, 'Second answer.', { statusMessage: 'ts-2' }],
      [third.runId, 'Third answer.', { statusMessage: 'ts-3' }],
    ]);
    expect(texts(h.api.requests[2]!.body.messages).map((t) => t.replace(/<context>[\s\S]*<\/context> \| /, ''))).toEqual([
      'user: one',
      'assistant: First answer.',
      'user: two',
      'assistant: Second answer.',
      'user: three',
    ]);
  });

  it('keeps the queue in the store: the process that resumes a paused run also takes the queued message', async () => {
    h = await startHarness({
      script: [
        toolReply([{ name: 'plane_create_issue', input: { project: 'ACME', title: 'Login' }, id: 'toolu_q' }]),
        textReply('Created.'),
        textReply('You are welcome.'),
      ],
    });
    const { runId } = await h.say('Create the login issue');
    await h.agent.idle();
    expect(await h.say('thanks', { frontEndState: { statusMessage: 'ts-thanks' } })).toMatchObject({ status: 'queued', position: 1 });
    await h.agent.close();

    const other = await h.otherAgent();
    await other.agent.decide({ runId, callId: 'toolu_q', decision: 'approve', decidedBy: h.message('').requester });
    await other.agent.idle();
    expect(other.ui.of('done').map((e) => [e.result.answer, e.savedState])).toEqual([
      ['Created.', { statusMessage: 'ts-1' }],
      ['You are welcome.', { statusMessage: 'ts-thanks' }],
    ]);
    expect(h.api.requests[2]!.body.messages).toHaveLength(5);
  });

  it('does not make other threads wait', async () => {
    h = await startHarness({
      script: [
        toolReply([{ name: 'plane_create_issue', input: { project: 'ACME', title: 'X' }, id: 'toolu_x' }]),
        textReply('Other thread answered.'),
      ],
    });
    await h.say('Create X');
    await h.agent.idle();
    expect(await h.say('Hello', { threadKey: 'C2:other' })).toMatchObject({ status: 'started' });
    await h.agent.idle();
    expect(h.ui.result().answer).toBe('Other thread answered.');
  });

  it('frees the thread when a run fails, and the next message still runs', async () => {
    const first = held({ kind: 'error', status: 500, type: 'api_error', message: 'Internal error' });
    h = await startHarness({ script: [first.step, textReply('Second works.')] });
    const failed = await h.say('one');
    await first.started;
    await h.say('two');
    first.release();
    await h.agent.idle();
    const { failure } = h.ui.of('failed')[0]!;
    expect(failure).toMatchObject({ runId: failed.runId, retryable: true });
    expect(forModel(failure.reason)).toBe('The model API failed (500): Internal error');
    expect(h.ui.result().answer).toBe('Second works.');
    // The failed run left nothing in the history; what the user wrote stays with the failed run for a retry.
    expect(texts(h.api.requests[1]!.body.messages)).toHaveLength(1);
  });
});
