import { noMeter, type AgentMeter } from './meter.js';
import { randomUUID } from 'node:crypto';
import { DEFAULT_LOCALE, phrase, translator } from '../i18n/index.js';
import { silentLogger, type Logger } from '../log.js';
import { pollStore, type StorePoller } from '../state/poller.js';
import { isStateUnavailable, type StateStore, type StateUnavailableError } from '../state/store.js';
import { createDelegateTool, type DelegateToolOptions } from '../tools/delegate/index.js';
import { updatePlanTool } from '../tools/plan/index.js';
import { ToolRegistry } from '../tools/registry.js';
import {
  approvalsAwaiting,
  canProceed,
  decide,
  expireDue,
  withdrawWaiting,
  type ApprovalEnv,
  type AwaitingApproval,
  type DecideInput,
  type DecideResult,
} from './approvals.js';
import { cachedSystem, cachedTools } from './cache.js';
import { AnswerPartlyShown, type FrontEnd, type FrontEndFactory } from './front-end.js';
import { guardFrontEnd } from './guarded-front-end.js';
import { closeStoppedRun, drive, planView, totals, type LoopEnd, type LoopEnv, type RunEnv } from './loop.js';
import { DEFAULT_MAX_TOKENS, modelClient, type ModelOptions } from './model.js';
import { createPermissions, loadPermissions, type Permission } from './permissions.js';
import { errorText, forModel, internalFailure } from './reasons.js';
import { newRun, runTurns, type IncomingMessage, type SavedRun } from './run.js';
import { LeaseLost, RunLease } from './run-lease.js';
import { RunStore, type StopRecord } from './run-store.js';
import { watchForStop, type StopWatch } from './stop-watch.js';
import type { Requester } from '../tools/registry.js';
import { runDelegation, type SubAgentEnv } from './sub-agents.js';
import { requestTurn, subAgentSystemPrompt, systemPrompt, type PromptSettings } from './system-prompt.js';
import { ThreadStore, type QueuedItem, type StartItem } from './threads.js';
import { toModelTools } from './tool-schema.js';
import {
  DEFAULT_APPROVAL_TIMEOUT_MS,
  DEFAULT_BULK_THRESHOLD,
  DEFAULT_MAX_ITERATIONS,
  DEFAULT_SUBAGENT_MAX_ITERATIONS,
} from './defaults.js';
import { subAgentViews } from './sub-agent-state.js';
import { mayControl } from './control.js';
import { allows, effectsOf, holdsThread, transition, type RunEffect, type RunEvent } from './lifecycle.js';
import type { RunResult } from './front-end.js';

/** The lifecycle event each end of a drive is. */
const EVENT_OF_END = { done: 'finish', failed: 'fail', stopped: 'stop', waiting: 'pause' } as const satisfies Record<
  LoopEnd['kind'],
  RunEvent
>;

export interface AgentOptions {
  /** The tools the model may use; the agent adds its own `update_plan`. */
  registry: ToolRegistry;
  store: StateStore;
  model: ModelOptions;
  /** The PLANEBOT_PERMISSIONS file, or its rules as an object; the default permissions when absent. */
  permissions?: string | Readonly<Record<string, Permission>>;
  /** PLANEBOT_MAX_ITERATIONS: model requests per run (default 100). */
  maxIterations?: number;
  /** PLANEBOT_SUBAGENT_MAX_ITERATIONS: model requests per sub-agent (default 25). */
  subAgentMaxIterations?: number;
  /** PLANEBOT_SUBAGENT_MODEL: the sub-agents' model (default `model.model`). */
  subAgentModel?: string;
  /** Where delegate announces the moves of the channel-tree tasks its sub-agents work on (and writes those of synced ones). */
  delegate?: Omit<DelegateToolOptions, 'logger'>;
  /** PLANEBOT_APPROVAL_TIMEOUT in ms (default 15 minutes). */
  approvalTimeoutMs?: number;
  /** PLANEBOT_APPROVERS: people who may decide any approval besides the requester. */
  approvers?: readonly string[];
  /** PLANEBOT_BULK_THRESHOLD: more work-item writes than this in one turn are asked together (default 5). */
  bulkThreshold?: number;
  prompt?: PromptSettings;
  frontEnd: FrontEndFactory;
  /** How long a run driven by a process that died waits before `resumeSaved` elsewhere takes it up (default 60 s). */
  leaseMs?: number;
  /** When set, `expireDueApprovals` runs this often (ms) until `close`. */
  expiryCheckMs?: number;
  /**
   * When true, `resumeSaved` runs every half lease until `close`: a replica that dies mid-run leaves
   * its run leased until the lease runs out, and the survivors take it up without waiting for a restart.
   */
  sweepOrphans?: boolean;
  logger?: Logger;
  now?: () => number;
  /** Told of runs, model requests, tool calls and approval waits (the process's metrics). */
  meter?: AgentMeter;
  /**
   * Runs a run's work as the person who wrote the message it answers: their own Plane token when
   * they connected one, the bot's key otherwise (whoever's click drives it on). `fellBack`: Plane
   * refused their token on the way, and the run went on with the bot's key.
   */
  actAs?: <T>(requester: Requester, work: () => Promise<T>) => Promise<{ result: T; fellBack: boolean }>;
}

