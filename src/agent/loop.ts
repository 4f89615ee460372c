import type Anthropic from '@anthropic-ai/sdk';
import { phrase, type Phrase } from '../i18n/index.js';
import type { Logger } from '../log.js';
import { planProgress } from '../tools/plan/index.js';
import { approvalRequest, bulkApprovalRequest, earliestDeadline, undecidedCalls } from './approvals.js';
import { cachedMessages } from './cache.js';
import type { FrontEnd, PlanView, RunFailure, RunResult, RunStop, RunTotals } from './front-end.js';
import { fitHistory } from './history-budget.js';
import { describeModelError, MAX_TOKENS_CEILING, REQUEST_TIMEOUT_MS } from './model.js';
import { forModel } from './reasons.js';
import type { PendingCall, SavedRun } from './run.js';
import type { RunLease } from './run-lease.js';
import type { DecisionRecord, RunStore, StopRecord } from './run-store.js';
import { nextStep } from './stop-reason.js';
import { previewBulk, resultsTurn, runAllowed, runDecided, skipUnanswered, sortCalls, type ToolTurnEnv } from './tool-calls.js';
import { forgetSubAgentHistories, subAgentViews } from './sub-agent-state.js';
import { addUsage, sumUsage } from './usage.js';
import { TurnText } from './turn-text.js';
import { transition } from './lifecycle.js';
import type { AgentMeter } from './meter.js';

/** Everything one run needs from the agent, fixed for the process. */
export interface LoopEnv {
  client: Anthropic;
  model: string;
  /** Tool definitions and system prompt, already carrying their cache breakpoints. */
  modelTools: Anthropic.Tool[];
  system: Anthropic.TextBlockParam[];
  runs: RunStore;
  maxIterations: number;
  /** The variable that sets `maxIterations`, named when a run stops at it. */
  maxIterationsVariable: string;
  approvalTimeoutMs: number;
  now: () => number;
  logger: Logger;
  meter: AgentMeter;
}

/** The front end, tool access and lease of one run (or one sub-agent of it) in this process. */
export interface RunEnv extends Omit<ToolTurnEnv, 'reporter' | 'onPlan'> {
  frontEnd: FrontEnd;
  decisionOf(call: PendingCall): Promise<DecisionRecord | undefined>;
  /** Confirmed before each model request and each batch of calls; every save goes through it. */
  lease: Pick<RunLease, 'confirm' | 'save'>;
  /** Aborted, with a StopRecord as its reason, when a person stops the run; also the tools' context signal. */
  signal: AbortSignal;
  /**
   * Set when the loop drives a sub-agent (its title): its approval requests name it, and its pauses
   * are the run's to list, when the run itself pauses.
   */
  subAgent?: string;
}

/** Where a drive stops (docs/runs.md); a lost lease ends it by throwing LeaseLost. */
export type LoopEnd =
  | { kind: 'done'; result: RunResult }
  | { kind: 'waiting' }
  | { kind: 'failed'; failure: RunFailure }
  /** A person stopped the run; what it did so far is in `run.messages`, its unfinished turn answered. */
  | { kind: 'stopped'; stop: StopRecord };

const NUDGE = 'Please continue.';

/**
 * The agent loop, from wherever the saved run stands: answer a turn that waited for decisions (or ask
 * again for those a failed pause never asked), then call the model, show its text, run its tool calls
 * and answer them all in one user message, until the model ends its turn without calls, a call needs
 * a person, the model fails or the cap is hit. The run is saved after each answered turn so another
 * process can take it over; the lease is confirmed before each model request and before the calls of
 * each turn, so a process that lost it neither asks the model again nor runs a call.
 */
