import type { Requester } from '../tools/registry.js';
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
  /** Plain words for what the call does (the tool's own `describe`, else its name and input). */
  description: string;
  /** The step under way in a few words, from the tool's declaration ("Reading ACME-130…"). */
  progress: string;
}

export interface ToolCallOutcome {
  status: 'ok' | 'error' | 'denied';
  /** What the model was told (the tool's output, `Error: …`, or `Operation cancelled by user`). */
  text: string;
}

/** Why a finished run stopped. Only `answered` is an ordinary end. */
export type RunStop =
  | 'answered'
  | 'truncated'
  | 'context_full'
  | 'refused'
  | 'iteration_limit'
  | 'unexpected_stop';

export interface RunTotals {
  runId: string;
  threadKey: string;
  plan: PlanView;
  usage: RunUsage;
  /** Model requests made. */
  iterations: number;
  toolCalls: number;
  durationMs: number;
}

export interface RunResult extends RunTotals {
  /** The model's final text (Markdown); may be empty. */
  answer: string;
  stop: RunStop;
  /** Plain words to show beside the answer when the run did not end ordinarily. */
  note?: string;
}

export interface RunFailure extends RunTotals {
  /** What failed, in plain words. */
  message: string;
  /** True when `agent.retry(runId)` may continue the run where it stopped. */
  retryable: boolean;
}

/** A run a person stopped (a Stop button, or the chat's own stop control). */
export interface RunStopped extends RunTotals {
  stoppedBy: Requester;
}

export interface Reporter {
  /** Text the model wrote alongside tool calls, one call per assistant turn (the final answer goes to `done`). */
  text(text: string): Promise<void>;
  planChanged(plan: PlanView): Promise<void>;
  toolStarted(call: ToolCallView): Promise<void>;
  toolFinished(call: ToolCallView, outcome: ToolCallOutcome): Promise<void>;
  /** Shows the answer; throws when it could not be shown (the run then fails and its retry shows it again). */
  done(result: RunResult): Promise<void>;
  failed(failure: RunFailure): Promise<void>;
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

export interface Approver {
  /**
   * Shows the request with its three choices; each choice must end in `agent.decide(...)`. Returns
   * where it was shown (JSON), saved with the run and handed back to `settled`.
   */
  ask(request: ApprovalRequest): Promise<unknown>;
  /** The request got its answer, or expired: show that and take the choices away. */
  settled(request: ApprovalRequest, outcome: ApprovalOutcome, shown: unknown): Promise<void>;
}

/** What the agent knows of a run when it asks the front end for its reporter and approver. */
export interface RunInfo {
  runId: string;
  threadKey: string;
  requester: Requester;
  /** The plan as the run last saved it (a run resumed in another process shows it again). */
  plan: PlanView;
}

export interface FrontEnd {
  reporter: Reporter;
  approver: Approver;
  /** The front end's current state (JSON: e.g. where its status message is), saved when the run pauses. */
  state?(): unknown;
}

/**
 * Builds the front end of one run in this process, from the state the front end gave at submit or
 * last returned from `state()` (a run paused in another process comes back with it).
 */
export type FrontEndFactory = (savedState: unknown, run: RunInfo) => FrontEnd;