export interface SubmitInput extends IncomingMessage {
  /** The conversation: an opaque key of the front end (e.g. `channel:thread_ts`). */
  threadKey: string;
}

export type Submission =
  | { status: 'started'; runId: string }
  /** The thread's run is busy; this message runs after `position - 1` others. */
  | { status: 'queued'; runId: string; position: number };

export interface RetryInput {
  runId: string;
  /** Who asked for the retry (a front-end user id): the run's requester or one of the approvers. */
  retriedBy: string;
  /** Turns the front-end state the run saved into the retried run's (e.g. "show it as starting"). */
  frontEndState?: (saved: unknown) => unknown;
}

export type RetrySubmission =
  /** The retried run, with the front-end state it is shown with. */
  | (Submission & { frontEndState: unknown })
  | { status: 'gone'; runId: string }
  /** The person is neither the requester nor an approver; nothing changed. */
  | { status: 'not_allowed'; runId: string; requesterId: string };

export interface StopInput {
  runId: string;
  /** Who pressed Stop: the run's requester or one of the approvers. */
  stoppedBy: Requester;
}

export type StopResult =
  /** The stop is recorded; the process driving the run (this one or another) ends it shortly. */
  | { status: 'stopping'; runId: string }
  /** Someone stopped it first, or it is stopped already. */
  | { status: 'already_stopped'; runId: string; stoppedBy?: Requester }
  /** The run is over (finished, failed or forgotten): there is nothing to stop. */
  | { status: 'gone'; runId: string }
  /** The person is neither the requester nor an approver; nothing changed. */
  | { status: 'not_allowed'; runId: string; requesterId: string };

export interface Agent {
  /** Starts a run for the message, or queues it behind the thread's run. Returns before the run ends. */
  submit(input: SubmitInput): Promise<Submission>;
  /** A person's answer to an approval request; continues the run when it was the last one awaited. */
  decide(input: DecideInput): Promise<DecideResult>;
  /**
   * Takes a failed run up again where it stopped (a Retry button), in its thread's turn, shown where
   * the run itself was (its saved front-end state), whatever the click says. Only the requester or
   * an approver may.
   */
  retry(input: RetryInput): Promise<RetrySubmission>;
  /**
   * Stops a running or waiting run, from any process: the model request in flight is aborted, calls
   * not yet started are not run, waiting approvals are withdrawn, and the run is saved as stopped;
   * its turns join the thread, so a new message there goes on from them. Only the requester or an
   * approver may.
   */
  stop(input: StopInput): Promise<StopResult>;
  /** The approval requests a person may decide now (theirs, or every run's for an approver), soonest deadline first. */
  approvalsAwaiting(userId: string): Promise<AwaitingApproval[]>;
  /** Denies approvals past their deadline and resumes their runs; returns how many expired. */
  expireDueApprovals(now?: number): Promise<number>;
  /** At start-up: takes over runs a dead process was driving and runs whose decisions all arrived. */
  resumeSaved(): Promise<number>;
  /** Resolves once no run is being driven by this process. */
  idle(): Promise<void>;
  /** Stops the expiry and orphan timers and waits for this process's runs to stop or pause. */
  close(): Promise<void>;
}

/** The tools the agent gives the model: the front ends' registry and its own `update_plan` and `delegate`. */
export function agentTools(registry: ToolRegistry, delegate?: DelegateToolOptions): ToolRegistry {
  return new ToolRegistry([...subAgentTools(registry).list(), createDelegateTool(delegate)]);
}

