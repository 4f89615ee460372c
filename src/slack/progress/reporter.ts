import type { App } from '@slack/bolt';
import type { Translator } from '../../i18n/index.js';
import {
  AnswerPartlyShown,
  type PlanItem,
  type PlanView,
  type Reporter,
  type RunFailure,
  type RunResult,
  type RunStopped,
  type RunStranded,
  type RunTotals,
  type SubAgentView,
  type ToolCallOutcome,
  type ToolCallView,
} from '../../agent/index.js';
import { buildStatus, type RunStatusView } from './status.blocks.js';
import type { SlackMessage } from '../blocks/types.js';
import type { RunState } from './run-state.js';
import { renderReply } from '../render/reply.js';
import type { AnswerStream } from './answer-stream.js';
import type { StatusMessages } from './status-messages.js';
import { workingStatus } from './status-views.js';
import { buildWriteConfirmation } from '../undo/undo.blocks.js';

/** An end of the run as the status shows it, less what every end takes from the run's totals. */
type EndView = RunStatusView extends infer V
  ? V extends { phase: 'failed' | 'stranded' | 'stopped' }
    ? Omit<V, 'plan' | 'subAgents' | 'elapsedMs' | 'toolCalls'>
    : never
  : never;

/**
 * Shows one run in its Slack thread: the status message follows the plan and the step under way;
 * what the model says goes into the thread as messages (the answer as new messages, so people are
 * notified); the end shows the time taken and tool calls, or what failed with a Retry button. Where
 * the workspace streams natively, the text and the plan stream into one message as they come
 * (`AnswerStream`); the status message keeps the checklist (with sub-agents nested under it), the
 * step, the Stop button and the end.
 */
export class SlackReporter implements Reporter {
  /** Steps of the calls running now, by call id; the newest is shown. */
  private readonly steps = new Map<string, string>();
  private waiting = false;
  /** The run's sub-agents by key, in the order they were first shown (their tasks' order). */
  private readonly subAgents = new Map<string, SubAgentView>();
  /** This turn's text reached the stream as it was written. */
  private streamedTurn = false;

  constructor(
    private readonly client: App['client'],
    private readonly status: StatusMessages,
    private readonly where: RunState,
    /** The run shown: its Stop button stops it. */
    private readonly runId: string,
    /** The plan as the agent saved it: a run resumed in another process shows it again. */
    private plan: readonly PlanItem[],
    /** Its sub-agents as saved, likewise. */
    subAgents: readonly SubAgentView[] = [],
    /** The requester's language. */
    private readonly t: Translator,
    /** The native stream of this drive, where the workspace may have one. */
    private readonly stream?: AnswerStream,
  ) {
    for (const subAgent of subAgents) this.subAgents.set(subAgent.key, subAgent);
    // A queued or retried run: its status message still says so until the run shows something.
    if (where.startPending) this.show();
  }

  /** Where the run is shown, for the agent to save while the run waits (the agent keeps the plan). */
  state(): RunState {
    const { channel, threadTs, statusTs } = this.where;
    return { channel, threadTs, statusTs };
  }

  async textDelta(delta: string): Promise<void> {
    if (!this.stream) return;
    this.streamedTurn = true;
    this.stream.write(delta);
  }

  async text(text: string): Promise<void> {
    const streamed = this.streamedTurn;
    this.streamedTurn = false;
    if (this.stream && (await this.stream.live())) {
      // The next turn's text starts a paragraph of its own.
      this.stream.write(streamed ? '\n\n' : `${text}\n\n`);
      return;
    }
    await this.post(renderReply(text));
  }

  async planChanged(plan: PlanView): Promise<void> {
    this.plan = plan.items;
    this.stream?.setPlan(plan.items);
    this.show();
  }

  /** Nested under the plan, through the same coalesced edits as everything else the status shows. */
  async subAgentChanged(subAgent: SubAgentView): Promise<void> {
    this.subAgents.set(subAgent.key, subAgent);
    this.show();
  }

  async toolStarted(call: ToolCallView): Promise<void> {
    this.waiting = false;
    this.steps.set(call.id, call.progress);
    this.show();
  }

  /** A write the requester may take back gets its confirmation with Undo in the thread. */
  async toolFinished(call: ToolCallView, outcome: ToolCallOutcome): Promise<void> {
    if (this.steps.delete(call.id)) this.show();
    if (outcome.status === 'ok' && outcome.undo)
      await this.postOne(buildWriteConfirmation({ description: call.description, undoId: outcome.undo }, this.t));
  }

  /** The approver asked people for a decision: the run pauses until they answer. */
  awaitingApproval(): void {
    this.waiting = true;
    // The stream of this drive ends here; the run goes on in a new one once people decided.
    void this.stream?.close();
    this.show();
  }

  async done(result: RunResult): Promise<void> {
    const note = result.note ? `_${this.t.say(result.note)}_` : '';
    const answer = [result.answer, note].filter(Boolean).join('\n\n');
    const already = result.alreadyShown ?? 0;
    // A retried answer was never written as a stream: it is streamed whole, unless part of it was posted already.
    const unstreamed = this.streamedTurn ? (note ? `\n\n${note}` : '') : answer;
    const streamed = already === 0 && this.stream !== undefined && (await this.stream.finish(unstreamed));
    // Not done when Slack refused the answer: the agent then fails the run, and the status says so;
    // its Retry posts only the messages that did not go out.
    const messages = streamed ? [] : renderReply(answer);
    for (const [index, message] of messages.entries()) {
      if (index < already) continue;
      try {
        await this.postOne(message);
      } catch (error) {
        throw new AnswerPartlyShown(index, error);
      }
    }
    await this.finish(
      buildStatus(
        { phase: 'done', plan: result.plan.items, elapsedMs: result.durationMs, toolCalls: result.toolCalls, subAgents: result.subAgents },
        this.t,
      ),
    );
  }

  async failed(failure: RunFailure): Promise<void> {
    await this.end(failure, { phase: 'failed', failure: failure.reason, ...(failure.retryable && { retryValue: failure.runId }) });
  }

  async stranded(stranded: RunStranded): Promise<void> {
    await this.end(stranded, { phase: 'stranded', reason: stranded.reason });
  }

  async stopped(stopped: RunStopped): Promise<void> {
    await this.end(stopped, { phase: 'stopped', stoppedById: stopped.stoppedBy.id });
  }

  /** The stream stops where it got to, and the status shows how the run ended with its totals. */
  private async end(totals: RunTotals, view: EndView): Promise<void> {
    await this.stream?.close();
    await this.finish(
      buildStatus(
        { ...view, plan: totals.plan.items, subAgents: totals.subAgents, elapsedMs: totals.durationMs, toolCalls: totals.toolCalls },
        this.t,
      ),
    );
  }

  private show(): void {
    const step = this.waiting ? this.t.t('run.waitingForApproval') : [...this.steps.values()].at(-1);
    const message = workingStatus(this.t, {
      plan: this.plan,
      ...(step !== undefined && { step }),
      runId: this.runId,
      subAgents: [...this.subAgents.values()],
    });
    this.status.show(this.where.channel, this.where.statusTs, message);
  }

  private async finish(message: SlackMessage): Promise<void> {
    this.status.show(this.where.channel, this.where.statusTs, message);
    await this.status.settled(this.where.channel, this.where.statusTs);
  }

  private async post(messages: SlackMessage[]): Promise<void> {
    for (const message of messages) await this.postOne(message);
  }

  private async postOne(message: SlackMessage): Promise<void> {
    await this.client.chat.postMessage({ channel: this.where.channel, thread_ts: this.where.threadTs, ...message });
  }
}
