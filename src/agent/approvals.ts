import type { Logger } from '../log.js';
import type { ChangeRow, Requester } from '../tools/registry.js';
import type { ApprovalRequest, BulkApprovalRequest, Decision, FrontEnd } from './front-end.js';
import type { PendingCall, SavedRun } from './run.js';
import type { DecisionRecord, RunStore, StopRecord } from './run-store.js';
import { callView } from './tool-calls.js';
import { waitingCalls, type WaitingCall } from './sub-agent-state.js';
import type { ThreadStore } from './threads.js';
import { mayControl } from './control.js';

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
  const waiting = run ? waitingCalls(run) : [];
  const asked = waiting.find((w) => w.call.id === input.callId);
  if (!run || !asked) {
    log.info('decision ignored: no run waits for this call (finished, expired or unknown)');
    return { outcome: 'unknown' };
  }
  if (!mayControl(run.message.requester.id, input.decidedBy.id, env.approvers)) {
    log.info('decision ignored: only the requester or an approver may decide');
    return { outcome: 'not_allowed' };
  }
  const frontEnd = env.frontEndOf(run);
  const { call } = asked;
  if (call.bulk) return decideBulk(env, run, waiting, asked, input, log);
  const record: DecisionRecord = { decision: input.decision, decidedBy: input.decidedBy, at: env.now() };
  if (!(await settle(env.runs, frontEnd, asked, record))) {
    const decision = await env.runs.decisionOf(run.id, call.id);
    log.info({ decided: decision?.decision }, 'decision ignored: the call was already decided');
    return { outcome: 'already_decided', decision };
  }
  log.info({ decision: input.decision, tool: call.name, subAgent: asked.subAgent }, 'approval decided');
  if (input.decision === 'approve_thread') {
    await env.threads.approveTool(run.threadKey, call.name, input.decidedBy, record.at);
    // The run's other waiting calls of that tool, its sub-agents' included.
    const sameTool = waiting.filter((w) => w.call.id !== call.id && w.call.name === call.name);
    for (const other of sameTool) await settle(env.runs, frontEnd, other, record);
  }
  // A run still driven (its other sub-agents working) picks the decision up itself; this does nothing then.
  env.resume(run.id);
  return { outcome: 'accepted' };
}

/**
 * A decision on a bulk request answers every call of it, as a whole: approved (for this turn only:
 * a bulk grants nothing for the thread) or denied.
 */
async function decideBulk(
  env: ApprovalEnv,
  run: SavedRun,
  waiting: readonly WaitingCall[],
  asked: WaitingCall,
  input: DecideInput,
  log: Logger,
): Promise<DecideResult> {
  const decision = input.decision === 'deny' ? 'deny' : 'approve';
  const record: DecisionRecord = { decision, decidedBy: input.decidedBy, at: env.now() };
  const group = waiting.filter((w) => w.owner.id === asked.owner.id && w.call.bulk);
  if ((await settleAll(env.runs, env.frontEndOf(run), group, record)) === 0) {
    const decided = await env.runs.decisionOf(asked.owner.id, asked.call.id);
    log.info({ decided: decided?.decision }, 'decision ignored: the bulk was already decided');
    return { outcome: 'already_decided', decision: decided };
  }
  log.info({ decision, calls: group.length }, 'bulk approval decided');
  env.resume(run.id);
  return { outcome: 'accepted' };
}

/** An approval request someone may decide now, as a list of them shows it (the App Home). */
export interface AwaitingApproval {
  runId: string;
  callId: string;
  tool: string;
  description: string;
  requester: Requester;
  deadline: number;
  /** The run's front-end state: where its thread is. */
  frontEndState: unknown;
  subAgent?: string;
}

/**
 * The requests `userId` may decide: those of the runs they started and, for a PLANEBOT_APPROVERS
 * member, every run's. Soonest deadline first.
 */
export async function approvalsAwaiting(env: Pick<ApprovalEnv, 'runs' | 'approvers'>, userId: string): Promise<AwaitingApproval[]> {
  const anyRun = env.approvers.includes(userId);
  const found: AwaitingApproval[] = [];
  for (const [runId, { deadline }] of Object.entries(await env.runs.index())) {
    if (deadline === undefined) continue;
    const run = await env.runs.get(runId);
    if (!run || (!anyRun && run.message.requester.id !== userId)) continue;
    for (const { owner, call, subAgent } of waitingCalls(run)) {
      found.push({
        runId,
        callId: call.id,
        tool: call.name,
        description: call.description,
        requester: run.message.requester,
        deadline: owner.pending?.deadline ?? deadline,
        frontEndState: run.frontEndState,
        ...(subAgent && { subAgent }),
      });
    }
  }
  return found.sort((a, b) => a.deadline - b.deadline);
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
    const count = await expireOverdue(env.runs, env.frontEndOf(run), run, now);
    if (count > 0) env.logger.info({ runId, expired: count }, 'approval timed out: denied');
    expired += count;
    env.resume(runId);
  }
  return expired;
}

/**
 * A stopped run's requests still waiting, its sub-agents' included, are withdrawn: each is claimed as
 * `withdrawn` (a later click finds it decided) and the front end edits it to say so.
 */