/** A sub-agent's tools: the agent's but `delegate` (delegation goes one level deep), in the same order. */
function subAgentTools(registry: ToolRegistry): ToolRegistry {
  return new ToolRegistry([...registry.list(), updatePlanTool]);
}

export async function createAgent(options: AgentOptions): Promise<Agent> {
  const client = modelClient(options.model);
  const tools = agentTools(options.registry, options.delegate && { ...options.delegate, logger: options.logger });
  const subTools = subAgentTools(options.registry);
  const permissions =
    typeof options.permissions === 'object'
      ? createPermissions(options.permissions, tools.list())
      : await loadPermissions(options.permissions, tools.list());
  const logger = options.logger ?? silentLogger;
  const now = options.now ?? Date.now;
  const store = options.store;
  const meter = options.meter ?? noMeter;
  const loopEnv: LoopEnv = {
    client,
    model: options.model.model,
    // Built once: byte-identical tools and system on every request keep the cache warm.
    modelTools: cachedTools(toModelTools(tools.list()), subTools.list().length),
    system: cachedSystem(systemPrompt(options.prompt ?? {})),
    runs: new RunStore(store, options.leaseMs, { meter, approvalTimeoutMs: options.approvalTimeoutMs ?? DEFAULT_APPROVAL_TIMEOUT_MS }),
    maxIterations: options.maxIterations ?? DEFAULT_MAX_ITERATIONS,
    maxIterationsVariable: 'PLANEBOT_MAX_ITERATIONS',
    approvalTimeoutMs: options.approvalTimeoutMs ?? DEFAULT_APPROVAL_TIMEOUT_MS,
    now,
    logger,
    meter,
  };
  const subAgents: SubAgentEnv = {
    tools: subTools,
    maxTokens: options.model.maxTokens ?? DEFAULT_MAX_TOKENS,
    loop: {
      ...loopEnv,
      model: options.subAgentModel ?? options.model.model,
      // Every sub-agent sends the same tools (a prefix of the agent's) and the same system prompt.
      modelTools: cachedTools(toModelTools(subTools.list())),
      system: cachedSystem(subAgentSystemPrompt(options.prompt ?? {})),
      maxIterations: options.subAgentMaxIterations ?? DEFAULT_SUBAGENT_MAX_ITERATIONS,
      maxIterationsVariable: 'PLANEBOT_SUBAGENT_MAX_ITERATIONS',
    },
  };
  return new AgentRuntime(options, loopEnv, subAgents, tools, permissions, new ThreadStore(store));
}

/**
 * One process's share of the agent: it drives the runs whose lease it holds. The run's states and the
 * transitions named here (start, claim, drive, pause, resume, take over, finish, fail, retry, lose)
 * are in docs/runs.md.
 */
class AgentRuntime implements Agent {
  private readonly tasks = new Set<Promise<void>>();
  /** The runs this process drives now, each with the controller a stop aborts. */
  private readonly driving = new Map<string, AbortController>();
  private readonly runs: RunStore;
  private readonly logger: Logger;
  private readonly expiry?: StorePoller;
  private readonly sweeper?: StorePoller;

  constructor(
    private readonly options: AgentOptions,
    private readonly loopEnv: LoopEnv,
    private readonly subAgents: SubAgentEnv,
    private readonly tools: ToolRegistry,
    private readonly permissions: RunEnv['permissions'],
    private readonly threads: ThreadStore,
  ) {
    this.runs = loopEnv.runs;
    this.logger = loopEnv.logger;
    // Both keep their pace while the store is away: once it is back, what came due is seen soon.
    const every = (what: string, everyMs: number, look: () => Promise<unknown>) =>
      pollStore(look, { what, everyMs, atOnce: false, logger: this.logger });
    if (options.expiryCheckMs)
      this.expiry = every('deny approvals past their deadline', options.expiryCheckMs, () => this.expireDueApprovals());
    if (options.sweepOrphans) this.sweeper = every('look for orphaned runs', this.runs.leaseMs / 2, () => this.resumeSaved());
  }

  async submit(input: SubmitInput): Promise<Submission> {
    const { threadKey, ...message } = input;
    const runId = randomUUID();
    const admission = await this.threads.admit(threadKey, { runId, message }, this.start(threadKey), (id) => this.isLive(id));
    if (admission.status === 'queued') {
      this.logger.info({ runId, threadKey, position: admission.position }, 'message queued behind the thread’s run');
      return { status: 'queued', runId, position: admission.position };
    }
    this.spawn(this.claimAndDrive(runId));
    return { status: 'started', runId };
  }

