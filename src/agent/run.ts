import type Anthropic from '@anthropic-ai/sdk';
import type { DelegatedTask, SubAgentReport } from '../tools/delegate/index.js';
import type { PlanItem } from '../tools/plan/index.js';
import type { Requester, ToolContext } from '../tools/registry.js';
import type { RunResult, ToolCallOutcome } from './front-end.js';
import { emptyUsage, type RunUsage } from './usage.js';
import type { Retries } from './stop-reason.js';

/** What the front end says about where a message was written; it becomes the tools' ToolContext. */
export interface RunContext extends Omit<ToolContext, 'requester' | 'signal'> {
  /** How the chat names the place (e.g. "#eng"), for the prompt. */
  channel?: string;
  /** The requester's Plane member as the front end resolved it, for the prompt. */
  planeMember?: string;
  /** The place's default Plane project (ACME), used when a request names none. */
  defaultProject?: string;
  /** What the place's admins ask of the agent there: guidance under the rules, never a permission. */
  instruction?: string;
}

/** A message handed to `agent.submit`, kept as is while it waits in a thread's queue. */
export interface IncomingMessage {
  requester: Requester;
  text: string;
  context: RunContext;
  /** Opaque JSON of the front end (where its status message is), given back to its factory. */
  frontEndState?: unknown;
  /** Earlier messages of a conversation the bot was not part of, read once for context. */
  earlierMessages?: string;
}

/** One tool call of the turn being answered. */
export interface PendingCall {
  id: string;
  name: string;
  input: unknown;
  description: string;
  /** The tool's words for the step under way (its declaration's `progress`); empty for a call that never runs. */
  progress: string;
  /** The call's permission was `ask` and the thread had not approved its tool, or it is one of a bulk. */
  asked: boolean;
  /** One of the turn's many work-item writes, asked together (PLANEBOT_BULK_THRESHOLD). */
  bulk?: boolean;
  /** Set once the model's answer for this call is known. */
  outcome?: ToolCallOutcome;
  /** What the approver returned from `ask`, for `settled`. */
  shown?: unknown;
  /** The call's sub-agents (delegate) wait for people: it is answered when the run resumes. */
  waitsOnSubAgents?: boolean;
}

/**
 * One task of a delegate call, saved inside its run. Its `run` is its own loop's state (history,
 * plan, counters, waiting turn); its id, thread and message are the run's, since approvals are.
 */
export interface SubAgentRun extends DelegatedTask {
  run: SavedRun;
  /** Set when it first got a slot. */
  startedAt?: number;
  endedAt?: number;
  /** Set once it finished: a finished sub-agent is never driven again. */
  report?: SubAgentReport;
}

/**
 * Everything needed to continue a run in any process: the conversation so far, the turn waiting for
 * approvals, the plan and the counters. Stored as JSON under its id.
 */
export interface SavedRun {
  id: string;
  threadKey: string;
  status: 'running' | 'waiting' | 'failed' | 'stopped';
  /** Who asked and where: the text and earlier messages are in `messages` already. */
  message: Pick<IncomingMessage, 'requester' | 'context'>;
  /** The front end's state as last saved (starts as message.frontEndState). */
  frontEndState: unknown;
  /** messages[0 .. historyLength) came from the thread; the rest is this run's. */
  historyLength: number;
  messages: Anthropic.MessageParam[];
  plan: PlanItem[];
  usage: RunUsage;
  iterations: number;
  toolCalls: number;
  startedAt: number;
  retries: Retries;
  maxTokens: number;
  /** The tool calls of the last assistant turn while some wait for a decision. */
  pending?: { calls: PendingCall[]; deadline: number };
  /** A finished run whose answer the front end could not show: a retry shows it again, without the model. */
  unshownAnswer?: RunResult;
  /** Who stopped the run (status `stopped`). */
  stoppedBy?: Requester;
  /**
   * The sub-agents of the run's delegate calls, by call id. Once a call is answered only their
   * counters and plans stay (for the final status and usage); their histories go.
   */
  delegations?: Record<string, SubAgentRun[]>;
}

export function newRun(options: {
  id: string;
  threadKey: string;
  message: IncomingMessage;
  history: Anthropic.MessageParam[];
  userTurn: Anthropic.MessageParam;
  maxTokens: number;
  now: number;
}): SavedRun {
  return {
    id: options.id,
    threadKey: options.threadKey,
    status: 'running',
    message: { requester: options.message.requester, context: options.message.context },
    frontEndState: options.message.frontEndState,
    historyLength: options.history.length,
    messages: [...options.history, options.userTurn],
    plan: [],
    usage: emptyUsage(),
    iterations: 0,
    toolCalls: 0,
    startedAt: options.now,
    retries: { pauses: 0, nudges: 0, longer: 0 },
    maxTokens: options.maxTokens,
  };
}

/** The turns this run added to its thread's history. */
export function runTurns(run: SavedRun): Anthropic.MessageParam[] {
  return run.messages.slice(run.historyLength);
}
