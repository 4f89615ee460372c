/** What the delegate tool hands the agent run and gets back: the contract of `ToolContext.delegate`. */

export interface DelegatedTask {
  /** A few words naming the task, shown in the status message and in approvals ("Audit ACME bugs"). */
  title: string;
  /** Everything the sub-agent needs to know to do it alone. */
  prompt: string;
  /** A task of the channel's tree this sub-agent works on: in-progress while it runs, then done or blocked. */
  taskId?: string;
}

/**
 * How a sub-agent ended: `done` it ended its turn with a report; `capped` it hit its iteration cap
 * (PLANEBOT_SUBAGENT_MAX_ITERATIONS); `failed` the model failed or the run stopped otherwise.
 */
export type SubAgentOutcome = 'done' | 'capped' | 'failed';

export interface SubAgentReport {
  title: string;
  taskId?: string;
  outcome: SubAgentOutcome;
  /** Its final message for `done`; otherwise what it got done (its plan's completed steps, its last words). */
  report: string;
  /** Why it stopped, when it did not end with a report. */
  reason?: string;
  toolCalls: number;
  /** Model requests. */
  iterations: number;
  durationMs: number;
}

/** Called by the agent run as each sub-agent starts (or is taken up again) and ends; idempotent moves. */
export interface DelegationHooks {
  started(index: number): Promise<void>;
  ended(index: number, report: SubAgentReport): Promise<void>;
}
