import type { WorkspaceChannel } from '../workspace.js';
import {
  channelById,
  conversationScope,
  flag,
  optionalString,
  requireBotMember,
  requiredString,
  type ApiContext,
  type Args,
  type MethodSpec,
} from './args.js';
import { SlackApiError } from './errors.js';

/** The channel object of conversations.info. */
function describe(channel: WorkspaceChannel, context: ApiContext): Record<string, unknown> {
  const isMember = context.workspace.isMember(channel.id, context.workspace.bot.userId);
  if (channel.type === 'im') {
    return {
      id: channel.id,
      created: channel.created,
      is_im: true,
      is_org_shared: false,
      user: channel.user,
      is_user_deleted: false,
      priority: 0,
    };
  }
  const blank = { value: '', creator: '', last_set: 0 };
  return {
    id: channel.id,
    name: channel.name,
    name_normalized: channel.name,
    is_channel: channel.type === 'channel',
    is_group: channel.type === 'group',
    is_im: false,
    is_mpim: false,
    is_private: channel.type === 'group',
    created: channel.created,
    is_archived: false,
    is_general: channel.name === 'general',
    is_shared: false,
    is_org_shared: false,
    is_ext_shared: false,
    is_member: isMember,
    topic: blank,
    purpose: blank,
  };
}

const info: MethodSpec = {
  scope: conversationScope('read'),
  run(args, context) {
    const channel = channelById(context, args);
    // A private channel the bot is not in does not exist for it.
    if (channel.type === 'group' && !context.workspace.isMember(channel.id, context.workspace.bot.userId))
      throw new SlackApiError('channel_not_found');
    return { channel: describe(channel, context) };
  },
};

const DEFAULT_LIMIT = 1000;

function pageOffset(args: Args): number {
  const cursor = optionalString(args, 'cursor');
  if (cursor === undefined) return 0;
  const match = /^offset:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw new SlackApiError('invalid_cursor');
  return Number(match[1]);
}

/** oldest/latest bound the replies; the parent always comes first. */
function inRange(args: Args, ts: string): boolean {
  const inclusive = flag(args, 'inclusive');
  const oldest = optionalString(args, 'oldest');
  const latest = optionalString(args, 'latest');
  const value = Number(ts);
  if (oldest !== undefined && (inclusive ? value < Number(oldest) : value <= Number(oldest))) return false;
  if (latest !== undefined && (inclusive ? value > Number(latest) : value >= Number(latest))) return false;
  return true;
}

const replies: MethodSpec = {
  scope: conversationScope('history'),
  run(args, context) {
    const channel = channelById(context, args);
    requireBotMember(context, channel);
    const ts = requiredString(args, 'ts');
    const message = context.workspace.message(channel.id, ts);
    if (!message) throw new SlackApiError('thread_not_found');
    const [parent, ...rest] = context.workspace.thread(channel.id, message.thread_ts ?? message.ts);
    const all = [parent!, ...rest.filter((reply) => inRange(args, reply.ts))];
    const limit = Math.min(Number(optionalString(args, 'limit') ?? DEFAULT_LIMIT) || DEFAULT_LIMIT, DEFAULT_LIMIT);
    const offset = pageOffset(args);
    const page = all.slice(offset, offset + limit);
    const hasMore = offset + limit < all.length;
    const nextCursor = hasMore ? Buffer.from(`offset:${offset + limit}`).toString('base64url') : '';
    return { messages: structuredClone(page), has_more: hasMore, response_metadata: { next_cursor: nextCursor } };
  },
};

export const conversationMethods: Record<string, MethodSpec> = {
  'conversations.info': info,
  'conversations.replies': replies,
};
