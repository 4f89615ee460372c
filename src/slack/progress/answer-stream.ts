import { setTimeout as sleep } from 'node:timers/promises';
import type { App } from '@slack/bolt';
import type { PlanItem } from '../../agent/index.js';
import type { Translator } from '../../i18n/index.js';
import type { Logger } from '../../log.js';
import { z } from 'zod';
import { defineRecord } from '../../state/record-kind.js';
import type { StateStore } from '../../state/store.js';
import {
  changedChunks,
  cutStreamedMarkdown,
  inertMarkdown,
  openFence,
  planChunks,
  STREAM_LIMITS,
  type StreamChunk,
} from './stream-chunks.blocks.js';
import { renderReply } from '../render/reply.js';
import { slackErrorCode } from '../web-api-errors.js';
import type { Pacer } from './pacer.js';
import type { StreamingSupport } from './streaming.js';

/** One streamed message gets at most one append a second: the text reads as it grows, and Slack is spared. */
export const STREAM_APPEND_INTERVAL_MS = 1000;

/** The run whose answer a streaming message holds (Slack's stop control on it stops that run). */
const streamRunRecord = defineRecord({ namespace: 'slack:stream-run', version: 1, schema: z.string(), ttlMs: 24 * 3_600_000 });

export interface StreamDeps {
  client: App['client'];
  store: StateStore;
  support: StreamingSupport;
  /** Shared by every stream, of every process sharing the store: chat.appendStream is one Tier 4 budget per workspace. */
  appends: Pacer;
  logger: Logger;
}

/** The run whose answer a streaming message shows, if this app streamed it. */
export function runOfStream(store: StateStore, channel: string, ts: string): Promise<string | undefined> {
  return store.get(streamRunRecord, `${channel}:${ts}`);
}

/** `broken`: a call failed after the stream showed something; the rest is kept and posted at the end. */
type Phase = 'idle' | 'starting' | 'live' | 'off' | 'broken' | 'ended';

/** The streaming message itself is gone: what it showed is posted again with the rest. */
const GONE = new Set(['message_not_found', 'channel_not_found', 'invalid_ts']);

/** One call's share of what waits: text that fits in the message, the plan's changed tasks. */
interface Batch {
  text: string;
  chunks: StreamChunk[];
  /** The plan those chunks bring the message to. */
  plan: StreamChunk[];
  /** How much of the waiting text `text` takes, and what the next message starts with. */
  consumed: number;
  reopen: string;
  /** Text is left that does not fit in this message. */
  rest: boolean;
}

/**
 * The answer of one drive of a run, streamed natively into its thread (chat.startStream, then
 * appendStream, then stopStream), with the plan as Slack's plan block. It starts at the first thing
 * to show; if Slack refuses it (a workspace without the feature is remembered, see StreamingSupport)
 * it goes `off` and the reporter posts and edits instead. Appends are batched: at most one in flight,
 * one a second per message, paced across the process. A message is kept within the streaming limits
 * (STREAM_LIMITS); a longer answer goes on in a new streamed message, cut between paragraphs or
 * lines (a code block closed and reopened). A call that fails after something was shown does not
 * lose the answer: the rest is posted as ordinary messages in the thread at the end, and the
 * streamed message says so.
 */
export class AnswerStream {
  private phase: Phase = 'idle';
  private started?: Promise<void>;
  private ts?: string;
  private teamId?: string;
  /** Markdown sent in the current message. */
  private messageText = '';
  /** Safe text waiting to be sent. */
  private pendingText = '';
  /** Text written but not made safe yet: its last word may be the start of a mention. */
  private raw = '';
  private plan: StreamChunk[];
  private sentPlan: StreamChunk[] = [];
  private pumping?: Promise<void>;
  private lastSend = 0;
  /** The streaming message that broke off no longer exists. */
  private gone = false;
  private stoppedByUser = false;

  constructor(
    private readonly deps: StreamDeps,
    private readonly where: { channel: string; threadTs: string },
    private readonly runId: string,
    private readonly recipientId: string,
    plan: readonly PlanItem[],
    /** The requester's language, for the plan's own words. */
    private readonly t: Translator,
  ) {
    this.plan = plan.length > 0 ? planChunks(plan, t) : [];
  }

  /**
   * Resolves true while the answer is the stream's (starting it if nothing was tried yet): streamed
   * natively, or kept to be posted at the end after the stream broke off.
   */
  async live(): Promise<boolean> {
    if (this.phase === 'idle') this.start();
    await this.started;
    return this.phase === 'live' || this.phase === 'broken';
  }

  write(text: string): void {
    if (this.phase === 'off' || this.phase === 'ended') return;
    this.raw += text;
    // Mention syntax has no spaces: a last word holding `<` or `@` waits for the rest of it.
    const lastSpace = Math.max(this.raw.lastIndexOf(' '), this.raw.lastIndexOf('\n'));
    const tail = this.raw.slice(lastSpace + 1);
    const hold = /[<@]/.test(tail) ? lastSpace + 1 : this.raw.length;
    this.pendingText += inertMarkdown(this.raw.slice(0, hold));
    this.raw = this.raw.slice(hold);
    this.kick();
  }