  async retry(input: RetryInput): Promise<RetrySubmission> {
    const { runId, retriedBy } = input;
    const failed = await this.runs.get(runId);
    if (!failed || !allows(failed.status, 'retry')) {
      this.logger.info({ runId }, 'retry ignored: no failed run with this id');
      return { status: 'gone', runId };
    }
    const requesterId = failed.message.requester.id;
    if (!mayControl(failed.message.requester.id, retriedBy, this.options.approvers ?? [])) {
      this.logger.info({ runId, by: retriedBy }, 'retry ignored: only the requester or an approver may retry');
      return { status: 'not_allowed', runId, requesterId };
    }
    const frontEndState = input.frontEndState ? input.frontEndState(failed.frontEndState) : failed.frontEndState;
    const item: QueuedItem = { runId, retry: true, frontEndState };
    const admission = await this.threads.admit(failed.threadKey, item, this.start(failed.threadKey), (id) => this.isLive(id));
    if (admission.status === 'started') this.spawn(this.claimAndDrive(runId));
    return admission.status === 'gone' ? { status: 'gone', runId } : { ...admission, runId, frontEndState };
  }

  async stop({ runId, stoppedBy }: StopInput): Promise<StopResult> {
    const run = await this.runs.get(runId);
    if (run?.status === 'stopped') return { status: 'already_stopped', runId, stoppedBy: run.stoppedBy };
    if (!run || !allows(run.status, 'stop')) return { status: 'gone', runId };
    const requesterId = run.message.requester.id;
    if (!mayControl(run.message.requester.id, stoppedBy.id, this.options.approvers ?? [])) {
      this.logger.info({ runId, by: stoppedBy.id }, 'stop ignored: only the requester or an approver may stop a run');
      return { status: 'not_allowed', runId, requesterId };
    }
    const record: StopRecord = { by: stoppedBy, at: this.loopEnv.now() };
    if (!(await this.runs.requestStop(runId, record))) {
      return { status: 'already_stopped', runId, stoppedBy: (await this.runs.stopOf(runId))?.by };
    }
    this.logger.info({ runId, by: stoppedBy.id }, 'stop requested');
    const driven = this.driving.get(runId);
    if (driven) {
      driven.abort(record);
    } else {
      // Driven elsewhere, its driver sees the stop at its next look; waiting (or orphaned), whoever
      // claims it first, this process now, stops it.
      this.spawn(this.claimAndDrive(runId));
    }
    return { status: 'stopping', runId };
  }

  decide(input: DecideInput): Promise<DecideResult> {
    return decide(this.approvalEnv(), input);
  }

  approvalsAwaiting(userId: string): Promise<AwaitingApproval[]> {
    return approvalsAwaiting(this.approvalEnv(), userId);
  }

  expireDueApprovals(now = this.loopEnv.now()): Promise<number> {
    return expireDue(this.approvalEnv(), now);
  }

  /** Take over: every unfinished run nobody holds and that has something to do is claimed and driven here. */
  async resumeSaved(): Promise<number> {
    let resumed = 0;
    for (const runId of Object.keys(await this.runs.index())) {
      const claimed = await this.claim(runId);
      if (!claimed) continue;
      this.logger.info({ runId, status: claimed.run.status }, 'taking up a saved run');
      this.spawn(this.drive(claimed));
      resumed += 1;
    }
    return resumed;
  }

  async idle(): Promise<void> {
    while (this.tasks.size > 0) await Promise.allSettled([...this.tasks]);
  }

  async close(): Promise<void> {
    await Promise.all([this.expiry?.stop(), this.sweeper?.stop()]);
    await this.idle();
  }

