import { TsClock } from './ids.js';

export interface Team {
  id: string;
  domain: string;
  name: string;
}

export interface BotIdentity {
  userId: string;
  botId: string;
  appId: string;
  name: string;
}

export interface WorkspaceUser {
  id: string;
  name: string;
  real_name: string;
  email?: string;
  tz: string;
  /** The language Slack shows them in, an IETF tag (`fr-FR`); Slack's default is `en-US`. */
  locale?: string;
  is_bot: boolean;
}

export type ChannelType = 'channel' | 'group' | 'im';

export interface WorkspaceChannel {
  id: string;
  name: string;
  type: ChannelType;
  /** User ids, the bot's included when it has joined. */
  members: string[];
  /** The other person of a DM with the bot. */
  user?: string;
  created: number;
}

/** A message as Slack's Web API returns it (conversations.replies, chat.postMessage's `message`). */
export interface SlackMessage {
  type: 'message';
  ts: string;
  user: string;
  text: string;
  team: string;
  subtype?: string;
  blocks?: Record<string, unknown>[];
  attachments?: unknown[];
  /** Files shared with the message (subtype `file_share`, or files.completeUploadExternal with a channel). */
  files?: Record<string, unknown>[];
  metadata?: unknown;
  thread_ts?: string;
  parent_user_id?: string;
  reply_count?: number;
  reply_users?: string[];
  reply_users_count?: number;
  latest_reply?: string;
  bot_id?: string;
  app_id?: string;
  bot_profile?: Record<string, unknown>;
  client_msg_id?: string;
  edited?: { user: string; ts: string };
  reactions?: { name: string; users: string[]; count: number }[];
  hidden?: boolean;
}

/** A message only `visibleTo` sees; it has a ts but is not part of the channel's history. */
export interface EphemeralMessage {
  channel: string;
  visibleTo: string;
  message: SlackMessage;
}

export type WorkspaceChange =
  | { type: 'message_posted' | 'message_updated'; channel: string; message: SlackMessage; visibleTo?: string }
  | { type: 'message_deleted'; channel: string; ts: string; thread_ts?: string; visibleTo?: string };

export interface WorkspaceSeed {
  team: Team;
  bot: BotIdentity;
  users: Omit<WorkspaceUser, 'is_bot'>[];
  channels: { id: string; name: string; type?: 'channel' | 'group'; members?: string[] }[];
}

export const SLACKBOT = 'USLACKBOT';

export type NewMessage = Omit<SlackMessage, 'type' | 'ts' | 'team'>;

/**
 * The state of the emulated Slack: people, conversations and what was said in them. It enforces
 * nothing about permissions (the Web API methods do) and tells listeners about every change.
 */
export class Workspace {
  readonly team: Team;
  readonly bot: BotIdentity;
  private readonly clock = new TsClock();
  private readonly usersById = new Map<string, WorkspaceUser>();
  private readonly channelsById = new Map<string, WorkspaceChannel>();
  /** Per channel, every message (top level and replies) in ts order. */
  private readonly history = new Map<string, SlackMessage[]>();
  private readonly ephemerals = new Map<string, EphemeralMessage>();
  private readonly listeners = new Set<(change: WorkspaceChange) => void>();

  constructor(seed: WorkspaceSeed) {
    this.team = seed.team;
    this.bot = seed.bot;
    const created = Math.floor(Date.now() / 1000);
    const botUser = { id: seed.bot.userId, name: seed.bot.name, real_name: seed.bot.name, tz: 'UTC', is_bot: true };
    for (const user of [botUser, ...seed.users.map((u) => ({ ...u, is_bot: false }))]) this.usersById.set(user.id, user);
    const everyone = [...this.usersById.keys()];
    // Slack's own voice (command errors); not a member of anything, and nobody can act as it.
    this.usersById.set(SLACKBOT, { id: SLACKBOT, name: 'slackbot', real_name: 'Slackbot', tz: 'UTC', is_bot: true });
    for (const channel of seed.channels) {
      this.setChannel({
        id: channel.id,
        name: channel.name,
        type: channel.type ?? 'channel',
        members: channel.members ?? everyone,
        created,
      });
    }
    for (const user of seed.users) {
      this.setChannel({
        id: `D${user.id.replace(/^[UW]/, '')}`,
        name: user.id,
        type: 'im',
        members: [user.id, seed.bot.userId],
        user: user.id,
        created,
      });
    }
  }

  /** A fresh ts, for events that are not messages (an edit's or a deletion's event_ts). */
  nextTs(): string {
    return this.clock.next();
  }

