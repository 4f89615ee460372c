import { EventEmitter } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import type { TaskEvent, TaskEventMap } from '../../src/tasks/events.js';
import { TaskStore } from '../../src/tasks/store.js';
import { errorReply, textReply, toolReply } from '../fakes/anthropic/index.js';
import { eventually } from '../harness/bot.js';
import { ALICE, BOB, startHarness, type Harness } from './support/harness.js';
import { lastResults, routed, systemText, type ModelTurn } from './support/sub-agent-model.js';
import { FileLocks } from '../../src/files/file-lock.js';

let h: Harness | undefined;
let dir: string | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

const task = (title: string, extra: { task_id?: string } = {}) => ({ title, prompt: `Do this: ${title}.`, ...extra });
const delegate = (tasks: ReturnType<typeof task>[], id = 'toolu_delegate') => toolReply([{ name: 'delegate', input: { tasks }, id }]);

describe('delegate', () => {
  it('runs four tasks three at a time, the fourth once a slot frees, and gives the reports back in the tasks’ order', async () => {
    const log: ModelTurn[] = [];
    const answered = new Map<string, number>();
    const delays: Record<string, number> = { 'Task one': 700, 'Task two': 150, 'Task three': 400, 'Task four': 50 };
    h = await startHarness({
      script: routed(async ({ title, turn }) => {
        if (title === undefined) return turn === 0 ? delegate(Object.keys(delays).map((t) => task(t))) : textReply('All four are done.');
        await sleep(delays[title]!);
        answered.set(title, Date.now());
        return textReply(`Report of ${title}`);
      }, log),
    });
    await h.say('Do the four things');
    await h.agent.idle();

    const arrivals = new Map(log.filter((t) => t.title).map((t) => [t.title!, t.at]));
    const firstAnswer = Math.min(...answered.values());
    // The first three start together; the fourth waits for the first of them to finish.
    for (const title of ['Task one', 'Task two', 'Task three']) expect(arrivals.get(title)!).toBeLessThan(firstAnswer);
    expect(arrivals.get('Task four')!).toBeGreaterThanOrEqual(answered.get('Task two')!);
    // Never more than three at once: at each arrival, count the sub-agents asked but not answered yet.
    for (const [title, at] of arrivals) {
      const inFlight = [...arrivals].filter(([other, start]) => start <= at && (answered.get(other) ?? Infinity) > at);
      expect(inFlight.length, `in flight when ${title} asked`).toBeLessThanOrEqual(3);
    }

    const parentTurns = log.filter((t) => t.title === undefined);
    expect(parentTurns).toHaveLength(2);
    const reports = lastResults(parentTurns[1]!.request);
    const positions = ['Task one', 'Task two', 'Task three', 'Task four'].map((t) => reports.indexOf(`Report of ${t}`));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(reports).toContain('## 1. Task one — done');
    // The parent never sees a transcript: only the reports.
    expect(JSON.stringify(parentTurns[1]!.request.body.messages)).not.toContain('<task');

    const result = h.ui.result();
    expect(result.answer).toBe('All four are done.');
    expect(result.subAgents.map((s) => [s.title, s.phase, s.outcome, s.iterations])).toEqual([
      ['Task one', 'finished', 'done', 1],
      ['Task two', 'finished', 'done', 1],
      ['Task three', 'finished', 'done', 1],
      ['Task four', 'finished', 'done', 1],
    ]);
    // Usage is each sub-agent's, summed with the run's own for the run.
    expect(result.usage.requests).toBe(6);
    const subInput = result.subAgents.reduce((sum, s) => sum + s.usage.inputTokens + s.usage.cacheReadTokens + s.usage.cacheWriteTokens, 0);
    expect(subInput).toBeGreaterThan(0);
    expect(result.usage.inputTokens + result.usage.cacheReadTokens + result.usage.cacheWriteTokens).toBeGreaterThan(subInput);
  });

  it('gives sub-agents every tool but delegate, one shared system prompt, and a prefix the run’s cache already holds', async () => {
    const log: ModelTurn[] = [];
    h = await startHarness({
      script: routed(({ title, turn }) => {
        if (title === undefined) return turn === 0 ? delegate([task('Alpha'), task('Beta')]) : textReply('Done.');
        return textReply(`Report of ${title}`);
      }, log),
    });
    await h.say('Two things');
    await h.agent.idle();
    const [parent] = log.filter((t) => t.title === undefined);
    const subs = log.filter((t) => t.title !== undefined);
    const names = (turn: ModelTurn) => (turn.request.body.tools as Anthropic.Tool[]).map((tool) => tool.name);
    expect(names(parent!).at(-1)).toBe('delegate');
    for (const sub of subs) {
      expect(names(sub)).toEqual(names(parent!).slice(0, -1));
      expect(JSON.stringify(sub.request.body.tools)).toBe(JSON.stringify(parent!.request.body.tools!.slice(0, -1)));
      expect(systemText(sub.request)).toBe(systemText(subs[0]!.request));
      expect(systemText(sub.request)).toContain('Your final message is a report for the agent that delegated the task, not for the person');
      expect(JSON.stringify(sub.request.body.messages[0])).toContain(`Do this: ${sub.title}.`);
    }
    // The run's first request wrote the tools prefix; each sub-agent's first request read it.
    for (const subAgent of h.ui.result().subAgents) expect(subAgent.usage.cacheReadTokens).toBeGreaterThan(0);
  });

  it('asks in the thread for a sub-agent’s WebFetch, naming it; the denial reaches that sub-agent only', async () => {
    const log: ModelTurn[] = [];
    h = await startHarness({
      script: routed(({ title, turn, request }) => {
        if (title === undefined) return turn === 0 ? delegate([task('Read the spec'), task('Check ACME-1')]) : textReply('Summary.');
        if (title === 'Read the spec') {
          return turn === 0
            ? toolReply([{ name: 'WebFetch', input: { url: 'https://example.com/spec' }, id: 'toolu_fetch' }])
            : textReply(`Spec: ${lastResults(request)}`);
        }
        return turn === 0 ? toolReply([{ name: 'lookup', input: { key: 'ACME-1' } }]) : textReply(`ACME-1: ${lastResults(request)}`);
      }, log),
    });
    const { runId } = await h.say('Read the spec and check ACME-1');
    await h.agent.idle();

    // The other sub-agent finished; the run waits, saved, for the decision.
    const [ask] = h.ui.of('ask');
    expect(ask!.request).toMatchObject({
      runId,
      callId: 'toolu_fetch',
      subAgent: 'Read the spec',
      requester: ALICE,
      call: { name: 'WebFetch', description: 'GET https://example.com/spec' },
    });
    expect(h.ui.of('done')).toEqual([]);
    const waitingView = h.ui
      .of('sub_agent')
      .filter((e) => e.subAgent.title === 'Read the spec')
      .at(-1)!.subAgent;
    expect(waitingView.phase).toBe('waiting');

    expect(await h.agent.decide({ runId, callId: 'toolu_fetch', decision: 'deny', decidedBy: BOB })).toEqual({ outcome: 'not_allowed' });
    expect(await h.agent.decide({ runId, callId: 'toolu_fetch', decision: 'deny', decidedBy: ALICE })).toEqual({ outcome: 'accepted' });
    await h.agent.idle();

    const specTurns = log.filter((t) => t.title === 'Read the spec');
    expect(specTurns).toHaveLength(2);
    expect(lastResults(specTurns[1]!.request)).toBe('Operation cancelled by user');
    for (const turn of log.filter((t) => t.title === 'Check ACME-1'))
      expect(JSON.stringify(turn.request.body.messages)).not.toContain('Operation cancelled');
    // Check ACME-1 ran once, before the pause: a finished sub-agent is never driven again.
    expect(log.filter((t) => t.title === 'Check ACME-1')).toHaveLength(2);
    expect(h.toolLog.calls).toEqual([{ name: 'lookup', input: { key: 'ACME-1' } }]);
    expect(h.ui.of('settled')[0]).toMatchObject({ request: { subAgent: 'Read the spec' }, outcome: { decision: 'deny' } });
    const reports = lastResults(log.filter((t) => t.title === undefined)[1]!.request);
    expect(reports).toContain('Spec: Operation cancelled by user');
    expect(reports).toContain('ACME-1: ACME-1: Fix the login page');
    expect(h.ui.result().answer).toBe('Summary.');
  });

  it('lets a sub-agent go on as soon as its decision comes, while the others still work', async () => {
    const log: ModelTurn[] = [];
    let releaseSlow!: () => void;
    const slow = new Promise<void>((resolve) => (releaseSlow = resolve));
    h = await startHarness({
      script: routed(async ({ title, turn }) => {
        if (title === undefined) return turn === 0 ? delegate([task('Create it'), task('Slow one')]) : textReply('Both done.');
        if (title === 'Slow one') {
          await slow;
          return textReply('Slow report');
        }
        return turn === 0
          ? toolReply([{ name: 'plane_create_issue', input: { project: 'ACME', title: 'Bug' }, id: 'toolu_create' }])
          : textReply('Created it');
      }, log),
    });
    const { runId } = await h.say('Go');
    await eventually(() => h!.ui.of('ask').length === 1, 10_000, 'the approval request');
    expect(await h.agent.decide({ runId, callId: 'toolu_create', decision: 'approve', decidedBy: ALICE })).toEqual({ outcome: 'accepted' });
    await eventually(() => log.filter((t) => t.title === 'Create it').length === 2, 10_000, 'the approved sub-agent’s next request');
    expect(h.toolLog.calls).toEqual([{ name: 'plane_create_issue', input: { project: 'ACME', title: 'Bug' } }]);
    // The run never paused: the slow sub-agent is still on its first request.
    expect(log.filter((t) => t.title === 'Slow one')).toHaveLength(1);
    releaseSlow();
    await h.agent.idle();
    expect(h.ui.result().answer).toBe('Both done.');
  });

  it('denies a sub-agent’s request nobody answers in time, whether the run is paused or still driving', async () => {
    const log: ModelTurn[] = [];
    h = await startHarness({
      approvalTimeoutMs: 1,
      expiryCheckMs: 10,
      script: routed(async ({ title, turn, request }) => {
        if (title === undefined) return turn === 0 ? delegate([task('Create it'), task('Quick')]) : textReply('Done.');
        if (title === 'Quick') return textReply('Quick report');
        return turn === 0
          ? toolReply([{ name: 'plane_create_issue', input: { project: 'ACME', title: 'Bug' }, id: 'toolu_late' }])
          : textReply(`Got: ${lastResults(request)}`);
      }, log),
    });
    await h.say('Go');
    await eventually(() => h!.ui.of('done').length === 1, 10_000, 'the run to finish');
    expect(h.ui.of('settled').map((e) => [e.request.subAgent, e.outcome.decision])).toEqual([['Create it', 'expired']]);
    expect(lastResults(log.filter((t) => t.title === 'Create it')[1]!.request)).toBe(
      'Operation cancelled by user: nobody approved it in time',
    );
    expect(h.toolLog.calls).toEqual([]);
  });

  it('lets "approve for this thread" answer the same tool for every sub-agent of the run, and later ones unasked', async () => {
    const log: ModelTurn[] = [];
    const create = (title: string) => toolReply([{ name: 'plane_create_issue', input: { project: 'ACME', title }, id: `toolu_${title}` }]);
    h = await startHarness({
      script: routed(({ title, turn }) => {
        if (title === undefined) return turn === 0 ? delegate([task('One'), task('Two')]) : textReply('Both created.');
        if (turn === 0) return create(title);
        if (turn === 1 && title === 'One') return create('Again');
        return textReply(`${title} done`);
      }, log),
    });
    const { runId } = await h.say('Create two');
    await eventually(() => h!.ui.of('ask').length === 2, 10_000, 'both requests');
    await h.agent.idle();
    expect(await h.agent.decide({ runId, callId: 'toolu_One', decision: 'approve_thread', decidedBy: ALICE })).toEqual({
      outcome: 'accepted',
    });
    await h.agent.idle();
    expect(h.ui.of('settled').map((e) => [e.request.callId, e.outcome.decision])).toEqual([
      ['toolu_One', 'approve_thread'],
      ['toolu_Two', 'approve_thread'],
    ]);
    expect(h.ui.of('ask')).toHaveLength(2);
    expect(h.toolLog.calls.map((c) => (c.input as { title: string }).title).sort()).toEqual(['Again', 'One', 'Two']);
    expect(h.ui.result().answer).toBe('Both created.');
  });

  it('stops its sub-agents with the run: those at work stop, a waiting request is withdrawn, a queued one never starts', async () => {
    const log: ModelTurn[] = [];
    h = await startHarness({
      script: routed(({ title, turn }) => {
        if (title === undefined)
          return turn === 0 ? delegate(['Asks', 'Busy 1', 'Busy 2', 'Busy 3', 'Never'].map((t) => task(t))) : textReply('unreachable');
        if (title === 'Asks')
          return toolReply([{ name: 'plane_create_issue', input: { project: 'ACME', title: 'X' }, id: 'toolu_stop_ask' }]);
        // Busy until the stop aborts the request.
        return new Promise<never>(() => undefined);
      }, log),
    });
    const { runId } = await h.say('Five things');
    await eventually(
      () => h!.ui.of('ask').length === 1 && log.filter((t) => t.title?.startsWith('Busy')).length === 3,
      10_000,
      'three busy sub-agents and one asking',
    );
    expect(await h.agent.stop({ runId, stoppedBy: ALICE })).toEqual({ status: 'stopping', runId });
    await h.agent.idle();

    const [stopped] = h.ui.of('stopped');
    expect(stopped!.stopped.subAgents.map((s) => [s.title, s.outcome])).toEqual([
      ['Asks', 'failed'],
      ['Busy 1', 'failed'],
      ['Busy 2', 'failed'],
      ['Busy 3', 'failed'],
      ['Never', 'failed'],
    ]);
    expect(log.filter((t) => t.title === 'Never')).toEqual([]);
    expect(h.ui.of('settled').map((e) => [e.request.callId, e.request.subAgent, e.outcome.decision])).toEqual([
      ['toolu_stop_ask', 'Asks', 'withdrawn'],
    ]);
    expect(h.toolLog.calls).toEqual([]);
    expect(log.filter((t) => t.title === undefined)).toHaveLength(1);
    // The thread keeps what the delegation came to: the next message's request holds the reports.
    h.api.script(textReply('Stopped, as you asked.'));
    await h.say('What happened?');
    await h.agent.idle();
    const reports = JSON.stringify(h.api.requests.at(-1)!.body.messages);
    expect(reports).toContain('Never — failed');
    expect(reports).toContain('Alice Martin stopped the run before it started.');
    expect(reports).toContain('Alice Martin stopped the run before it finished.');
  });

  it('withdraws a sub-agent’s request when the run is stopped while it waits, paused', async () => {
    h = await startHarness({
      script: routed(({ title, turn }) => {
        if (title === undefined) return turn === 0 ? delegate([task('Asks')]) : textReply('unreachable');
        return toolReply([{ name: 'plane_create_issue', input: { project: 'ACME', title: 'X' }, id: 'toolu_paused_ask' }]);
      }),
    });
    const { runId } = await h.say('One thing');
    await h.agent.idle();
    expect(h.ui.of('ask')).toHaveLength(1);
    expect(await h.agent.stop({ runId, stoppedBy: ALICE })).toEqual({ status: 'stopping', runId });
    await h.agent.idle();
    expect(h.ui.of('settled').map((e) => [e.request.callId, e.request.subAgent, e.outcome.decision])).toEqual([
      ['toolu_paused_ask', 'Asks', 'withdrawn'],
    ]);
    expect(h.ui.of('stopped')).toHaveLength(1);
    expect(await h.agent.decide({ runId, callId: 'toolu_paused_ask', decision: 'approve', decidedBy: ALICE })).toMatchObject({
      outcome: 'already_decided',
    });
    expect(h.toolLog.calls).toEqual([]);
  });

  it('moves a task_id task in progress, then done, or blocked when its sub-agent stops at its cap, which its report says', async () => {
    dir = await mkdtemp(join(tmpdir(), 'planebot-delegate-'));
    const taskEvents = new EventEmitter<TaskEventMap>();
    const events: TaskEvent[] = [];
    taskEvents.on('task', (event) => events.push(event));
    const tree = await TaskStore.open({ locks: new FileLocks(), dir });
    await tree.add({ title: 'Audit ACME bugs' });
    await tree.add({ title: 'Audit OPS bugs' });
    const statusSeen: string[] = [];
    const log: ModelTurn[] = [];
    h = await startHarness({
      delegate: { taskEvents, fileLocks: new FileLocks() },
      subAgentMaxIterations: 2,
      script: routed(async ({ title, turn }) => {
        if (title === undefined) {
          return turn === 0
            ? delegate([task('ACME audit', { task_id: '1' }), task('OPS audit', { task_id: '[2]' })])
            : textReply('Audits reported.');
        }
        const { tasks } = await (await TaskStore.open({ locks: new FileLocks(), dir: dir! })).read();
        statusSeen.push(`${title}: ${tasks.map((t) => t.status).join(',')}`);
        if (title === 'ACME audit') return textReply('ACME has 2 open bugs.');
        // The OPS audit never finishes: it keeps a plan and reads items until its cap.
        return toolReply(
          [
            {
              name: 'update_plan',
              input: {
                items: [
                  { id: '1', content: 'List OPS bugs', status: 'completed' },
                  { id: '2', content: 'Read each', status: 'in_progress' },
                ],
              },
            },
            { name: 'lookup', input: { key: `OPS-${turn + 1}` } },
          ],
          `Reading OPS-${turn + 1}`,
        );
      }, log),
    });
    await h.say('Audit both projects', { context: { filesDir: dir, scope: 'C1' } });
    await h.agent.idle();

    // While a sub-agent works, its task is in progress.
    expect(statusSeen[0]).toMatch(/in-progress/);
    const { tasks } = await tree.read();
    expect(tasks.map((t) => [t.id, t.status])).toEqual([
      ['1', 'done'],
      ['2', 'blocked'],
    ]);
    const moves = events.filter((e) => e.type === 'status_changed').map((e) => e.type === 'status_changed' && [e.taskId, e.from, e.to]);
    expect(moves).toContainEqual(['1', 'todo', 'in-progress']);
    expect(moves).toContainEqual(['1', 'in-progress', 'done']);
    expect(moves).toContainEqual(['2', 'todo', 'in-progress']);
    expect(moves).toContainEqual(['2', 'in-progress', 'blocked']);
    expect(moves).toHaveLength(4);
    // A blocked task says why in its description.
    expect(tasks[1]!.description).toBe(
      'Blocked: OPS audit stopped: Stopped after 2 model requests, the limit set by PLANEBOT_SUBAGENT_MAX_ITERATIONS, before the work was finished.',
    );
    expect(events.filter((e) => e.type === 'updated').map((e) => e.taskId)).toEqual(['2']);
    expect(events.every((e) => e.scope === 'C1' && e.by?.id === ALICE.id)).toBe(true);

    const opsTurns = log.filter((t) => t.title === 'OPS audit');
    expect(opsTurns).toHaveLength(2);
    const reports = lastResults(log.filter((t) => t.title === undefined)[1]!.request);
    expect(reports).toContain('## 1. ACME audit — done (task 1 → done)\nACME has 2 open bugs.');
    expect(reports).toContain('## 2. OPS audit — stopped at its iteration limit (task 2 → blocked)');
    expect(reports).toContain('Why it stopped: Stopped after 2 model requests, the limit set by PLANEBOT_SUBAGENT_MAX_ITERATIONS');
    expect(reports).toContain('What it got done:\nIts plan:\n✓ List OPS bugs\n→ Read each\nIts last words: Reading OPS-2');
    expect(h.ui.result().subAgents.map((s) => s.outcome)).toEqual(['done', 'capped']);
  });

  it('reports a sub-agent whose model request failed, with why and what it got done, and goes on with the others', async () => {
    const log: ModelTurn[] = [];
    h = await startHarness({
      script: routed(({ title, turn }) => {
        if (title === undefined) return turn === 0 ? delegate([task('Breaks'), task('Works')]) : textReply('One of two.');
        if (title === 'Works') return textReply('Works report');
        return turn === 0
          ? toolReply(
              [{ name: 'update_plan', input: { items: [{ id: '1', content: 'Look around', status: 'in_progress' }] } }],
              'Starting.',
            )
          : errorReply(400, 'invalid_request_error', 'prompt is too long');
      }, log),
    });
    await h.say('Two things');
    await h.agent.idle();
    const reports = lastResults(log.filter((t) => t.title === undefined)[1]!.request);
    expect(reports).toContain(
      '## 1. Breaks — failed\nWhy it stopped: The model API failed (400): prompt is too long\nWhat it got done:\nIts plan:\n→ Look around\nIts last words: Starting.',
    );
    expect(reports).toContain('## 2. Works — done\nWorks report');
    expect(h.ui.result().subAgents.map((s) => s.outcome)).toEqual(['failed', 'done']);
  });

  it('refuses a task_id the tree does not have before any sub-agent starts', async () => {
    dir = await mkdtemp(join(tmpdir(), 'planebot-delegate-'));
    await (await TaskStore.open({ locks: new FileLocks(), dir })).add({ title: 'Only task' });
    const log: ModelTurn[] = [];
    h = await startHarness({
      delegate: { fileLocks: new FileLocks() },
      script: routed(({ title, turn }) => {
        if (title === undefined) return turn === 0 ? delegate([task('Ghost', { task_id: '9' })]) : textReply('No such task.');
        return textReply('should not run');
      }, log),
    });
    await h.say('Work on task 9', { context: { filesDir: dir, scope: 'C1' } });
    await h.agent.idle();
    expect(log.filter((t) => t.title !== undefined)).toEqual([]);
    expect(lastResults(log[1]!.request)).toBe('Error: No task with id "9" in tasks.json. Valid ids: 1.');
  });

  it('shows each sub-agent’s plan and step as it goes, and finishes with each one’s time and tool calls', async () => {
    h = await startHarness({
      script: routed(({ title, turn }) => {
        if (title === undefined) return turn === 0 ? delegate([task('Audit ACME bugs')]) : textReply('Audited.');
        if (turn === 0) {
          return toolReply([
            {
              name: 'update_plan',
              input: {
                items: [
                  { id: '1', content: 'Find the bugs', status: 'completed' },
                  { id: '2', content: 'Read them', status: 'in_progress' },
                ],
              },
            },
          ]);
        }
        if (turn === 1) return toolReply([{ name: 'lookup', input: { key: 'ACME-12' } }]);
        return textReply('Two bugs.');
      }),
    });
    await h.say('Audit');
    await h.agent.idle();
    const views = h.ui.of('sub_agent').map((e) => e.subAgent);
    expect(views[0]).toMatchObject({ title: 'Audit ACME bugs', phase: 'queued' });
    expect(views.some((v) => v.phase === 'running' && v.plan.progress === '1/2 tasks completed' && v.step === 'Reading ACME-12…')).toBe(
      true,
    );
    expect(views.at(-1)).toMatchObject({ phase: 'finished', outcome: 'done', toolCalls: 2, iterations: 3 });
    const [summary] = h.ui.result().subAgents;
    expect(summary).toMatchObject({ title: 'Audit ACME bugs', toolCalls: 2 });
    expect(summary!.durationMs).toBeGreaterThanOrEqual(0);
  });
});