export async function drive(run: SavedRun, env: LoopEnv, runEnv: RunEnv): Promise<LoopEnd> {
  const { reporter } = runEnv.frontEnd;
  const { lease, signal } = runEnv;
  const stopped = (): LoopEnd => ({ kind: 'stopped', stop: signal.reason as StopRecord });
  const tools: ToolTurnEnv = {
    ...runEnv,
    reporter,
    onPlan: async (items) => {
      run.plan = items;
      await reporter.planChanged(planView(run));
    },
  };
  if (run.pending) {
    const { calls, deadline } = run.pending;
    const unasked = await undecidedCalls(env.runs, run);
    // Taken up again after failing while it paused (or dying mid-turn): it may never have asked, or its deadline is gone.
    if (unasked.length > 0) return signal.aborted ? stopped() : pause(run, calls, env, runEnv, unasked);
    await lease.confirm();
    await runDecided(calls, runEnv.decisionOf, tools);
    // Calls that never answered: those whose sub-agents waited, or a turn cut short by a dead process.
    for (const call of calls) call.waitsOnSubAgents = false;
    await runAllowed(calls, tools);
    if (calls.some((call) => call.waitsOnSubAgents)) {
      if (!signal.aborted) return pause(run, calls, env, runEnv, [], deadline);
      skipUnanswered(calls, signal.reason as StopRecord);
    }
    countCalls(calls, tools, env.meter);
    answerTurn(run, calls);
    await lease.save(run);
  }
  const turnText = new TurnText(reporter.textDelta && ((delta) => void reporter.textDelta!(delta)));
  for (;;) {
    if (signal.aborted) return stopped();
    if (run.iterations >= env.maxIterations) {
      const note = phrase('runEnd.iterationLimit', {
        count: env.maxIterations,
        variable: env.maxIterationsVariable,
        // A sub-agent's report goes to its run, which asks nobody again.
        who: runEnv.subAgent ? 'subAgent' : 'requester',
      });
      return finish(run, env, 'iteration_limit', [], note);
    }
    fitRunHistory(run, env);
    await lease.confirm();
    let response: Anthropic.Message;
    let requestId: string | null | undefined;
    try {
      // Streamed, so that a front end can show the text as the model writes it.
      const stream = env.client.messages.stream(
        { model: env.model, max_tokens: run.maxTokens, system: env.system, tools: env.modelTools, messages: cachedMessages(run.messages) },
        { timeout: REQUEST_TIMEOUT_MS, signal },
      );
      stream.on('text', (delta) => turnText.write(delta));
      response = await stream.finalMessage();
      requestId = stream.request_id;
    } catch (error) {
      // Aborted by a stop: the request's answer is not wanted, and nothing of it is kept.
      if (signal.aborted) return stopped();
      env.meter.modelRequest('error');
      const { reason, retryable } = describeModelError(error);
      env.logger.warn({ err: error, runId: run.id }, 'model request failed');
      return { kind: 'failed', failure: { ...totals(run, env), reason, retryable } };
    }
    run.iterations += 1;
    run.usage = addUsage(run.usage, response.usage);
    env.meter.modelRequest('ok', {
      input: response.usage.input_tokens,
      output: response.usage.output_tokens,
      cache_read: response.usage.cache_read_input_tokens ?? 0,
      cache_write: response.usage.cache_creation_input_tokens ?? 0,
    });
    env.logger.debug({ runId: run.id, requestId, stop: response.stop_reason, usage: response.usage }, 'model turn');
    // The answer may have come after a stall that outlasted the lease: then it is not this process's to act on.
    await lease.confirm();
    // Or after a stop that came too late to abort it: it is dropped, as an aborted one would be.
    if (signal.aborted) return stopped();

    const step = nextStep(response, run.retries);
    if (step.kind === 'retry_longer') turnText.retry();
    else turnText.next();
    switch (step.kind) {
      case 'run_tools': {
        run.messages.push({ role: 'assistant', content: response.content });
        const text = textOf(response.content);
        if (text) await reporter.text(text);
        const calls = await sortCalls(step.calls, tools);
        run.toolCalls += calls.length;
        // Not saved here; but a save made while the calls run (a sub-agent's turn) keeps the turn, so a
        // process that takes the run over answers it instead of forgetting it.
        run.pending = { calls, deadline: 0 };
        await runAllowed(calls, tools);
        if (signal.aborted) {
          // Calls not yet started (those that would be asked among them) never run.
          skipUnanswered(calls, signal.reason as StopRecord);
          countCalls(calls, tools, env.meter);
          answerTurn(run, calls);
          return stopped();
        }
        if (calls.some((call) => call.asked || call.waitsOnSubAgents)) return pause(run, calls, env, runEnv);
        countCalls(calls, tools, env.meter);
        answerTurn(run, calls);
        await lease.save(run);
        break;
      }
      case 'resume':
        run.retries.pauses += 1;
        run.messages.push({ role: 'assistant', content: response.content });
        break;
      case 'retry_longer':
        run.retries.longer += 1;
        run.maxTokens = Math.min(run.maxTokens * 2, MAX_TOKENS_CEILING);
        break;
      case 'nudge':
        run.retries.nudges += 1;
        nudge(run);
        break;
      case 'finish':
        return finish(run, env, step.stop, step.keep ? response.content : [], step.note);
    }
  }
}