  /**
   * Start: a queue item becomes a running run (new, or a failed one taken up again), saved and listed
   * as unfinished while the thread's lock is held. Nothing is shown from here: a run that must ask
   * again for decisions does so when it is driven, after the lock is released.
   */
  private start(threadKey: string): StartItem {
    return async (item, history) => {
      let run: SavedRun;
      if ('message' in item) {
        run = newRun({
          id: item.runId,
          threadKey,
          message: item.message,
          history,
          userTurn: requestTurn(item.message, new Date(this.loopEnv.now())),
          maxTokens: this.options.model.maxTokens ?? DEFAULT_MAX_TOKENS,
          now: this.loopEnv.now(),
        });
      } else {
        const failed = await this.runs.get(item.runId);
        if (!failed || !allows(failed.status, 'retry')) return false;
        // The thread may have moved on since; this run's own turns go after what was said meanwhile.
        run = {
          ...transition(failed, 'retry').run,
          messages: [...history, ...runTurns(failed)],
          historyLength: history.length,
          frontEndState: item.frontEndState ?? failed.frontEndState,
        };
      }
      await this.runs.saveUnleased(run);
      await this.runs.track(run.id);
      return true;
    };
  }

  private async isLive(runId: string): Promise<boolean> {
    const run = await this.runs.get(runId);
    return run !== undefined && holdsThread(run.status);
  }

  /** Claim, then drive: what a started run, a resumed one and the thread's next one go through. */
  private async claimAndDrive(runId: string): Promise<void> {
    const claimed = await this.claim(runId);
    if (claimed) await this.drive(claimed);
  }

  /** Resume: a waiting run whose every asked call is decided is driven again, by exactly one process. */
  private resume(runId: string): void {
    this.spawn(this.claimAndDrive(runId));
  }

  /**
   * Claim: the run's lease for this process, with the saved run, when there is something to drive: a
   * running run not over already, or a waiting one with all its decisions. Otherwise nothing (and
   * the lease, if it was claimed, is released).
   */
  private async claim(runId: string): Promise<{ run: SavedRun; lease: RunLease } | undefined> {
    const lease = await RunLease.claim(this.runs, runId, this.logger, this.loopEnv.now);
    if (!lease) {
      this.logger.debug({ runId }, 'another process holds this run');
      return undefined;
    }
    const run = await this.runs.get(runId);
    let drivable = false;
    if (!run) {
      await this.runs.untrack(runId);
    } else if (run.status === 'waiting') {
      // A stopped run is driven to its end at once, decisions or not.
      drivable = (await canProceed(this.runs, run)) || (await this.runs.stopOf(runId)) !== undefined;
    } else if (run.status === 'running' && run.unshownAnswer) {
      drivable = true;
    } else if (run.status === 'running' && !run.pending && run.messages.at(-1)?.role === 'assistant') {
      // A crash between the end of a run and its clean-up leaves it "running" with its answer last.
      this.logger.info({ runId }, 'saved run had already finished; completing its clean-up');
      await this.retire(run);
    } else {
      drivable = run.status === 'running';
    }
    if (!drivable) await lease.release();
    return drivable && run ? { run, lease } : undefined;
  }

  /**
   * Drive: the run goes on to its end (finish or fail) or its next pause, its lease renewed meanwhile.
   * Lose: once the lease is lost, the run is another process's; this one stops without a word.
   */
  private async drive({ run, lease }: { run: SavedRun; lease: RunLease }): Promise<void> {
    const runId = run.id;
    const resumed = run.iterations > 0 || run.pending !== undefined;
    this.logger.info(
      { runId, threadKey: run.threadKey, status: run.status, iterations: run.iterations },
      resumed ? 'run resumed' : 'run started',
    );
    const frontEnd = this.frontEndOf(run);
    lease.keepRenewing();
    const stop = this.watchForStop(runId);
    try {
      let end: LoopEnd;
      try {
        await stop.looked;
        const { signal } = stop.controller;
        // A retried run whose answer could not be shown shows it again; the model is not asked anew.
        end = signal.aborted
          ? { kind: 'stopped', stop: signal.reason as StopRecord }
          : run.unshownAnswer
            ? { kind: 'done', result: run.unshownAnswer }
            : await this.driveAs(run, () => drive(run, this.loopEnv, this.runEnv(run, frontEnd, lease, signal)));
      } catch (error) {
        if (error instanceof LeaseLost || isStateUnavailable(error)) throw error;
        this.logger.error({ err: error, runId }, 'run failed unexpectedly');
        end = { kind: 'failed', failure: { ...totals(run, this.loopEnv), reason: internalFailure(error), retryable: true } };
        // What is in memory may be half-done; the last saved state is consistent and is what a retry takes
        // up, whole (a turn pending in memory but never saved must not survive).
        run = (await this.runs.get(runId).catch(() => undefined)) ?? run;
      } finally {
        lease.stopRenewing();
        stop.end();
      }
      await this.conclude(run, end, frontEnd, lease);
    } catch (error) {
      if (isStateUnavailable(error)) return this.strandedByStore(run, frontEnd, error);
      if (!(error instanceof LeaseLost)) throw error;
      this.logger.warn({ runId }, 'run left to the process that holds its lease now');
    }
  }

