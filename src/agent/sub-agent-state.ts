import { planProgress } from '../tools/plan/index.js';
import type { SubAgentPhase, SubAgentView } from './front-end.js';
import type { PendingCall, SavedRun, SubAgentRun } from './run.js';

/** What the saved sub-agents of a run say, for the loop, approvals and front ends (docs/runs.md). */

export function subAgentKey(callId: string, index: number): string {
  return `${callId}/${index}`;
}

export function phaseOf(subAgent: SubAgentRun): SubAgentPhase {
  if (subAgent.report) return 'finished';
  if (subAgent.startedAt === undefined) return 'queued';
  return subAgent.run.status === 'waiting' ? 'waiting' : 'running';
}

export function subAgentView(callId: string, index: number, subAgent: SubAgentRun, now: number, step?: string): SubAgentView {
  const { run } = subAgent;
  const started = subAgent.startedAt;
  return {
    key: subAgentKey(callId, index),
    title: subAgent.title,
    phase: phaseOf(subAgent),
    plan: { items: run.plan, progress: planProgress(run.plan) },
    ...(step && { step }),
    ...(subAgent.report && { outcome: subAgent.report.outcome }),
    toolCalls: run.toolCalls,
    iterations: run.iterations,
    usage: run.usage,
    durationMs: started === undefined ? 0 : (subAgent.endedAt ?? now) - started,
  };
}

/** Every sub-agent of the run, in the order of its delegate calls and their tasks. */
export function subAgentViews(run: SavedRun, now: number): SubAgentView[] {
  return Object.entries(run.delegations ?? {}).flatMap(([callId, subAgents]) =>
    subAgents.map((subAgent, index) => subAgentView(callId, index, subAgent, now)),
  );
}

/** A call waiting for a person: the run's own, or one of a sub-agent's (`owner` is whose turn it is). */
export interface WaitingCall {
  owner: SavedRun;
  call: PendingCall;
  subAgent?: string;
}

/**
 * The calls people may decide now: the run's own while it waits, and those of its sub-agents that
 * wait (whether the run itself is paused or still driving its other sub-agents).
 */
export function waitingCalls(run: SavedRun): WaitingCall[] {
  const asked = (owner: SavedRun, subAgent?: string): WaitingCall[] =>
    owner.status === 'waiting'
      ? (owner.pending?.calls ?? [])
          .filter((call) => call.asked && !call.outcome)
          .map((call) => ({ owner, call, ...(subAgent && { subAgent }) }))
      : [];
  // A sub-agent stopped while it waited keeps its waiting turn (and its report): its requests can still be withdrawn.
  const subAgents = Object.values(run.delegations ?? {}).flat();
  return [...asked(run), ...subAgents.flatMap((subAgent) => asked(subAgent.run, subAgent.title))];
}

/**
 * Once a delegate call is answered its sub-agents' histories are of no more use; their counters stay,
 * and so does a waiting turn (only a stop leaves one), whose requests the stop withdraws.
 */
export function forgetSubAgentHistories(run: SavedRun, calls: readonly PendingCall[]): void {
  for (const call of calls) {
    for (const subAgent of run.delegations?.[call.id] ?? []) subAgent.run.messages = [];
  }
}
