import { newBlockId } from './ids.js';
import { MESSAGE_LIMITS } from './message-limits.js';
import type { NewMessage } from './workspace.js';

/**
 * Slack's streamed messages (chat.startStream / appendStream / stopStream): what each one has
 * received so far, and the message Slack shows for it. docs/slack.md describes the methods.
 */

export const STREAM_LIMITS = {
  /** `markdown_text` of one call. */
  markdownPerCall: 12_000,
  /**
   * All the markdown of one streamed message. Slack documents no total; the emulator holds it to the
   * markdown block's cumulative 12,000, stricter on purpose, so a bot that never splits fails here.
   */
  markdownTotal: MESSAGE_LIMITS.markdownBlocksTotal,
  /** Blocks sent in `blocks` chunks, per message; `stopStream`'s `blocks` are a separate 50. */
  chunkBlocks: 50,
  stopBlocks: 50,
  /** Tasks per message: undocumented; held to the blocks budget, stricter on purpose. */
  tasks: 50,
  /** A task's `details` and `output`: 256 as one SDK documents it (not confirmed by Slack); titles too. */
  taskText: 256,
  planTitle: 256,
} as const;

export const TASK_STATUSES = ['pending', 'in_progress', 'complete', 'error'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export interface StreamTask {
  id: string;
  title: string;
  status: TaskStatus;
  details?: string;
  output?: string;
}

type Json = Record<string, unknown>;

/** A chunk as `chunks[]` carries it, checked. */
export type StreamChunk =
  | { type: 'markdown_text'; text: string }
  | ({ type: 'task_update' } & StreamTask)
  | { type: 'plan_update'; title: string }
  | { type: 'blocks'; blocks: Json[] };

type Segment = { kind: 'markdown'; text: string } | { kind: 'task'; id: string } | { kind: 'plan' } | { kind: 'blocks'; blocks: Json[] };

export type StreamState = 'streaming' | 'stopped' | 'stopped_by_user';

export interface Stream {
  channel: string;
  ts: string;
  threadTs: string;
  mode: 'timeline' | 'plan';
  state: StreamState;
  segments: Segment[];
  tasks: Map<string, StreamTask>;
  planTitle?: string;
  markdownChars: number;
  chunkBlocks: number;
  stopBlocks: Json[];
}

/** A refusal of a chunk list, answered `invalid_chunks` with Slack's explanation lines. */
export class ChunkError extends Error {}

/** Checks `chunks[]` as Slack's `AnyChunk` union defines it. */
export function parseChunks(value: unknown): StreamChunk[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new ChunkError('[ERROR] chunks must be a JSON array');
  return value.map((chunk: unknown, index): StreamChunk => {
    const at = ` [json-pointer:/chunks/${index}]`;
    if (typeof chunk !== 'object' || chunk === null) throw new ChunkError(`[ERROR] a chunk must be an object${at}`);
    const c = chunk as Json;
    const text = (key: string, max: number, required: boolean): string | undefined => {
      const v = c[key];
      if (v === undefined && !required) return undefined;
      if (typeof v !== 'string' || (required && v === '')) throw new ChunkError(`[ERROR] ${key} must be a non-empty string${at}`);
      if (v.length > max) throw new ChunkError(`[ERROR] ${key} must be at most ${max} characters${at}`);
      return v;
    };
    switch (c.type) {
      case 'markdown_text':
        return { type: 'markdown_text', text: text('text', STREAM_LIMITS.markdownPerCall, true)! };
      case 'plan_update':
        return { type: 'plan_update', title: text('title', STREAM_LIMITS.planTitle, true)! };
      case 'task_update': {
        if (!TASK_STATUSES.includes(c.status as TaskStatus))
          throw new ChunkError(`[ERROR] status must be one of ${TASK_STATUSES.join(', ')}${at}`);
        const details = text('details', STREAM_LIMITS.taskText, false);
        const output = text('output', STREAM_LIMITS.taskText, false);
        return {
          type: 'task_update',
          id: text('id', 255, true)!,
          title: text('title', STREAM_LIMITS.taskText, true)!,
          status: c.status as TaskStatus,
          ...(details !== undefined && { details }),
          ...(output !== undefined && { output }),
        };
      }
      case 'blocks':
        if (!Array.isArray(c.blocks) || c.blocks.length === 0 || c.blocks.length > STREAM_LIMITS.chunkBlocks)
          throw new ChunkError(`[ERROR] blocks must hold 1–${STREAM_LIMITS.chunkBlocks} blocks${at}`);
        return { type: 'blocks', blocks: c.blocks as Json[] };
      default:
        throw new ChunkError(`[ERROR] unknown chunk type ${JSON.stringify(c.type)}${at}`);
    }
  });
}

/** What a stream received, in order; the caller has checked every limit first. */
export function applyChunks(stream: Stream, chunks: StreamChunk[]): void {
  for (const chunk of chunks) {
    switch (chunk.type) {
      case 'markdown_text': {
        const last = stream.segments.at(-1);
        if (last?.kind === 'markdown') last.text += chunk.text;
        else stream.segments.push({ kind: 'markdown', text: chunk.text });
        stream.markdownChars += chunk.text.length;
        break;
      }
      case 'plan_update':
        stream.planTitle = chunk.title;
        if (stream.mode === 'plan' && !stream.segments.some((s) => s.kind === 'plan')) stream.segments.push({ kind: 'plan' });
        break;
      case 'task_update': {
        const { type: _type, ...task } = chunk;
        const known = stream.tasks.has(task.id);
        stream.tasks.set(task.id, { ...stream.tasks.get(task.id), ...task });
        if (stream.mode === 'plan' && !stream.segments.some((s) => s.kind === 'plan')) stream.segments.push({ kind: 'plan' });
        if (stream.mode === 'timeline' && !known) stream.segments.push({ kind: 'task', id: task.id });
        break;
      }
      case 'blocks':
        stream.segments.push({ kind: 'blocks', blocks: chunk.blocks });
        stream.chunkBlocks += chunk.blocks.length;
        break;
    }
  }
}

/** The budgets of one message that `chunks` (and `markdown_text`, sent as a chunk) would break, if any. */
export function overBudget(stream: Stream, chunks: StreamChunk[]): string | undefined {
  let markdown = stream.markdownChars;
  let blocks = stream.chunkBlocks;
  const tasks = new Set(stream.tasks.keys());
  for (const chunk of chunks) {
    if (chunk.type === 'markdown_text') markdown += chunk.text.length;
    if (chunk.type === 'blocks') blocks += chunk.blocks.length;
    if (chunk.type === 'task_update') tasks.add(chunk.id);
  }
  if (markdown > STREAM_LIMITS.markdownTotal) return 'msg_too_long';
  if (blocks > STREAM_LIMITS.chunkBlocks || tasks.size > STREAM_LIMITS.tasks) return 'msg_blocks_too_many';
  return undefined;
}

function richText(text: string): Json {
  return { type: 'rich_text', elements: [{ type: 'rich_text_section', elements: [{ type: 'text', text }] }] };
}

function taskCard(task: StreamTask): Json {
  return {
    type: 'task_card',
    task_id: task.id,
    title: task.title,
    status: task.status,
    ...(task.details !== undefined && { details: richText(task.details) }),
    ...(task.output !== undefined && { output: richText(task.output) }),
  };
}

/** The message as Slack shows it while and after streaming: markdown, task cards or the plan, blocks. */
export function streamMessage(stream: Stream): Pick<NewMessage, 'text' | 'blocks'> {
  const blocks: Json[] = [];
  for (const segment of stream.segments) {
    if (segment.kind === 'markdown') blocks.push({ type: 'markdown', text: segment.text });
    if (segment.kind === 'task') blocks.push(taskCard(stream.tasks.get(segment.id)!));
    if (segment.kind === 'plan')
      blocks.push({ type: 'plan', title: stream.planTitle ?? '', tasks: [...stream.tasks.values()].map(taskCard) });
    if (segment.kind === 'blocks') blocks.push(...segment.blocks);
  }
  blocks.push(...stream.stopBlocks);
  const text = stream.segments.flatMap((s) => (s.kind === 'markdown' ? [s.text] : [])).join('');
  return { text, blocks: blocks.map((block) => ({ block_id: newBlockId(), ...block })) };
}

/** An agent session's lifecycle (`agents.sessions.setStatus`, `chat.stopStream`'s `session_status`). */
export const SESSION_STATUSES = ['active', 'processing', 'suspended', 'closed'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/**
 * The streams of the workspace by `channel:ts`, and the agent session of each thread streamed in.
 * How Slack moves a session is partly unverified; the emulator plays it literally as Slack's pages
 * say: a stream under way makes its thread's session `processing`; `chat.stopStream` sets its
 * `session_status` (default `active`); a person's stop control stops the streams but leaves the
 * session `processing` until the app moves it out (`agents.sessions.setStatus` or a stopStream).
 */
export class Streams {
  private readonly byMessage = new Map<string, Stream>();
  private readonly sessions = new Map<string, SessionStatus>();
  /**
   * When set, the three methods answer this error (`unknown_method`, `not_allowed`,
   * `feature_not_enabled` …): a workspace without native streaming, as GovSlack is.
   */
  refusal: string | undefined;

  open(stream: Stream): void {
    this.byMessage.set(`${stream.channel}:${stream.ts}`, stream);
  }

  get(channel: string, ts: string): Stream | undefined {
    return this.byMessage.get(`${channel}:${ts}`);
  }

  isStreaming(channel: string, ts: string): boolean {
    return this.get(channel, ts)?.state === 'streaming';
  }

  /** The status of a thread's agent session; undefined when it has none. */
  session(channel: string, threadTs: string): SessionStatus | undefined {
    return this.sessions.get(`${channel}:${threadTs}`);
  }

  setSession(channel: string, threadTs: string, status: SessionStatus): void {
    this.sessions.set(`${channel}:${threadTs}`, status);
  }
}
