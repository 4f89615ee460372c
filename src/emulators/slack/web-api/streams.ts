import { botAuthor } from '../bot-content.js';
import { checkMessage } from '../message-limits.js';
import {
  applyChunks,
  ChunkError,
  overBudget,
  parseChunks,
  SESSION_STATUSES,
  STREAM_LIMITS,
  streamMessage,
  type SessionStatus,
  type Stream,
  type StreamChunk,
} from '../streams.js';
import {
  channelById,
  channelForPosting,
  optionalString,
  requireBotMember,
  requiredString,
  type ApiContext,
  type Args,
  type MethodSpec,
} from './args.js';
import { explained, SlackApiError } from './errors.js';

const chatWrite = (): string => 'chat:write';

/** A workspace without native streaming answers every one of the three methods with its refusal. */
function refuseIfUnsupported(context: ApiContext): void {
  if (context.streams.refusal) throw new SlackApiError(context.streams.refusal);
}

/** `markdown_text` and `chunks` of one call, as the chunks they add (markdown first, as Slack renders it). */
function chunksOf(args: Args): StreamChunk[] {
  const markdown = args.markdown_text;
  if (markdown !== undefined && (typeof markdown !== 'string' || markdown.length > STREAM_LIMITS.markdownPerCall)) {
    throw explained('msg_too_long', [`[ERROR] markdown_text must be at most ${STREAM_LIMITS.markdownPerCall} characters`]);
  }
  try {
    return [
      ...(typeof markdown === 'string' && markdown !== '' ? [{ type: 'markdown_text' as const, text: markdown }] : []),
      ...parseChunks(args.chunks),
    ];
  } catch (error) {
    if (error instanceof ChunkError) throw explained('invalid_chunks', [error.message]);
    throw error;
  }
}

function add(stream: Stream, chunks: StreamChunk[]): void {
  const over = overBudget(stream, chunks);
  if (over) throw new SlackApiError(over);
  applyChunks(stream, chunks);
}

/** An append or a stop: the bot's own message, still streaming, and the chunks the call adds. */
function continued(context: ApiContext, args: Args): { stream: Stream; chunks: StreamChunk[] } {
  refuseIfUnsupported(context);
  return { stream: openStream(context, args), chunks: chunksOf(args) };
}

/** The bot's own message, still streaming. */
function openStream(context: ApiContext, args: Args): Stream {
  const channel = channelById(context, args);
  const ts = requiredString(args, 'ts');
  const message = context.workspace.message(channel.id, ts);
  if (!message) throw new SlackApiError('message_not_found');
  if (message.user !== context.workspace.bot.userId) throw new SlackApiError('message_not_owned_by_app');
  const stream = context.streams.get(channel.id, ts);
  if (!stream) throw new SlackApiError('message_not_in_streaming_state');
  if (stream.state === 'stopped_by_user') throw new SlackApiError('stopped_by_user');
  if (stream.state !== 'streaming') throw new SlackApiError('message_not_in_streaming_state');
  return stream;
}

