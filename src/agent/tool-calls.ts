import type Anthropic from '@anthropic-ai/sdk';
import type { Translator } from '../i18n/index.js';
import type { Logger } from '../log.js';
import type { PlanItem } from '../tools/plan/index.js';
import type { DelegatedTask, DelegationHooks, SubAgentReport } from '../tools/delegate/index.js';
import { RunInterruption, type ChangeRow, type ToolContext, type ToolRegistry } from '../tools/registry.js';
import type { Reporter, ToolCallOutcome, ToolCallView } from './front-end.js';
import { capToolResult } from './history-budget.js';
import { deniedCallText, permissionOfCall, type Permissions } from './permissions.js';
import type { PendingCall } from './run.js';
import type { DecisionRecord, StopRecord } from './run-store.js';

/** The answer the model gets for a call a person refused. */
const CANCELLED = 'Operation cancelled by user';

export interface ToolTurnEnv {
  tools: ToolRegistry;
  permissions: Permissions;
  /** Whether a person approved this tool for the rest of the thread. */
  approvedForThread(toolName: string): Promise<boolean>;
  /** PLANEBOT_BULK_THRESHOLD: more work-item writes than this in one turn are asked together. */
  bulkThreshold: number;
  reporter: Reporter;
  /** The language people read the run in: a call's description and step are written in it. */
  words: Translator;
  context: ToolContext;
  /** Replaces the run's plan; handed to the tools as the context's `replacePlan` (update_plan calls it). */
  onPlan(items: PlanItem[]): Promise<void>;
  /** Runs a call's tasks as sub-agents (the context's `delegate`); absent inside a sub-agent. */
  delegate?(call: PendingCall, tasks: readonly DelegatedTask[], hooks: DelegationHooks): Promise<SubAgentReport[]>;
  logger: Logger;
}

/**
 * Thrown out of a delegate call when every sub-agent left waits for people: the call has no answer
 * yet, and the run pauses until a decision lets one of them go on.
 */
export class SubAgentsWaiting extends RunInterruption {
  constructor() {
    super('the sub-agents wait for approvals');
    this.name = 'SubAgentsWaiting';
  }
}

/**
 * Sorts one assistant turn's calls. Calls that can be answered without running (unknown tool, invalid
 * input, denied by policy) get their outcome now; `ask` calls not yet approved for the thread are
 * marked `asked`; the rest are left to run. Input is checked first, so nobody is asked to approve a
 * call that could not run. Calls answered here are reported finished at once.
 */
export async function sortCalls(blocks: readonly Anthropic.ToolUseBlock[], env: ToolTurnEnv): Promise<PendingCall[]> {
  const calls = await Promise.all(
    blocks.map(async (block): Promise<PendingCall> => {
      const call: PendingCall = { id: block.id, name: block.name, input: block.input, description: block.name, progress: '', asked: false };
      const tool = env.tools.get(block.name);
      const parsed = tool?.input.safeParse(block.input);
      // The registry words an unknown tool or invalid input for the model, and runs nothing then.
      if (!tool || !parsed?.success) return { ...call, outcome: await callOutcome(call, env) };
      const described = {
        ...call,
        description: tool.describe?.(parsed.data, env.words) ?? describeRaw(block.name, block.input),
        progress: tool.progress(parsed.data, env.words),
      };
      switch (permissionOfCall(env.permissions, tool, parsed.data)) {
        case 'deny':
          return { ...described, outcome: { status: 'denied', text: deniedCallText(env.permissions, tool, parsed.data) } };
        case 'ask':
          return { ...described, asked: !(await env.approvedForThread(block.name)) };
        case 'allow':
          return described;
      }
    }),
  );
  markBulk(calls, env);
  for (const call of calls) if (call.outcome) await env.reporter.toolFinished(callView(call), call.outcome);
  return calls;
}

/**
 * More work-item writes (tools with a `preview`) than the threshold in one turn: all of them are
 * asked together, even those the permissions or the thread would let through, so that people see
 * the whole set before any of it is written.
 */
function markBulk(calls: PendingCall[], env: ToolTurnEnv): void {
  const writes = calls.filter((call) => !call.outcome && env.tools.get(call.name)?.preview);
  if (writes.length <= env.bulkThreshold) return;
  for (const call of writes) {
    call.asked = true;
    call.bulk = true;
  }
}

/** The changes of the bulk calls, each read now; a call whose preview fails shows its own words instead. */
export async function previewBulk(
  calls: readonly PendingCall[],
  env: Pick<ToolTurnEnv, 'tools' | 'context' | 'logger'>,
): Promise<ChangeRow[]> {
  const rows: ChangeRow[] = [];
  for (const call of calls) {
    const tool = env.tools.get(call.name);
    const parsed = tool?.input.safeParse(call.input);
    try {
      if (!tool?.preview || !parsed?.success) throw new Error('no preview');
      rows.push(...(await tool.preview(parsed.data, env.context)));
    } catch (error) {
      env.logger.warn({ err: error, tool: call.name }, 'could not preview a write; its description stands for it');
      rows.push({ key: '?', field: call.name, from: '', to: call.description });
    }
  }
  return rows;
}

/** What the model is told of a call a stop kept from running. */
function notRun(stop: StopRecord): ToolCallOutcome {
  return { status: 'denied', text: `Not run: ${stop.by.name ?? stop.by.id} stopped the run before this call started` };
}

/** Every call of the turn without an answer gets one: it was not run, because the run was stopped. */
export function skipUnanswered(calls: PendingCall[], stop: StopRecord): void {
  for (const call of calls) call.outcome ??= notRun(stop);
}