  /** The loop as the run's requester (`actAs`); a fallback to the bot's key is noted beside the answer. */
  private async driveAs(run: SavedRun, work: () => Promise<LoopEnd>): Promise<LoopEnd> {
    if (!this.options.actAs) return work();
    const { result: end, fellBack } = await this.options.actAs(run.message.requester, work);
    if (fellBack && end.kind === 'done') end.result.note ??= phrase('identity.fellBack');
    return end;
  }

  /**
   * While this process drives a run, a stop asked here aborts its controller at once, and one asked
   * in another process (or before a restart) is found by looking in the store (`stop-watch.ts`).
   */
  private watchForStop(runId: string): StopWatch {
    const watch = watchForStop(this.runs, runId, this.logger);
    this.driving.set(runId, watch.controller);
    return {
      ...watch,
      end: () => {
        watch.end();
        if (this.driving.get(runId) === watch.controller) this.driving.delete(runId);
      },
    };
  }

  /**
   * The store stopped answering mid-run: nothing can be saved nor released, so the run stays as last
   * saved and its lease lapses; once the store is back the orphan sweep takes it up (on any replica).
   * The status says so now rather than "Thinking…" until then.
   */
  private async strandedByStore(run: SavedRun, frontEnd: FrontEnd, error: StateUnavailableError): Promise<void> {
    this.logger.warn({ runId: run.id, reason: error.reason }, 'run stranded: the state store is unreachable');
    await frontEnd.reporter.stranded({ ...totals(run, this.loopEnv), reason: phrase('runEnd.storeUnreachable', { detail: error.reason }) });
  }

  /**
   * Pause, finish, fail or stop: the drive's end is an event of the run's lifecycle (`lifecycle.ts`),
   * whose effects are carried out here in their order. An effect may turn the end into another one
   * (an answer that cannot be shown fails the run, keeping the answer for its Retry).
   */
  private async conclude(run: SavedRun, end: LoopEnd, frontEnd: FrontEnd, lease: RunLease): Promise<void> {
    this.logEnd(run, end);
    const { run: moved, effects } = end.kind === 'waiting' ? { run, effects: effectsOf('pause') } : transition(run, EVENT_OF_END[end.kind]);
    for (const effect of effects) {
      const instead = await this.carryOut(effect, { run: moved, before: run }, end, frontEnd, lease);
      if (instead) return this.conclude(instead.run, instead.end, frontEnd, lease);
    }
    // Counted once its effects are made: an answer that could not be shown is counted as the failure it became.
    this.loopEnv.meter.runEnded(end.kind);
  }

  private logEnd(run: SavedRun, end: LoopEnd): void {
    const runId = run.id;
    if (end.kind === 'done')
      this.logger.info({ runId, stop: end.result.stop, usage: end.result.usage, toolCalls: end.result.toolCalls }, 'run finished');
    if (end.kind === 'failed') this.logger.warn({ runId, failure: forModel(end.failure.reason) }, 'run failed');
    if (end.kind === 'stopped') this.logger.info({ runId, by: end.stop.by.id }, 'run stopped');
  }

  /** One effect of a transition; returns the end to conclude with instead when the effect could not be made. */
  private async carryOut(
    effect: RunEffect,
    { run, before }: { run: SavedRun; before: SavedRun },
    end: LoopEnd,
    frontEnd: FrontEnd,
    lease: RunLease,
  ): Promise<{ run: SavedRun; end: LoopEnd } | undefined> {
    switch (effect) {
      case 'save':
        // Saved first when finishing, so that a crash during the clean-up is recognised as a finished run.
        await lease.save(run);
        return undefined;
      case 'release lease':
        await lease.release();
        return undefined;
      case 'resume when decided':
        // Decisions that arrived while the lease was held could not resume the run; this can.
        this.resume(run.id);
        return undefined;
      case 'unlist':
        await this.runs.untrack(run.id);
        return undefined;
      case 'forget':
        await this.runs.remove(run.id);
        return undefined;
      case 'join thread':
        await this.next(run, runTurns(run));
        return undefined;
      case 'hand thread on':
        await this.next(run, []);
        return undefined;
      case 'withdraw approvals':
        // The calls that waited are those of the run as it was before the stop.
        if (end.kind === 'stopped') await withdrawWaiting(this.runs, frontEnd, before, end.stop);
        return undefined;
      case 'close turns':
        if (end.kind === 'stopped') closeStoppedRun(run, end.stop);
        return undefined;
      case 'show failure':
        if (end.kind === 'failed') await frontEnd.reporter.failed(end.failure);
        return undefined;
      case 'show stop':
        if (end.kind === 'stopped') await frontEnd.reporter.stopped({ ...totals(run, this.loopEnv), stoppedBy: end.stop.by });
        return undefined;
      case 'show answer':
        return end.kind === 'done' ? this.showAnswer(run, end.result, frontEnd) : undefined;
      case 'save and list':
      case 'let go':
        throw new Error(`"${effect}" is carried out where the run starts or is lost, not when it ends`);
    }
  }

