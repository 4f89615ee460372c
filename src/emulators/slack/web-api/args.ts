import type { BotWriter } from '../bot-writer.js';
import type { Files } from '../files.js';
import type { SocketConnections } from '../socket-mode/connections.js';
import type { Streams } from '../streams.js';
import type { Triggers } from '../triggers.js';
import type { Unfurls } from '../unfurls.js';
import type { Views } from '../views.js';
import type { Workspace, WorkspaceChannel } from '../workspace.js';
import { explained, SlackApiError } from './errors.js';

export type Args = Record<string, unknown>;

/** What a method may touch. */
export interface ApiContext {
  workspace: Workspace;
  /** The bot's writes to channel messages go through it, so they are echoed as events. */
  botWriter: BotWriter;
  /** The scopes of the bot token. */
  scopes: ReadonlySet<string>;
  /** Socket Mode's connection URLs. */
  sockets: Pick<SocketConnections, 'issueUrl'>;
  /** Modals on people's screens (views.open / views.update) and their Home tabs (views.publish). */
  views: Views;
  /** The app's Home tab (`features.app_home.home_tab_enabled`); off, views.publish answers `not_enabled`. */
  homeTabEnabled: boolean;
  /** The trigger_ids handed out with interactions, for views.open. */
  triggers: Triggers;
  /** The app's unfurls (link_shared → chat.unfurl). */
  unfurls: Unfurls;
  /** The messages being streamed (chat.startStream …). */
  streams: Streams;
  /** Files uploaded with files.getUploadURLExternal / completeUploadExternal. */
  files: Files;
}

export interface MethodSpec {
  /** The token the method takes: the bot's (default) or the app-level one (`xapp-…`). */
  token?: 'bot' | 'app';
  /** The scope the call needs, which may depend on the conversation. */
  scope?: (args: Args, context: ApiContext) => string;
  run: (args: Args, context: ApiContext) => Record<string, unknown>;
}

/** Arguments that the client sends as JSON strings inside the form. */
const JSON_ARGS = ['blocks', 'attachments', 'metadata', 'unfurls', 'view', 'prompts', 'chunks', 'files'];

export function decodeJsonArgs(args: Args): Args {
  const decoded = { ...args };
  for (const key of JSON_ARGS) {
    const value = decoded[key];
    if (typeof value !== 'string') continue;
    try {
      decoded[key] = JSON.parse(value);
    } catch {
      // Left as a string: the method then answers invalid_blocks_format / invalid_arguments.
    }
  }
  return decoded;
}

export function optionalString(args: Args, key: string): string | undefined {
  const value = args[key];
  if (value === undefined || value === null || value === '') return undefined;
  return String(value);
}

export function requiredString(args: Args, key: string): string {
  const value = optionalString(args, key);
  if (value === undefined) throw explained('invalid_arguments', [`[ERROR] missing required field: ${key}`]);
  return value;
}

/** Form values are strings; JSON bodies may hold real booleans. */
export function flag(args: Args, key: string): boolean {
  return args[key] === true || args[key] === 'true' || args[key] === '1';
}

/** A conversation by id, as most methods want it. */
export function channelById(context: ApiContext, args: Args): WorkspaceChannel {
  const channel = context.workspace.channel(optionalString(args, 'channel') ?? '');
  if (!channel) throw new SlackApiError('channel_not_found');
  return channel;
}

/** chat.postMessage also accepts a channel name or a user id (which means the DM with them). */
export function channelForPosting(context: ApiContext, args: Args): WorkspaceChannel {
  const { workspace } = context;
  const wanted = optionalString(args, 'channel') ?? '';
  const channel =
    workspace.channel(wanted) ??
    workspace.dmWith(wanted) ??
    workspace.channels().find((c) => c.type !== 'im' && c.name === wanted.replace(/^#/, ''));
  if (!channel) throw new SlackApiError('channel_not_found');
  return channel;
}

export function requireBotMember(context: ApiContext, channel: WorkspaceChannel): void {
  if (!context.workspace.isMember(channel.id, context.workspace.bot.userId)) throw new SlackApiError('not_in_channel');
}

/** The `<kind>:read` / `<kind>:history` scope that matches a conversation. */
export function conversationScope(suffix: 'read' | 'history') {
  return (args: Args, context: ApiContext): string => {
    const type = context.workspace.channel(optionalString(args, 'channel') ?? '')?.type ?? 'channel';
    const prefix = type === 'im' ? 'im' : type === 'group' ? 'groups' : 'channels';
    return `${prefix}:${suffix}`;
  };
}
