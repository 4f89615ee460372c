import { contentFields, newBotMessage } from '../bot-content.js';
import { checkMessage } from '../message-limits.js';
import type { SlackMessage } from '../workspace.js';
import {
  channelById,
  channelForPosting,
  flag,
  optionalString,
  requireBotMember,
  requiredString,
  type ApiContext,
  type Args,
  type MethodSpec,
} from './args.js';
import { explained, SlackApiError } from './errors.js';

const chatWrite = (): string => 'chat:write';

function checkContent(args: Args, requireContent: boolean, context: ApiContext): void {
  const problem = checkMessage(args, requireContent);
  if (problem) throw explained(problem.error, problem.messages);
  checkSlackFiles(args, context);
}

/** An image block's `slack_file` must name a file whose upload was completed (by id or by its url_private). */
function checkSlackFiles(args: Args, context: ApiContext): void {
  const blocks = Array.isArray(args.blocks) ? (args.blocks as unknown[]) : [];
  blocks.forEach((block, index) => {
    const file = (block as { type?: unknown; slack_file?: { id?: unknown; url?: unknown } } | null)?.slack_file;
    if ((block as { type?: unknown } | null)?.type !== 'image' || file === undefined) return;
    const id =
      typeof file.id === 'string' ? file.id : typeof file.url === 'string' ? /\/files-pri\/(F[0-9A-Z]+)\//.exec(file.url)?.[1] : undefined;
    if (!id || !context.files.get(id)?.completed)
      throw explained('invalid_blocks', [`[ERROR] invalid slack file [json-pointer:/blocks/${index}/slack_file]`]);
  });
}

/**
 * A thread is addressed by its parent's ts. The emulator refuses a reply's ts or an unknown ts,
 * which Slack does not reject loudly (a thread is named by its parent's ts, never a reply's).
 */
function threadParent(context: ApiContext, channelId: string, threadTs: string | undefined): string | undefined {
  if (threadTs === undefined) return undefined;
  const parent = context.workspace.message(channelId, threadTs);
  if (!parent) throw new SlackApiError('thread_not_found');
  if (parent.thread_ts !== undefined && parent.thread_ts !== parent.ts) throw new SlackApiError('invalid_thread_ts');
  return threadTs;
}

/** The bot may only edit or delete what it posted. */
function ownMessage(context: ApiContext, channelId: string, ts: string, refusal: string): SlackMessage {
  const message = context.workspace.message(channelId, ts);
  if (!message || message.subtype === 'tombstone') throw new SlackApiError('message_not_found');
  if (message.user !== context.workspace.bot.userId) throw new SlackApiError(refusal);
  return message;
}

const postMessage: MethodSpec = {
  scope: chatWrite,
  run(args, context) {
    const channel = channelForPosting(context, args);
    requireBotMember(context, channel);
    checkContent(args, true, context);
    const threadTs = threadParent(context, channel.id, optionalString(args, 'thread_ts'));
    const fields = newBotMessage(context.workspace, args, threadTs);
    if (threadTs && flag(args, 'reply_broadcast')) fields.subtype = 'thread_broadcast';
    const message = context.botWriter.post(channel.id, fields);
    return { channel: channel.id, ts: message.ts, message: structuredClone(message) };
  },
};

const update: MethodSpec = {
  scope: chatWrite,
  run(args, context) {
    const channel = channelById(context, args);
    const ts = requiredString(args, 'ts');
    ownMessage(context, channel.id, ts, 'cant_update_message');
    if (context.streams.isStreaming(channel.id, ts)) throw new SlackApiError('streaming_state_conflict');
    checkContent(args, false, context);
    const patch = { ...contentFields(args), edited: { user: context.workspace.bot.userId, ts: context.workspace.nextTs() } };
    const message = context.botWriter.update(channel.id, ts, patch);
    const { text, user, bot_id, app_id, blocks, attachments } = message;
    return { channel: channel.id, ts, text, message: structuredClone({ text, user, bot_id, app_id, blocks, attachments }) };
  },
};

const remove: MethodSpec = {
  scope: chatWrite,
  run(args, context) {
    const channel = channelById(context, args);
    const ts = requiredString(args, 'ts');
    ownMessage(context, channel.id, ts, 'cant_delete_message');
    context.botWriter.delete(channel.id, ts);
    return { channel: channel.id, ts };
  },
};

const postEphemeral: MethodSpec = {
  scope: chatWrite,
  run(args, context) {
    const { workspace } = context;
    const channel = channelForPosting(context, args);
    requireBotMember(context, channel);
    const user = workspace.user(requiredString(args, 'user'));
    if (!user) throw new SlackApiError('user_not_found');
    if (!workspace.isMember(channel.id, user.id)) throw new SlackApiError('user_not_in_channel');
    checkContent(args, true, context);
    // Slack accepts any thread_ts here; the ephemeral only shows if that thread exists.
    const message = workspace.postEphemeral(channel.id, user.id, newBotMessage(workspace, args, optionalString(args, 'thread_ts')));
    return { message_ts: message.ts };
  },
};

/** A message's permanent link, as Slack writes it (a reply's names its thread). No scope needed. */
const getPermalink: MethodSpec = {
  run(args, context) {
    const channel = channelById(context, args);
    const ts = requiredString(args, 'message_ts');
    const message = context.workspace.message(channel.id, ts);
    if (!message) throw new SlackApiError('message_not_found');
    const base = `https://${context.workspace.team.domain}.slack.com/archives/${channel.id}/p${ts.replace('.', '')}`;
    const isReply = message.thread_ts !== undefined && message.thread_ts !== ts;
    return { channel: channel.id, permalink: isReply ? `${base}?thread_ts=${message.thread_ts}&cid=${channel.id}` : base };
  },
};

/**
 * chat.unfurl (links:write): the app's blocks under a person's message, for the URLs its link_shared
 * offered. A composer preview (unfurl_id + source) is accepted and shown nowhere: the page has no composer previews.
 */
const unfurl: MethodSpec = {
  scope: () => 'links:write',
  run(args, context) {
    if (optionalString(args, 'source') === 'composer' && optionalString(args, 'unfurl_id')) return {};
    const channel = channelById(context, args);
    const ts = requiredString(args, 'ts');
    const result = context.unfurls.attach(context.workspace, channel.id, ts, args.unfurls);
    if ('error' in result) throw explained(result.error, result.messages ?? []);
    context.workspace.update(channel.id, ts, { attachments: result.attachments });
    return {};
  },
};

export const chatMethods: Record<string, MethodSpec> = {
  'chat.unfurl': unfurl,
  'chat.getPermalink': getPermalink,
  'chat.postMessage': postMessage,
  'chat.update': update,
  'chat.delete': remove,
  'chat.postEphemeral': postEphemeral,
};