/**
 * Runs one call through the registry (which never throws), telling the front end it started. A call
 * whose run was stopped before it started does not run; one under way gets the stop as its signal.
 */
async function runCall(call: PendingCall, env: ToolTurnEnv): Promise<ToolCallOutcome> {
  const signal = env.context.signal;
  if (signal?.aborted) return notRun(signal.reason as StopRecord);
  const view = callView(call);
  await env.reporter.toolStarted(view);
  const started = Date.now();
  const outcome = await callOutcome(call, env);
  const error = outcome.status === 'ok' ? {} : { error: outcome.text };
  env.logger.info({ tool: call.name, callId: call.id, status: outcome.status, ms: Date.now() - started, ...error }, 'tool call');
  return outcome;
}

/**
 * Runs, side by side, the calls that need nobody's approval and have no answer yet. A call whose
 * sub-agents wait is left unanswered, marked `waitsOnSubAgents`; any other interruption (a lost
 * lease) is thrown once every call has stopped.
 */
export async function runAllowed(calls: PendingCall[], env: ToolTurnEnv): Promise<void> {
  const settled = await Promise.allSettled(
    calls.filter((call) => !call.outcome && !call.asked).map((call) => answer(call, runCall(call, env), env)),
  );
  const thrown = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (thrown) throw thrown.reason;
}

/** Answers the asked calls from what people decided: approved ones run, the others are cancelled. */
export async function runDecided(
  calls: PendingCall[],
  decisionOf: (call: PendingCall) => Promise<DecisionRecord | undefined>,
  env: ToolTurnEnv,
): Promise<void> {
  await Promise.all(
    calls
      .filter((call) => !call.outcome && call.asked)
      .map(async (call) => {
        const record = await decisionOf(call);
        const approved = record?.decision === 'approve' || record?.decision === 'approve_thread';
        const refused: ToolCallOutcome = {
          status: 'denied',
          text: refusalText(record),
        };
        await answer(call, approved ? runCall(call, env) : Promise.resolve(refused), env);
      }),
  );
}

function refusalText(record: DecisionRecord | undefined): string {
  if (record?.decision === 'expired') return `${CANCELLED}: nobody approved it in time`;
  if (record?.decision === 'unshown')
    return `Not run: the approval request could not be shown (${record.reason ?? 'unknown reason'}), so nobody could approve it`;
  return CANCELLED;
}

async function answer(call: PendingCall, outcome: Promise<ToolCallOutcome>, env: ToolTurnEnv): Promise<void> {
  try {
    call.outcome = await outcome;
  } catch (error) {
    if (!(error instanceof SubAgentsWaiting)) throw error;
    call.waitsOnSubAgents = true;
    return;
  }
  await env.reporter.toolFinished(callView(call), call.outcome);
}

/** Every call of the turn answered in one user message, in the order the model made them. */
export function resultsTurn(calls: readonly PendingCall[]): Anthropic.MessageParam {
  return {
    role: 'user',
    content: calls.map((call): Anthropic.ToolResultBlockParam => {
      const outcome = call.outcome ?? { status: 'error', text: 'Error: the call was not answered' };
      return {
        type: 'tool_result',
        tool_use_id: call.id,
        content: resultContent(outcome),
        ...(outcome.status === 'ok' ? {} : { is_error: true }),
      };
    }),
  };
}

/** The text alone, or the text then each image after the words that name it. */
function resultContent(outcome: ToolCallOutcome): Anthropic.ToolResultBlockParam['content'] {
  if (!outcome.images?.length) return outcome.text;
  return [
    { type: 'text', text: outcome.text },
    ...outcome.images.flatMap((image): (Anthropic.TextBlockParam | Anthropic.ImageBlockParam)[] => [
      { type: 'text', text: `${image.label} (${image.mime}, ${image.width}×${image.height}):` },
      { type: 'image', source: { type: 'base64', media_type: image.mime, data: image.data } },
    ]),
  ];
}

export function callView(call: PendingCall): ToolCallView {
  return { id: call.id, name: call.name, input: call.input, description: call.description, progress: call.progress };
}

/** The answers the model gets: the tool's output, or `Error: <message>`, capped so no answer floods the history. */
async function callOutcome(call: PendingCall, env: ToolTurnEnv): Promise<ToolCallOutcome> {
  const { delegate } = env;
  // The sub-agents are the run's, not the tool's: what breaks them (the store gone) breaks the run.
  let runFailure: { error: unknown } | undefined;
  const delegateHere =
    delegate &&
    (async (tasks: readonly DelegatedTask[], hooks: DelegationHooks) => {
      try {
        return await delegate(call, tasks, hooks);
      } catch (error) {
        runFailure = { error };
        throw error;
      }
    });
  const context: ToolContext = { ...env.context, replacePlan: env.onPlan, ...(delegateHere && { delegate: delegateHere }) };
  const result = await env.tools.call(call.name, call.input, context);
  if (runFailure) throw runFailure.error;
  if (!result.ok) return { status: 'error', text: capToolResult(`Error: ${result.error}`) };
  return {
    status: 'ok',
    text: capToolResult(result.text),
    ...(result.images?.length && { images: result.images }),
    ...(result.undo && { undo: result.undo }),
  };
}

function describeRaw(name: string, input: unknown): string {
  const json = JSON.stringify(input);
  return `${name} ${json.length > 300 ? `${json.slice(0, 299)}…` : json}`;
}