  /** The answer could not be shown: it is not lost, the run fails keeping it, and its Retry shows what people did not see. */
  private async showAnswer(run: SavedRun, result: RunResult, frontEnd: FrontEnd): Promise<{ run: SavedRun; end: LoopEnd } | undefined> {
    try {
      await frontEnd.reporter.done(result);
      return undefined;
    } catch (error) {
      this.logger.warn({ err: error, runId: run.id }, 'the answer could not be shown');
      const failure = { ...result, reason: phrase('runEnd.answerNotPosted', { detail: errorText(error) }), retryable: true };
      const alreadyShown = error instanceof AnswerPartlyShown ? error.shown : result.alreadyShown;
      const unshownAnswer = { ...result, ...(alreadyShown && { alreadyShown }) };
      return { run: { ...run, unshownAnswer }, end: { kind: 'failed', failure } };
    }
  }

  /** Retire: a finished run's turns join its thread, which goes on with its next message; the run is forgotten. */
  private async retire(run: SavedRun): Promise<void> {
    await this.next(run, runTurns(run));
    await this.runs.untrack(run.id);
    await this.runs.remove(run.id);
  }

  /** Hands the thread to its next queued message, if any. */
  private async next(run: SavedRun, turns: SavedRun['messages']): Promise<void> {
    const nextRunId = await this.threads.complete(run.threadKey, run.id, turns, this.start(run.threadKey));
    if (nextRunId) this.spawn(this.claimAndDrive(nextRunId));
  }

  private frontEndOf(run: SavedRun): FrontEnd {
    const frontEnd = this.options.frontEnd(run.frontEndState, {
      runId: run.id,
      threadKey: run.threadKey,
      requester: run.message.requester,
      plan: planView(run),
      subAgents: subAgentViews(run, this.loopEnv.now()),
    });
    return guardFrontEnd(frontEnd, this.logger.child({ runId: run.id }));
  }

  private runEnv(run: SavedRun, frontEnd: FrontEnd, lease: RunLease, signal: AbortSignal): RunEnv {
    const runEnv: RunEnv = {
      tools: this.tools,
      permissions: this.permissions,
      approvedForThread: (toolName) => this.threads.toolApproved(run.threadKey, toolName),
      bulkThreshold: this.options.bulkThreshold ?? DEFAULT_BULK_THRESHOLD,
      context: { ...run.message.context, requester: run.message.requester, signal },
      frontEnd,
      words: frontEnd.words ?? translator(DEFAULT_LOCALE),
      decisionOf: (call) => this.runs.decisionOf(run.id, call.id),
      lease,
      signal,
      logger: this.logger.child({ runId: run.id }),
      delegate: (call, tasks, hooks) => runDelegation({ run, call, tasks, hooks, runEnv, env: this.subAgents }),
    };
    return runEnv;
  }

  private approvalEnv(): ApprovalEnv {
    return {
      runs: this.runs,
      threads: this.threads,
      approvers: this.options.approvers ?? [],
      frontEndOf: (run) => this.frontEndOf(run),
      resume: (runId) => this.resume(runId),
      now: this.loopEnv.now,
      logger: this.logger,
    };
  }

  private spawn(task: Promise<void>): void {
    const tracked = task.catch((error: unknown) => this.logger.error({ err: error }, 'agent task failed'));
    this.tasks.add(tracked);
    void tracked.finally(() => this.tasks.delete(tracked));
  }
}
