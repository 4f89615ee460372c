import type { Phrase, Translator } from '../i18n/index.js';
import type { SubAgentOutcome } from '../tools/delegate/index.js';
import type { ChangeRow, Requester, ToolImage } from '../tools/registry.js';
import type { PlanItem } from '../tools/plan/index.js';
import type { RunUsage } from './usage.js';

/**
 * How a run talks to whoever shows it (the Slack layer, the sandbox, tests). Nothing here names a chat
 * product: the front end decides what a "status message" or a "button" is.
 */

/** The agent's checklist as it stands, with its progress line ("2/5 tasks completed"). */
export interface PlanView {
  items: PlanItem[];
  progress: string;
}

/** One tool call as the front end may show it. */
export interface ToolCallView {
  id: string;
  name: string;
  input: unknown;
  /** Plain words for what the call does (the tool's own `describe`, else its name and input), in the front end's `words`. */
  description: string;
  /** The step under way in a few words, from the tool's declaration ("Reading ACME-130…"), in the front end's `words`. */
  progress: string;
}

export interface ToolCallOutcome {
  status: 'ok' | 'error' | 'denied';
  /** What the model was told (the tool's output, `Error: …`, or `Operation cancelled by user`). */
  text: string;
  /** The images the call showed, sent to the model beside the text. */
  images?: readonly ToolImage[];
  /** The id a person may take the call's write back by (an undo journal's), when it made one. */
  undo?: string;
}

/** Why a finished run stopped. Only `answered` is an ordinary end. */
export type RunStop = 'answered' | 'truncated' | 'context_full' | 'refused' | 'iteration_limit' | 'unexpected_stop';

/** Where a sub-agent stands: waiting for a slot, working, waiting for people, or finished. */
export type SubAgentPhase = 'queued' | 'running' | 'waiting' | 'finished';

/** One sub-agent of the run (the delegate tool), as the front end may show it under the run's plan. */
export interface SubAgentView {
  /** Unique within the run. */
  key: string;
  /** The task's title, e.g. "Audit ACME bugs". */
  title: string;
  phase: SubAgentPhase;
  plan: PlanView;
  /** Its step under way ("Reading ACME-12…"), while it runs a tool. */
  step?: string;
  /** How it ended, once finished. */
  outcome?: SubAgentOutcome;
  toolCalls: number;
  /** Model requests. */
  iterations: number;
  usage: RunUsage;
  /** Since it started (to its end once finished); 0 while queued. */
  durationMs: number;
}

export interface RunTotals {
  runId: string;
  threadKey: string;
  plan: PlanView;
  /** Summed over the run's own model requests and its sub-agents' (each one's is in `subAgents`). */
  usage: RunUsage;
  /** The sub-agents of the run, in the order of their tasks; empty when it delegated nothing. */
  subAgents: SubAgentView[];
  /** Model requests made. */
  iterations: number;
  toolCalls: number;
  durationMs: number;
}

export interface RunResult extends RunTotals {
  /** The model's final text (Markdown); may be empty. */
  answer: string;
  stop: RunStop;
  /** What to show beside the answer when the run did not end ordinarily (`forModel` writes it for the model). */
  note?: Phrase;
  /**
   * How many of the answer's messages already reached people, when showing it was refused part-way
   * (`AnswerPartlyShown`): showing it again starts after them.
   */
  alreadyShown?: number;
}