const startStream: MethodSpec = {
  scope: chatWrite,
  run(args, context) {
    refuseIfUnsupported(context);
    const { workspace } = context;
    const channel = channelForPosting(context, args);
    requireBotMember(context, channel);
    // Optional in one copy of Slack's page, required in the SDK's types and the newer one: required here.
    const threadTs = requiredString(args, 'thread_ts');
    const parent = workspace.message(channel.id, threadTs);
    if (!parent) throw new SlackApiError('thread_not_found');
    if (parent.thread_ts !== undefined && parent.thread_ts !== parent.ts) throw new SlackApiError('invalid_thread_ts');
    if (channel.type !== 'im') {
      // "Required when streaming to channels": whose request the stream answers.
      const user = optionalString(args, 'recipient_user_id');
      if (!user) throw new SlackApiError('missing_recipient_user_id');
      if (!workspace.user(user)) throw new SlackApiError('user_not_found');
      if (optionalString(args, 'recipient_team_id') !== workspace.team.id) throw new SlackApiError('missing_recipient_team_id');
    }
    const mode = optionalString(args, 'task_display_mode') ?? 'timeline';
    if (mode !== 'timeline' && mode !== 'plan')
      throw explained('invalid_arguments', ['[ERROR] task_display_mode must be timeline or plan']);
    const chunks = chunksOf(args);
    const stream: Stream = {
      channel: channel.id,
      ts: '',
      threadTs,
      mode,
      state: 'streaming',
      segments: [],
      tasks: new Map(),
      markdownChars: 0,
      chunkBlocks: 0,
      stopBlocks: [],
    };
    add(stream, chunks);
    const message = context.botWriter.post(channel.id, { ...botAuthor(workspace), ...streamMessage(stream), thread_ts: threadTs });
    stream.ts = message.ts;
    context.streams.open(stream);
    context.streams.setSession(channel.id, threadTs, 'processing');
    // The post was told before its ts named a stream: this tells the page it streams (and shows Slack's stop control).
    workspace.update(channel.id, message.ts, {});
    return { channel: channel.id, ts: message.ts };
  },
};

const appendStream: MethodSpec = {
  scope: chatWrite,
  run(args, context) {
    const { stream, chunks } = continued(context, args);
    if (chunks.length === 0) throw explained('invalid_arguments', ['[ERROR] markdown_text or chunks is required']);
    add(stream, chunks);
    context.workspace.update(stream.channel, stream.ts, streamMessage(stream));
    return { channel: stream.channel, ts: stream.ts };
  },
};

const stopStream: MethodSpec = {
  scope: chatWrite,
  run(args, context) {
    const { stream, chunks } = continued(context, args);
    const sessionStatus = sessionStatusOf(args, 'session_status') ?? 'active';
    const blocks = args.blocks;
    if (blocks !== undefined) {
      if (!Array.isArray(blocks) || blocks.length > STREAM_LIMITS.stopBlocks) throw new SlackApiError('msg_blocks_too_many');
      const problem = checkMessage({ blocks }, false);
      if (problem) throw explained(problem.error, problem.messages);
    }
    add(stream, chunks);
    stream.stopBlocks = (blocks as Record<string, unknown>[] | undefined) ?? [];
    stream.state = 'stopped';
    context.streams.setSession(stream.channel, stream.threadTs, sessionStatus);
    const message = context.botWriter.update(stream.channel, stream.ts, streamMessage(stream));
    return { channel: stream.channel, ts: stream.ts, message: structuredClone(message) };
  },
};

function sessionStatusOf(args: Args, key: string): SessionStatus | undefined {
  const value = optionalString(args, key);
  if (value === undefined) return undefined;
  if (!SESSION_STATUSES.includes(value as SessionStatus))
    throw explained('invalid_arguments', [`[ERROR] ${key} must be one of ${SESSION_STATUSES.join(', ')}`]);
  return value as SessionStatus;
}

/**
 * agents.sessions.setStatus, for a thread's session (scope `chat:write`): creates the session when
 * it has none. Session channels (no `thread_ts`) are not emulated.
 */
const setSessionStatus: MethodSpec = {
  scope: chatWrite,
  run(args, context) {
    const channel = channelById(context, { channel: args.channel_id });
    const status = sessionStatusOf(args, 'status');
    if (status === undefined) throw explained('invalid_arguments', ['[ERROR] missing required field: status']);
    const threadTs = optionalString(args, 'thread_ts');
    if (threadTs === undefined) throw explained('invalid_arguments', ['[ERROR] thread_ts is required for a thread-based session']);
    const root = context.workspace.message(channel.id, threadTs);
    if (!root || (root.thread_ts !== undefined && root.thread_ts !== root.ts)) throw new SlackApiError('invalid_thread_ts');
    context.streams.setSession(channel.id, threadTs, status);
    return {};
  },
};

export const streamMethods: Record<string, MethodSpec> = {
  'agents.sessions.setStatus': setSessionStatus,
  'chat.startStream': startStream,
  'chat.appendStream': appendStream,
  'chat.stopStream': stopStream,
};
