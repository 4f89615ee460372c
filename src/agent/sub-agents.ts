import { setTimeout as sleep } from 'node:timers/promises';
import type { DelegatedTask, DelegationHooks, SubAgentReport } from '../tools/delegate/index.js';
import { isStateUnavailable } from '../state/store.js';
import { RunInterruption, type ToolRegistry } from '../tools/registry.js';
import { expireOverdue, undecidedCalls, withdrawWaiting } from './approvals.js';
import type { FrontEnd, Reporter } from './front-end.js';
import { drive, totals, type LoopEnd, type LoopEnv, type RunEnv } from './loop.js';
import { forModel, internalFailure } from './reasons.js';
import { newRun, type PendingCall, type SavedRun, type SubAgentRun } from './run.js';
import type { StopRecord } from './run-store.js';
import { subAgentView } from './sub-agent-state.js';
import { subAgentTurn } from './system-prompt.js';
import { SubAgentsWaiting } from './tool-calls.js';

/** Sub-agents of one run working at the same time; the others wait for a slot. */
export const MAX_CONCURRENT_SUBAGENTS = 3;
/** How often a sub-agent waiting for people looks for their decision while the others work. */
const DECISION_POLL_MS = 250;

/** What sub-agents share, fixed for the process: their own loop settings (model, cap, tools, prompt). */
export interface SubAgentEnv {
  loop: LoopEnv;
  tools: ToolRegistry;
  maxTokens: number;
}

/** One delegate call of a driven run. */
export interface Delegation {
  run: SavedRun;
  call: PendingCall;
  tasks: readonly DelegatedTask[];
  hooks: DelegationHooks;
  /** The run's own environment: its front end, permissions, thread approvals, lease and logger. */
  runEnv: RunEnv;
  env: SubAgentEnv;
}

/**
 * Runs the call's tasks as sub-agents, at most three at once, each the same loop as the run with its
 * own history and plan, and returns their reports in the tasks' order. Their state is saved inside
 * the run after each of their turns, so a process that takes the run over (after a restart or a crash)
 * goes on from there: a finished sub-agent is never driven again. A sub-agent that needs a person
 * asks in the thread and gives up its slot until its decision comes (from any process); when every
 * sub-agent left waits, this throws SubAgentsWaiting and the run pauses like any run.
 */
export async function runDelegation(delegation: Delegation): Promise<SubAgentReport[]> {
  const { run, call, tasks, hooks, runEnv, env } = delegation;
  const { now, runs } = env.loop;
  const subAgents = ((run.delegations ??= {})[call.id] ??= tasks.map((task) => newSubAgent(task, run, env)));
  const save = serialSaver(runEnv, run);
  const reporter = runEnv.frontEnd.reporter;
  const steps = new Map<number, string>();
  const show = (index: number) => reporter.subAgentChanged(subAgentView(call.id, index, subAgents[index]!, now(), steps.get(index)));

  // Taken up again: what finished before is shown, and its task moved, as it was (the moves are idempotent).
  for (const [index, subAgent] of subAgents.entries()) {
    if (subAgent.report) await hooks.ended(index, subAgent.report);
    await show(index);
  }

  const step = async (index: number): Promise<void> => {
    const subAgent = subAgents[index]!;
    if (subAgent.startedAt === undefined) {
      subAgent.startedAt = now();
      subAgent.run.startedAt = subAgent.startedAt;
    }
    await hooks.started(index);
    await show(index);
    const subRunEnv = subAgentRunEnv(delegation, subAgent, save, {
      // Its words between calls are for the run, in its report, not for the thread.
      text: async () => undefined,
      subAgentChanged: async () => undefined,
      done: async () => undefined,
      failed: async () => undefined,
      stranded: async () => undefined,
      stopped: async () => undefined,
      planChanged: () => show(index),
      toolStarted: async (view) => {
        steps.set(index, view.progress);
        await show(index);
      },
      toolFinished: async () => {
        steps.delete(index);
        await show(index);
      },
    });
    let end: LoopEnd;
    try {
      end = await drive(subAgent.run, env.loop, subRunEnv);
    } catch (error) {
      if (error instanceof RunInterruption || isStateUnavailable(error)) throw error;
      runEnv.logger.error({ err: error, subAgent: subAgent.title }, 'sub-agent failed unexpectedly');
      end = { kind: 'failed', failure: { ...totals(subAgent.run, env.loop), reason: internalFailure(error), retryable: false } };
    }
    steps.delete(index);
    if (end.kind === 'waiting') {
      await show(index);
      return;
    }
    await finish(index, end);
  };

  /** A sub-agent's end: its report is saved with the run, its task moved, its line shown. */
  const finish = async (index: number, end: SubAgentEnd): Promise<void> => {
    const subAgent = subAgents[index]!;
    subAgent.endedAt = now();
    subAgent.report = reportOf(subAgent, end);
    await save();
    runEnv.logger.info(
      { subAgent: subAgent.title, outcome: subAgent.report.outcome, usage: subAgent.run.usage, toolCalls: subAgent.run.toolCalls },
      'sub-agent finished',
    );
    await hooks.ended(index, subAgent.report);
    await show(index);
  };

  const { signal } = runEnv;
  const active = new Map<number, Promise<void>>();
  for (;;) {
    if (signal.aborted) break;
    const waiting = subAgents.filter((subAgent) => !subAgent.report && subAgent.run.status === 'waiting');
    // The run's own expiry check sees only paused runs; while this one is driven, its sub-agents' deadlines are checked here.
    if (waiting.length > 0) await expireOverdue(runs, runEnv.frontEnd, run, now());
    for (const [index, subAgent] of subAgents.entries()) {
      if (active.size >= MAX_CONCURRENT_SUBAGENTS) break;
      if (active.has(index) || subAgent.report) continue;
      if (subAgent.run.status === 'waiting' && (await undecidedCalls(runs, subAgent.run)).length > 0) continue;
      active.set(
        index,
        step(index).finally(() => active.delete(index)),
      );
    }
    if (active.size === 0) break;
    await Promise.race([
      ...active.values(),
      ...(waiting.length > 0 ? [sleep(DECISION_POLL_MS, undefined, { signal }).catch(() => undefined)] : []),
    ]);
  }
  if (signal.aborted) {
    // Stopped: those at work stop at their next step; the others (waiting, or never started) end here,
    // their requests withdrawn first (the turn's answer drops the sub-agents' waiting turns).
    await Promise.allSettled(active.values());
    await withdrawWaiting(runs, runEnv.frontEnd, run, signal.reason as StopRecord);
    for (const [index, subAgent] of subAgents.entries()) {
      if (!subAgent.report) await finish(index, { kind: 'stopped', stop: signal.reason as StopRecord });
    }
  }
  if (subAgents.some((subAgent) => !subAgent.report)) throw new SubAgentsWaiting();
  return subAgents.map((subAgent) => subAgent.report!);
}