/** Drops the oldest images, then tool results, when the history outgrew its budget; the run is saved with them gone. */
function fitRunHistory(run: SavedRun, env: LoopEnv): void {
  const { messages, trimmed, imagesDropped, chars } = fitHistory(run.messages);
  if (messages === run.messages) return;
  run.messages = messages;
  env.logger.info({ runId: run.id, trimmed, imagesDropped, chars }, 'older images or tool results trimmed from the history');
}

/** Each call of the turn by tool (a name no tool has counts as `unknown`) and outcome. */
function countCalls(calls: readonly PendingCall[], env: ToolTurnEnv, meter: AgentMeter): void {
  for (const call of calls) {
    if (call.outcome) meter.toolCall(env.tools.get(call.name) ? call.name : 'unknown', call.outcome.status);
  }
}

function answerTurn(run: SavedRun, calls: readonly PendingCall[]): void {
  run.messages.push(resultsTurn(calls));
  run.pending = undefined;
  run.status = 'running';
  forgetSubAgentHistories(run, calls);
}

/**
 * Asks for every call that needs a person (or those of `toAsk`) and saves the run; decisions resume it
 * in any process. Called while driving, never under a lock: asking may wait on the chat's rate limits.
 * A run whose sub-agents wait is listed with the earliest deadline among its own and theirs. A
 * sub-agent's pause is only saved: its run lists it when the run itself pauses.
 */