export async function withdrawWaiting(runs: RunStore, frontEnd: FrontEnd, run: SavedRun, stop: StopRecord): Promise<void> {
  await settleAll(runs, frontEnd, waitingCalls(run), { decision: 'withdrawn', decidedBy: stop.by, at: stop.at });
}

/** Denies the run's waiting calls (its sub-agents' included) whose deadline has passed; returns how many. */
export async function expireOverdue(runs: RunStore, frontEnd: FrontEnd, run: SavedRun, now: number): Promise<number> {
  const overdue = waitingCalls(run).filter((waiting) => (waiting.owner.pending?.deadline ?? 0) <= now);
  return settleAll(runs, frontEnd, overdue, { decision: 'expired', at: now });
}

/**
 * Claims the decision for each call; each request the front end showed is edited once: a call
 * asked alone by itself, the calls of a bulk request together. Returns how many calls it claimed.
 */
async function settleAll(runs: RunStore, frontEnd: FrontEnd, waitings: readonly WaitingCall[], record: DecisionRecord): Promise<number> {
  const { approver } = frontEnd;
  let claimed = 0;
  const bulks = new Map<SavedRun, { calls: PendingCall[]; subAgent?: string }>();
  for (const waiting of waitings) {
    const { owner, call, subAgent } = waiting;
    if (!call.bulk || !approver.settledBulk) {
      if (await settle(runs, frontEnd, waiting, record)) claimed += 1;
      continue;
    }
    if (!(await runs.claimDecision(owner.id, call.id, record))) continue;
    claimed += 1;
    const group = bulks.get(owner) ?? { calls: [], ...(subAgent && { subAgent }) };
    group.calls.push(call);
    bulks.set(owner, group);
  }
  for (const [owner, { calls, subAgent }] of bulks) {
    const shown = owner.pending?.calls.find((call) => call.bulk && call.shown !== undefined)?.shown;
    await approver.settledBulk!(bulkApprovalRequest(owner, calls, subAgent), record, shown);
  }
  return claimed;
}

/** Claims the decision for one call; the winner tells the front end, which edits its request. */
async function settle(
  runs: RunStore,
  frontEnd: FrontEnd,
  { owner, call, subAgent }: WaitingCall,
  record: DecisionRecord,
): Promise<boolean> {
  if (!(await runs.claimDecision(owner.id, call.id, record))) return false;
  runs.noteDecision(owner, record);
  await frontEnd.approver.settled(approvalRequest(owner, call, subAgent), record, call.shown);
  return true;
}

/** The calls of the waiting turn asked of a person and not decided yet. */
export async function undecidedCalls(runs: RunStore, run: SavedRun): Promise<PendingCall[]> {
  const open = run.pending?.calls.filter((call) => call.asked && !call.outcome) ?? [];
  const decisions = await Promise.all(open.map((call) => runs.decisionOf(run.id, call.id)));
  return open.filter((_, i) => decisions[i] === undefined);
}

/**
 * Whether a waiting run can go on: none of its own asked calls is undecided, and, when its turn waits
 * on sub-agents, one of them has all its decisions (the others may go on waiting).
 */
export async function canProceed(runs: RunStore, run: SavedRun): Promise<boolean> {
  if ((await undecidedCalls(runs, run)).length > 0) return false;
  const waitingOn = (run.pending?.calls ?? []).filter((call) => call.waitsOnSubAgents);
  if (waitingOn.length === 0) return true;
  const subAgents = waitingOn.flatMap((call) => run.delegations?.[call.id] ?? []).filter((s) => !s.report && s.run.status === 'waiting');
  for (const subAgent of subAgents) if ((await undecidedCalls(runs, subAgent.run)).length === 0) return true;
  return false;
}

/** The deadline a waiting run is listed with: the earliest among its undecided calls and its sub-agents'. */
export async function earliestDeadline(runs: RunStore, run: SavedRun): Promise<number | undefined> {
  const open = await Promise.all(
    waitingCalls(run).map(async ({ owner, call }) =>
      (await runs.decisionOf(owner.id, call.id)) ? undefined : (owner.pending?.deadline ?? 0),
    ),
  );
  const deadlines = open.filter((deadline): deadline is number => deadline !== undefined);
  return deadlines.length === 0 ? undefined : Math.min(...deadlines);
}

/** The bulk request of a turn's writes; `rows` only when it is first shown (the front end keeps them). */
export function bulkApprovalRequest(
  run: SavedRun,
  calls: readonly PendingCall[],
  subAgent?: string,
  rows: ChangeRow[] = [],
): BulkApprovalRequest {
  return {
    runId: run.id,
    callId: calls[0]!.id,
    threadKey: run.threadKey,
    calls: calls.map(callView),
    rows,
    requester: run.message.requester,
    ...(subAgent && { subAgent }),
    deadline: run.pending?.deadline ?? 0,
  };
}

export function approvalRequest(run: SavedRun, call: PendingCall, subAgent?: string): ApprovalRequest {
  return {
    runId: run.id,
    callId: call.id,
    threadKey: run.threadKey,
    call: callView(call),
    requester: run.message.requester,
    ...(subAgent && { subAgent }),
    deadline: run.pending?.deadline ?? 0,
  };
}