  onChange(listener: (change: WorkspaceChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  users(): WorkspaceUser[] {
    return [...this.usersById.values()];
  }

  user(id: string): WorkspaceUser | undefined {
    return this.usersById.get(id);
  }

  userByName(name: string): WorkspaceUser | undefined {
    return this.users().find((u) => u.name === name);
  }

  channels(): WorkspaceChannel[] {
    return [...this.channelsById.values()];
  }

  channel(id: string): WorkspaceChannel | undefined {
    return this.channelsById.get(id);
  }

  /** The DM between the bot and a person. */
  dmWith(userId: string): WorkspaceChannel | undefined {
    return this.channels().find((c) => c.type === 'im' && c.user === userId);
  }

  isMember(channelId: string, userId: string): boolean {
    return this.channel(channelId)?.members.includes(userId) ?? false;
  }

  post(channelId: string, fields: NewMessage): SlackMessage {
    const message: SlackMessage = { type: 'message', ts: this.clock.next(), team: this.team.id, ...fields };
    const parent = message.thread_ts ? this.message(channelId, message.thread_ts) : undefined;
    if (parent) message.parent_user_id = parent.user;
    this.historyOf(channelId).push(message);
    this.emit({ type: 'message_posted', channel: channelId, message });
    if (parent) this.recountReplies(channelId, parent);
    return message;
  }

  message(channelId: string, ts: string): SlackMessage | undefined {
    return this.history.get(channelId)?.find((m) => m.ts === ts);
  }

  /** Every message of the channel, replies included, oldest first. */
  messages(channelId: string): SlackMessage[] {
    return [...(this.history.get(channelId) ?? [])];
  }

  /** The parent followed by its replies, oldest first. */
  thread(channelId: string, rootTs: string): SlackMessage[] {
    return this.messages(channelId).filter((m) => m.ts === rootTs || m.thread_ts === rootTs);
  }

  update(channelId: string, ts: string, patch: Partial<NewMessage>): SlackMessage {
    const message = this.message(channelId, ts);
    if (!message) throw new Error(`no message ${ts} in ${channelId}`);
    Object.assign(message, patch);
    this.emit({ type: 'message_updated', channel: channelId, message });
    return message;
  }

  /**
   * Removes a message. A parent that still has replies stays as a tombstone, as in Slack, so the
   * thread remains readable.
   */
  delete(channelId: string, ts: string): void {
    const messages = this.historyOf(channelId);
    const index = messages.findIndex((m) => m.ts === ts);
    const message = messages[index];
    if (!message) return;
    if ((message.reply_count ?? 0) > 0) {
      for (const key of ['blocks', 'attachments', 'bot_id', 'app_id', 'edited', 'reactions'] as const) delete message[key];
      Object.assign(message, { subtype: 'tombstone', text: 'This message was deleted.', user: SLACKBOT, hidden: true });
      this.emit({ type: 'message_updated', channel: channelId, message });
      return;
    }
    messages.splice(index, 1);
    const isReply = message.thread_ts !== undefined && message.thread_ts !== ts;
    this.emit({ type: 'message_deleted', channel: channelId, ts, ...(isReply ? { thread_ts: message.thread_ts } : {}) });
    const parent = isReply ? this.message(channelId, message.thread_ts!) : undefined;
    if (parent) this.recountReplies(channelId, parent);
  }

  postEphemeral(channelId: string, visibleTo: string, fields: NewMessage): SlackMessage {
    const message: SlackMessage = { type: 'message', ts: this.clock.next(), team: this.team.id, ...fields };
    this.ephemerals.set(message.ts, { channel: channelId, visibleTo, message });
    this.emit({ type: 'message_posted', channel: channelId, message, visibleTo });
    return message;
  }

  ephemeral(ts: string): EphemeralMessage | undefined {
    return this.ephemerals.get(ts);
  }

  /** What one person sees privately in a channel, oldest first. */
  ephemeralsFor(channelId: string, userId: string): SlackMessage[] {
    return [...this.ephemerals.values()].filter((e) => e.channel === channelId && e.visibleTo === userId).map((e) => e.message);
  }

  updateEphemeral(ts: string, patch: Partial<NewMessage>): SlackMessage {
    const entry = this.ephemerals.get(ts);
    if (!entry) throw new Error(`no ephemeral message ${ts}`);
    Object.assign(entry.message, patch);
    this.emit({ type: 'message_updated', channel: entry.channel, message: entry.message, visibleTo: entry.visibleTo });
    return entry.message;
  }

  deleteEphemeral(ts: string): void {
    const entry = this.ephemerals.get(ts);
    if (!entry) return;
    this.ephemerals.delete(ts);
    const thread = entry.message.thread_ts;
    this.emit({
      type: 'message_deleted',
      channel: entry.channel,
      ts,
      visibleTo: entry.visibleTo,
      ...(thread ? { thread_ts: thread } : {}),
    });
  }

  /** Returns false when this person already reacted with this emoji. */
  addReaction(channelId: string, ts: string, name: string, userId: string): boolean {
    const message = this.message(channelId, ts);
    if (!message) throw new Error(`no message ${ts} in ${channelId}`);
    const reactions = (message.reactions ??= []);
    const reaction = reactions.find((r) => r.name === name);
    if (reaction?.users.includes(userId)) return false;
    if (reaction) {
      reaction.users.push(userId);
      reaction.count += 1;
    } else {
      reactions.push({ name, users: [userId], count: 1 });
    }
    this.emit({ type: 'message_updated', channel: channelId, message });
    return true;
  }

  private recountReplies(channelId: string, parent: SlackMessage): void {
    const replies = this.thread(channelId, parent.ts).slice(1);
    if (replies.length === 0) {
      for (const key of ['reply_count', 'reply_users', 'reply_users_count', 'latest_reply', 'thread_ts'] as const) delete parent[key];
      // A tombstone only stood for its replies.
      if (parent.subtype === 'tombstone') return this.delete(channelId, parent.ts);
    } else {
      const replyUsers = [...new Set(replies.map((r) => r.user))];
      Object.assign(parent, {
        thread_ts: parent.ts,
        reply_count: replies.length,
        reply_users: replyUsers,
        reply_users_count: replyUsers.length,
        latest_reply: replies[replies.length - 1]!.ts,
      });
    }
    this.emit({ type: 'message_updated', channel: channelId, message: parent });
  }

  private historyOf(channelId: string): SlackMessage[] {
    let messages = this.history.get(channelId);
    if (!messages) this.history.set(channelId, (messages = []));
    return messages;
  }

  private setChannel(channel: WorkspaceChannel): void {
    this.channelsById.set(channel.id, channel);
  }

  private emit(change: WorkspaceChange): void {
    for (const listener of this.listeners) listener(change);
  }
}