type SubAgentEnd = Exclude<LoopEnd, { kind: 'waiting' }>;

function newSubAgent(task: DelegatedTask, run: SavedRun, env: SubAgentEnv): SubAgentRun {
  const now = env.loop.now();
  const subRun = newRun({
    id: run.id,
    threadKey: run.threadKey,
    message: { requester: run.message.requester, text: task.prompt, context: run.message.context },
    history: [],
    userTurn: subAgentTurn(task, run.message, new Date(now)),
    maxTokens: env.maxTokens,
    now,
  });
  return { ...task, run: { ...subRun, frontEndState: undefined } };
}

/** The sub-agent's loop environment: the run's, with its own tools and a reporter that nests it. */
function subAgentRunEnv(delegation: Delegation, subAgent: SubAgentRun, save: () => Promise<void>, reporter: Reporter): RunEnv {
  const { runEnv, env, run } = delegation;
  const frontEnd: FrontEnd = { reporter, approver: runEnv.frontEnd.approver };
  return {
    tools: env.tools,
    permissions: runEnv.permissions,
    approvedForThread: runEnv.approvedForThread,
    bulkThreshold: runEnv.bulkThreshold,
    context: runEnv.context,
    frontEnd,
    words: runEnv.words,
    decisionOf: (call) => env.loop.runs.decisionOf(run.id, call.id),
    // Its turns are saved as part of the run, under the run's lease.
    lease: { confirm: () => runEnv.lease.confirm(), save: () => save() },
    // A stop of the run stops its sub-agents: their model requests and tool calls get the same signal.
    signal: runEnv.signal,
    logger: runEnv.logger.child({ subAgent: subAgent.title }),
    subAgent: subAgent.title,
  };
}

/**
 * The run is saved whole by each sub-agent's turn: one save at a time, each of the latest state, so
 * an older snapshot never lands after a newer one.
 */
function serialSaver(runEnv: RunEnv, run: SavedRun): () => Promise<void> {
  let last: Promise<void> = Promise.resolve();
  return () => {
    const next = last.catch(() => undefined).then(() => runEnv.lease.save(run));
    last = next;
    return next;
  };
}

/** The sub-agent's end as its report for the run: its final message, or what it got done and why it stopped. */
function reportOf(subAgent: SubAgentRun, end: SubAgentEnd): SubAgentReport {
  const { run } = subAgent;
  const base = {
    title: subAgent.title,
    ...(subAgent.taskId && { taskId: subAgent.taskId }),
    toolCalls: run.toolCalls,
    iterations: run.iterations,
    durationMs: (subAgent.endedAt ?? 0) - (subAgent.startedAt ?? 0),
  };
  if (end.kind === 'done' && end.result.answer && (end.result.stop === 'answered' || end.result.stop === 'truncated')) {
    return {
      ...base,
      outcome: 'done',
      report: end.result.note ? `${end.result.answer}\n(${forModel(end.result.note)})` : end.result.answer,
    };
  }
  if (end.kind === 'stopped') {
    const by = end.stop.by.name ?? end.stop.by.id;
    const reason =
      subAgent.startedAt === undefined ? `${by} stopped the run before it started.` : `${by} stopped the run before it finished.`;
    return { ...base, outcome: 'failed', reason, report: whatItGotDone(run) };
  }
  const why = end.kind === 'failed' ? end.failure.reason : end.result.note;
  const reason = why ? forModel(why) : 'It ended without a report.';
  const outcome = end.kind === 'done' && end.result.stop === 'iteration_limit' ? 'capped' : 'failed';
  return { ...base, outcome, reason, report: whatItGotDone(run) };
}

/** Its plan's steps and its last words, for a sub-agent that ended without a report. */
function whatItGotDone(run: SavedRun): string {
  const icons = { completed: '✓', in_progress: '→', pending: '○', cancelled: '✗' } as const;
  const plan = run.plan.map((item) => `${icons[item.status]} ${item.content}`);
  const lastWords = [...run.messages]
    .reverse()
    .filter((message) => message.role === 'assistant' && typeof message.content !== 'string')
    .flatMap((message) => (message.content as { type: string; text?: string }[]).filter((block) => block.type === 'text' && block.text))
    .map((block) => block.text!)
    .find((text) => !/^\(.*\)$/s.test(text));
  return [
    plan.length > 0 ? `Its plan:\n${plan.join('\n')}` : 'It kept no plan.',
    ...(lastWords ? [`Its last words: ${lastWords}`] : []),
  ].join('\n');
}