  /** At the end, what was held back is sent too. */
  private release(): void {
    this.pendingText += inertMarkdown(this.raw);
    this.raw = '';
  }

  setPlan(items: readonly PlanItem[]): void {
    this.plan = planChunks(items, this.t);
    if (this.phase === 'idle' || this.phase === 'live') this.kick();
  }

  /**
   * Sends what is pending and `extra`, then stops the stream. False when the answer is not shown
   * natively (never started, refused, or stopped by a person in Slack): the caller posts it instead.
   * A stream that broke off is finished with ordinary messages; throws only when those fail too.
   */
  async finish(extra = ''): Promise<boolean> {
    if (extra) this.write(extra);
    if (!(await this.live())) return false;
    await this.pumping;
    this.release();
    if (this.phase === 'live') await this.stop(true);
    if (this.phase === 'broken') await this.salvage();
    return !this.stoppedByUser;
  }

  /** Stops the stream with what is pending (a pause, a failure, a stop); never throws. */
  async close(): Promise<void> {
    await this.started;
    await this.pumping;
    this.release();
    if (this.phase === 'live') await this.stop(true).catch(() => undefined);
    if (this.phase === 'broken') {
      await this.salvage().catch((error: unknown) =>
        this.deps.logger.warn({ err: error, channel: this.where.channel }, 'the rest of a broken-off streamed answer could not be posted'),
      );
    }
    if (this.phase !== 'off') this.phase = 'ended';
  }