async function pause(
  run: SavedRun,
  calls: PendingCall[],
  env: LoopEnv,
  runEnv: RunEnv,
  toAsk = calls.filter((c) => c.asked),
  deadline = env.now() + env.approvalTimeoutMs,
): Promise<LoopEnd> {
  run.status = transition(run, 'pause').run.status;
  run.pending = { calls, deadline };
  run.frontEndState = runEnv.frontEnd.state?.() ?? run.frontEndState;
  // Saved before anyone is asked, so that a quick click finds the run.
  await runEnv.lease.save(run);
  if (!runEnv.subAgent) await env.runs.track(run.id, await earliestDeadline(env.runs, run));
  const { approver } = runEnv.frontEnd;
  // Many writes of the turn are asked once, with a preview of every change, where the front end can.
  const bulk = approver.askBulk ? toAsk.filter((c) => c.bulk) : [];
  const alone = toAsk.filter((c) => !bulk.includes(c));
  const unshown = async (calls: readonly PendingCall[], error: unknown) => {
    // Nobody can approve what nobody sees: the call is not approved now, instead of at the timeout.
    const reason = error instanceof Error ? error.message : String(error);
    env.logger.warn(
      { err: error, runId: run.id, calls: calls.map((c) => c.id) },
      'approval request could not be shown; the call is not approved',
    );
    for (const call of calls) await env.runs.claimDecision(run.id, call.id, { decision: 'unshown', reason, at: env.now() });
  };
  if (bulk.length > 0) {
    try {
      // Kept once, on the first call: the request's preview may be long.
      bulk[0]!.shown = await approver.askBulk!(bulkApprovalRequest(run, bulk, runEnv.subAgent, await previewBulk(bulk, runEnv)));
    } catch (error) {
      await unshown(bulk, error);
    }
  }
  for (const call of alone) {
    try {
      call.shown = await approver.ask(approvalRequest(run, call, runEnv.subAgent));
    } catch (error) {
      await unshown([call], error);
    }
  }
  await runEnv.lease.save(run);
  // A click that came before `shown` was saved found nothing to edit: the request is edited here.
  const decidedBulk = bulk[0] && (await runEnv.decisionOf(bulk[0]));
  if (decidedBulk) await approver.settledBulk?.(bulkApprovalRequest(run, bulk, runEnv.subAgent), decidedBulk, bulk[0]!.shown);
  for (const call of alone) {
    const decided = await runEnv.decisionOf(call);
    if (decided) await approver.settled(approvalRequest(run, call, runEnv.subAgent), decided, call.shown);
  }
  env.logger.info({ runId: run.id, waiting: toAsk.map((c) => c.name) }, 'run waits for approval');
  return { kind: 'waiting' };
}

/**
 * Closes the history of a stopped run so that the thread's next message can follow it: a turn that
 * waited for decisions is answered (its calls were not run), and an assistant turn says who stopped it.
 * Its status is the lifecycle's to set.
 */
export function closeStoppedRun(run: SavedRun, stop: StopRecord): void {
  if (run.pending) {
    skipUnanswered(run.pending.calls, stop);
    answerTurn(run, run.pending.calls);
  }
  run.stoppedBy = stop.by;
  if (run.messages.at(-1)?.role !== 'assistant') {
    run.messages.push({
      role: 'assistant',
      content: [{ type: 'text', text: `(Stopped by ${stop.by.name ?? stop.by.id} before finishing.)` }],
    });
  }
}

/** Ends the run; the history always ends with an assistant turn, so the next message can follow it. */
function finish(run: SavedRun, env: LoopEnv, stop: RunStop, content: Anthropic.ContentBlock[], note?: Phrase): LoopEnd {
  const answer = textOf(content);
  run.messages.push({
    role: 'assistant',
    content: content.length > 0 ? content : [{ type: 'text', text: note ? `(${forModel(note)})` : '(no reply)' }],
  });
  return { kind: 'done', result: { ...totals(run, env), answer, stop, ...(note ? { note } : {}) } };
}

/** An empty reply: ask to continue in the last user turn (after any tool results, as the API requires). */
function nudge(run: SavedRun): void {
  const last = run.messages.at(-1);
  if (last?.role !== 'user' || typeof last.content === 'string') return;
  last.content = [...last.content, { type: 'text', text: NUDGE }];
}

export function planView(run: SavedRun): PlanView {
  return { items: run.plan, progress: planProgress(run.plan) };
}

export function totals(run: SavedRun, env: Pick<LoopEnv, 'now'>): RunTotals {
  const subAgents = subAgentViews(run, env.now());
  return {
    runId: run.id,
    threadKey: run.threadKey,
    plan: planView(run),
    usage: subAgents.reduce((sum, subAgent) => sumUsage(sum, subAgent.usage), run.usage),
    subAgents,
    iterations: run.iterations,
    toolCalls: run.toolCalls,
    durationMs: env.now() - run.startedAt,
  };
}

function textOf(content: readonly Anthropic.ContentBlock[]): string {
  return content
    .filter((block): block is Anthropic.TextBlock => block.type === 'text')
    .map((block) => block.text)
    .join('\n\n')
    .trim();
}