/** `Reporter.done` could not show the whole answer: `shown` of its messages (counted from the first) reached people. */
export class AnswerPartlyShown extends Error {
  override readonly name = 'AnswerPartlyShown';
  constructor(
    readonly shown: number,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

export interface RunFailure extends RunTotals {
  /** What failed, for the front end to say in its reader's language. */
  reason: Phrase;
  /** True when `agent.retry(runId)` may continue the run where it stopped. */
  retryable: boolean;
}

/**
 * The state store stopped answering mid-run. Not a failure for anyone to act on: the run goes on by
 * itself from its last saved step once the store is back (in whichever process takes it up).
 */
export interface RunStranded extends RunTotals {
  reason: Phrase;
}

/** A run a person stopped (a Stop button, or the chat's own stop control). */
export interface RunStopped extends RunTotals {
  stoppedBy: Requester;
}

export interface Reporter {
  /**
   * A piece of text as the model writes it (every turn's, the answer's included), for a front end that
   * shows it growing; `text` and `done` still get the whole text. Not awaited: it must not throw.
   */
  textDelta?(delta: string): Promise<void>;
  /** Text the model wrote alongside tool calls, one call per assistant turn (the final answer goes to `done`). */
  text(text: string): Promise<void>;
  planChanged(plan: PlanView): Promise<void>;
  /** A sub-agent started, changed its plan or step, waits for people, or finished. */
  subAgentChanged(subAgent: SubAgentView): Promise<void>;
  toolStarted(call: ToolCallView): Promise<void>;
  toolFinished(call: ToolCallView, outcome: ToolCallOutcome): Promise<void>;
  /** Shows the answer; throws when it could not be shown (the run then fails and its retry shows it again). */
  done(result: RunResult): Promise<void>;
  failed(failure: RunFailure): Promise<void>;
  /** The run cannot go on for now, and goes on by itself later: nothing is asked of people. */
  stranded(stranded: RunStranded): Promise<void>;
  /** The run was stopped: nothing more comes from it (a new message in the thread goes on from its history). */
  stopped(stopped: RunStopped): Promise<void>;
}

export type Decision = 'approve' | 'approve_thread' | 'deny';

export interface ApprovalRequest {
  runId: string;
  callId: string;
  threadKey: string;
  call: ToolCallView;
  /** Who started the run; with the agent's `approvers`, the only people whose decision counts. */
  requester: Requester;
  /** The title of the sub-agent that makes the call; absent when the run itself makes it. */
  subAgent?: string;
  /** When the request is denied unanswered (epoch ms). */
  deadline: number;
}

export interface ApprovalOutcome {
  /**
   * `unshown`: the request could not be shown, so the call was not approved (`reason` says why).
   * `withdrawn`: the run was stopped while the request waited (`decidedBy` stopped it).
   */
  decision: Decision | 'expired' | 'unshown' | 'withdrawn';
  /** Absent when the request expired or could not be shown. */
  decidedBy?: Requester;
  reason?: string;
  at: number;
}

/**
 * Many work-item writes of one turn, asked once (PLANEBOT_BULK_THRESHOLD): `callId` is the one every
 * choice names (the first of `calls`); a decision on it answers them all.
 */
export interface BulkApprovalRequest {
  runId: string;
  callId: string;
  threadKey: string;
  calls: ToolCallView[];
  /** Every change, read before any runs; empty when the request is settled (the front end kept them). */
  rows: ChangeRow[];
  requester: Requester;
  subAgent?: string;
  deadline: number;
}

export interface Approver {
  /**
   * Shows the request with its three choices; each choice must end in `agent.decide(...)`. Returns
   * where it was shown (JSON), saved with the run and handed back to `settled`.
   */
  ask(request: ApprovalRequest): Promise<unknown>;
  /** The request got its answer, or expired: show that and take the choices away. */
  settled(request: ApprovalRequest, outcome: ApprovalOutcome, shown: unknown): Promise<void>;
  /**
   * Shows many writes as one request with a preview of every change, approved or denied as a whole
   * (its choices end in `agent.decide(...)` for `request.callId`). Without it each call is asked alone.
   */
  askBulk?(request: BulkApprovalRequest): Promise<unknown>;
  /** The bulk request got its answer: show that on it. */
  settledBulk?(request: BulkApprovalRequest, outcome: ApprovalOutcome, shown: unknown): Promise<void>;
}

/** What the agent knows of a run when it asks the front end for its reporter and approver. */
export interface RunInfo {
  runId: string;
  threadKey: string;
  requester: Requester;
  /** The plan as the run last saved it (a run resumed in another process shows it again). */
  plan: PlanView;
  /** Its sub-agents as last saved. */
  subAgents: SubAgentView[];
}

export interface FrontEnd {
  reporter: Reporter;
  approver: Approver;
  /** The language people read this run in (its calls' descriptions and steps); English when absent. */
  words?: Translator;
  /** The front end's current state (JSON: e.g. where its status message is), saved when the run pauses. */
  state?(): unknown;
}

/**
 * Builds the front end of one run in this process, from the state the front end gave at submit or
 * last returned from `state()` (a run paused in another process comes back with it).
 */
export type FrontEndFactory = (savedState: unknown, run: RunInfo) => FrontEnd;