  /**
   * Finishes a stream that broke off: the streamed message says the rest follows (when Slack still
   * has it), then what it did not show is posted as ordinary messages in the thread, all of this
   * message's text again when the message is gone.
   */
  private async salvage(): Promise<void> {
    this.phase = 'ended';
    // The posted rest starts at the start of the line the stream broke off in (its code block reopened).
    const fence = this.gone ? undefined : openFence(this.messageText);
    const shownLine = this.gone ? '' : this.messageText.slice(this.messageText.lastIndexOf('\n') + 1);
    const rest = this.pendingText.trim() === '' ? '' : `${fence ? `${fence}\n` : ''}${shownLine}${this.pendingText}`;
    this.pendingText = '';
    const { client } = this.deps;
    const { channel, threadTs } = this.where;
    if (!this.gone && this.ts !== undefined) {
      const close = fence ? `\n${/^[`~]+/.exec(fence)?.[0] ?? '```'}` : '';
      const note = rest === '' ? {} : { markdown_text: `${close}\n\n_${this.t.t('runControl.continuedBelow')}_` };
      await client.chat
        .stopStream({ channel, ts: this.ts, ...note } as Parameters<App['client']['chat']['stopStream']>[0])
        .catch(() => undefined);
    }
    for (const message of renderReply(rest)) await client.chat.postMessage({ channel, thread_ts: threadTs, ...message });
  }

  private kick(): void {
    if (this.phase === 'idle') this.start();
    else if (this.phase === 'live') this.pumping ??= this.pump().finally(() => (this.pumping = undefined));
  }

  private start(): void {
    this.phase = 'starting';
    this.started = this.open().then(() => {
      if (this.phase === 'live' && (this.pendingText || changedChunks(this.sentPlan, this.plan).length > 0)) this.kick();
    });
  }

  /**
   * chat.startStream with what is there to show; its answer decides whether this run streams. Never
   * throws: `started` is awaited by every later call, `close` among them, and a rejection kept there
   * would fail each of them, the failed run's status edit included.
   */
  private async open(): Promise<void> {
    const { support, client, logger } = this.deps;
    const teamId = (this.teamId ??= await support.teamId());
    // The next message of an answer already shown: a failure to start it is a break, not a refusal.
    const continuing = this.ts !== undefined;
    if (!teamId || !(await this.allowed(teamId))) {
      if (continuing) this.breakOff(new Error('the next streamed message could not be started'));
      else this.off();
      return;
    }
    const batch = this.batch();
    const { text, chunks } = batch;
    try {
      const answer = await client.chat.startStream({
        channel: this.where.channel,
        thread_ts: this.where.threadTs,
        recipient_user_id: this.recipientId,
        recipient_team_id: teamId,
        task_display_mode: 'plan',
        ...(text && { markdown_text: text }),
        ...(chunks.length > 0 && { chunks }),
      } as Parameters<App['client']['chat']['startStream']>[0]);
      this.ts = answer.ts!;
      this.sent(batch);
      this.phase = 'live';
    } catch (error) {
      if (continuing) {
        this.breakOff(error);
        return;
      }
      this.off();
      if (!(await support.refused(teamId, slackErrorCode(error)).catch(() => false))) {
        logger.warn({ err: error, channel: this.where.channel }, 'chat.startStream failed: this answer is posted and edited instead');
      }
      return;
    }
    // The stream is Slack's now, whatever the store says: without this link only Slack's stop control is lost.
    await this.deps.store
      .set(streamRunRecord, `${this.where.channel}:${this.ts}`, this.runId)
      .catch((error: unknown) =>
        logger.warn(
          { err: error, channel: this.where.channel, ts: this.ts },
          'the streaming message could not be linked to its run: Slack’s stop control will not stop it',
        ),
      );
  }

  /**
   * The workspace's remembered refusal; while the store cannot say, this drive is posted and edited,
   * as where streaming is refused for one run.
   */
  private async allowed(teamId: string): Promise<boolean> {
    try {
      return await this.deps.support.available(teamId);
    } catch (error) {
      this.deps.logger.warn(
        { err: error, channel: this.where.channel },
        'whether this workspace streams is unknown: this answer is posted and edited instead',
      );
      return false;
    }
  }

  /** Not streamed: what was not shown is posted by the reporter from the whole texts it gets. */
  private off(): void {
    this.pendingText = '';
    this.raw = '';
    this.phase = 'off';
  }

  /** Appends, one at a time, at most one a second per message and at the process's pace. */
  private async pump(): Promise<void> {
    while (this.phase === 'live') {
      const wait = this.lastSend + STREAM_APPEND_INTERVAL_MS - Date.now();
      if (wait > 0) await sleep(wait);
      if (this.phase !== 'live') return;
      const batch = this.batch(true);
      const { text, chunks, rest } = batch;
      if (text || chunks.length > 0) {
        if (!(await this.send('appendStream', batch))) return;
      } else if (!rest) {
        return;
      }
      // The message is full: the answer goes on in a new streamed message.
      if (rest) await this.rollOver();
    }
  }

  /**
   * What to send next: the plan's changed tasks and the pending text that fits in this message
   * (`holding`: an append near the message's end keeps back the last line, unfinished).
   */
  private batch(holding = false): Batch {
    const plan = this.plan;
    const chunks = changedChunks(this.sentPlan, plan);
    const cut = cutStreamedMarkdown(
      this.pendingText,
      this.messageText,
      STREAM_LIMITS.markdownPerMessage - this.messageText.length,
      holding,
    );
    return { text: cut.text, chunks, plan, consumed: cut.consumed, reopen: cut.reopen, rest: cut.full };
  }

  /** What a call carried reached Slack (the plan may have changed again meanwhile). */
  private sent({ text, plan, consumed, reopen }: Batch): void {
    this.pendingText = reopen + this.pendingText.slice(consumed);
    this.messageText += text;
    this.sentPlan = plan;
    this.lastSend = Date.now();
  }

  /** Ends the full message and starts the next one in the thread; later plan changes go there. */
  private async rollOver(): Promise<void> {
    await this.stop(false);
    if ((this.phase as Phase) !== 'ended' || this.stoppedByUser) return;
    this.messageText = '';
    this.phase = 'starting';
    this.started = this.open();
    await this.started;
  }

  /** chat.stopStream with what is pending (all of it when `final`, rolling over as often as needed). */
  private async stop(final: boolean): Promise<void> {
    for (;;) {
      const batch = this.batch();
      if (!(await this.send('stopStream', batch))) return;
      this.phase = 'ended';
      if (!final || !batch.rest) return;
      this.messageText = '';
      this.phase = 'starting';
      this.started = this.open();
      await this.started;
      if ((this.phase as Phase) !== 'live') return;
    }
  }

  /** One append or stop at the process's pace; false when it failed (the stream broke off). */
  private async send(method: 'appendStream' | 'stopStream', batch: Batch): Promise<boolean> {
    const { text, chunks } = batch;
    await this.deps.appends.turn();
    try {
      const args = {
        channel: this.where.channel,
        ts: this.ts!,
        ...(text && { markdown_text: text }),
        ...(chunks.length > 0 && { chunks }),
      };
      await this.deps.client.chat[method](
        args as Parameters<App['client']['chat']['appendStream']>[0] & Parameters<App['client']['chat']['stopStream']>[0],
      );
      this.sent(batch);
      return true;
    } catch (error) {
      this.breakOff(error);
      return false;
    }
  }

  private breakOff(error: unknown): void {
    const code = slackErrorCode(error);
    if (code === 'stopped_by_user') {
      // Slack's stop control: agent_session_stopped says who pressed it, and the run stops there.
      this.phase = 'ended';
      this.stoppedByUser = true;
      return;
    }
    this.phase = 'broken';
    if (code !== undefined && GONE.has(code)) {
      this.gone = true;
      this.pendingText = this.messageText + this.pendingText;
    }
    this.deps.logger.warn(
      { err: error, channel: this.where.channel, ts: this.ts },
      'the streamed answer broke off: the rest is posted as messages',
    );
  }
}
