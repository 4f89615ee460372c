import type { Logger } from '../log.js';
import type { Requester } from '../tools/registry.js';
import type { ApprovalRequest, Decision, FrontEnd } from './front-end.js';
import type { PendingCall, SavedRun } from './run.js';
import type { DecisionRecord, RunStore, StopRecord } from './run-store.js';
import { callView } from './tool-calls.js';
import type { ThreadStore } from './threads.js';

export interface DecideInput {
  runId: string;
  callId: string;
  decision: Decision;
  decidedBy: Requester;
}

export type DecideResult =
  | { outcome: 'accepted' }
  /** The person is neither the requester nor one of the approvers; nothing changed. */
  | { outcome: 'not_allowed' }
  /** Someone (or the timeout) decided first; `decision` is what counts. */
  | { outcome: 'already_decided'; decision: DecisionRecord | undefined }
  /** No run is waiting for this call (finished, expired from the store, or never existed). */
  | { outcome: 'unknown' };

/** What deciding needs from the agent. */
export interface ApprovalEnv {
  runs: RunStore;
  threads: ThreadStore;
  approvers: readonly string[];
  frontEndOf(run: SavedRun): FrontEnd;
  /** Continues the run, in the background, if every asked call has its decision and no process drives it yet. */
  resume(runId: string): void;
  now(): number;
  logger: Logger;
}

/**
 * A person's answer to one approval request. The claim in the store makes the first decision win in
 * whichever process it lands; "approve for this thread" also answers the run's other waiting calls of
 * the same tool and lets that tool run unasked for the rest of the thread.
 */
export async function decide(env: ApprovalEnv, input: DecideInput): Promise<DecideResult> {
  const log = env.logger.child({ runId: input.runId, callId: input.callId, by: input.decidedBy.id });
  const run = await env.runs.get(input.runId);
  const call = run?.status === 'waiting' ? run.pending?.calls.find((c) => c.id === input.callId && c.asked) : undefined;
  if (!run || !call) {
    log.info('decision ignored: no run waits for this call (finished, expired or unknown)');
    return { outcome: 'unknown' };
  }
  if (input.decidedBy.id !== run.message.requester.id && !env.approvers.includes(input.decidedBy.id)) {
    log.info('decision ignored: only the requester or an approver may decide');
    return { outcome: 'not_allowed' };
  }
  const record: DecisionRecord = { decision: input.decision, decidedBy: input.decidedBy, at: env.now() };
  const frontEnd = env.frontEndOf(run);
  if (!(await settle(env, frontEnd, run, call, record))) {
    const decision = await env.runs.decisionOf(run.id, call.id);
    log.info({ decided: decision?.decision }, 'decision ignored: the call was already decided');
    return { outcome: 'already_decided', decision };
  }
  log.info({ decision: input.decision, tool: call.name }, 'approval decided');
  if (input.decision === 'approve_thread') {
    await env.threads.approveTool(run.threadKey, call.name, input.decidedBy, record.at);
    const sameTool = run.pending!.calls.filter((c) => c.asked && c.id !== call.id && c.name === call.name);
    for (const other of sameTool) await settle(env, frontEnd, run, other, record);
  }
  env.resume(run.id);
  return { outcome: 'accepted' };
}

/**
 * Denies every approval whose deadline has passed (PLANEBOT_APPROVAL_TIMEOUT) and resumes its run.
 * Returns how many requests expired. Safe to call from every process at any rate.
 */
export async function expireDue(env: ApprovalEnv, now: number): Promise<number> {
  let expired = 0;
  for (const [runId, { deadline }] of Object.entries(await env.runs.index())) {
    if (deadline === undefined || deadline > now) continue;
    const run = await env.runs.get(runId);
    if (run?.status !== 'waiting' || !run.pending) continue;
    const frontEnd = env.frontEndOf(run);
    for (const call of run.pending.calls.filter((c) => c.asked)) {
      if (await settle(env, frontEnd, run, call, { decision: 'expired', at: now })) expired += 1;
    }
    env.logger.info({ runId }, 'approval timed out: denied');
    env.resume(runId);
  }
  return expired;
}

/**
 * A stopped run's requests still waiting are withdrawn: each is claimed as `withdrawn` (a later click
 * finds it decided) and the front end edits it to say so.
 */
export async function withdrawWaiting(runs: RunStore, frontEnd: FrontEnd, run: SavedRun, stop: StopRecord): Promise<void> {
  for (const call of await undecidedCalls(runs, run)) {
    await settle({ runs }, frontEnd, run, call, { decision: 'withdrawn', decidedBy: stop.by, at: stop.at });
  }
}

/** Claims the decision for one call; the winner tells the front end, which edits its request. */
async function settle(env: Pick<ApprovalEnv, 'runs'>, frontEnd: FrontEnd, run: SavedRun, call: PendingCall, record: DecisionRecord): Promise<boolean> {
  if (!(await env.runs.claimDecision(run.id, call.id, record))) return false;
  await frontEnd.approver.settled(approvalRequest(run, call), record, call.shown);
  return true;
}

/** The calls of the waiting turn asked of a person and not decided yet. */
export async function undecidedCalls(runs: RunStore, run: SavedRun): Promise<PendingCall[]> {
  const open = run.pending?.calls.filter((call) => call.asked && !call.outcome) ?? [];
  const decisions = await Promise.all(open.map((call) => runs.decisionOf(run.id, call.id)));
  return open.filter((_, i) => decisions[i] === undefined);
}

export function approvalRequest(run: SavedRun, call: PendingCall): ApprovalRequest {
  return {
    runId: run.id,
    callId: call.id,
    threadKey: run.threadKey,
    call: callView(call),
    requester: run.message.requester,
    deadline: run.pending?.deadline ?? 0,
  };
}
