import { newEventId } from './ids.js';
import type { SlackMessage, Workspace, WorkspaceChannel } from './workspace.js';

/**
 * The bodies Slack posts to an app, shaped as Slack sends them (docs/slack.md). Pure: no I/O, no state
 * beyond reading the workspace.
 */

/** The deprecated verification token Slack still sends in bodies; apps must ignore it. */
export const VERIFICATION_TOKEN = 'XXYYZZ';

export function eventEnvelope(workspace: Workspace, event: Record<string, unknown>): Record<string, unknown> {
  const { team, bot } = workspace;
  const eventId = newEventId();
  return {
    token: VERIFICATION_TOKEN,
    team_id: team.id,
    context_team_id: team.id,
    context_enterprise_id: null,
    api_app_id: bot.appId,
    event,
    type: 'event_callback',
    event_id: eventId,
    event_time: Math.floor(Date.now() / 1000),
    authorizations: [{ enterprise_id: null, team_id: team.id, user_id: bot.userId, is_bot: true, is_enterprise_install: false }],
    is_ext_shared_channel: false,
    event_context: `4-${Buffer.from(JSON.stringify({ et: event.type, tid: team.id, aid: bot.appId, cid: event.channel })).toString('base64url')}`,
  };
}

/** A thread's summary belongs to later reads of the parent, not to the event of its posting. */
const THREAD_SUMMARY = new Set(['reply_count', 'reply_users', 'reply_users_count', 'latest_reply']);

/** The `message` event (message.channels / .groups / .im, told apart by `channel_type`). */
export function messageEvent(channel: WorkspaceChannel, message: SlackMessage): Record<string, unknown> {
  const fields = Object.entries(message).filter(([key]) => !THREAD_SUMMARY.has(key));
  return { ...Object.fromEntries(fields), channel: channel.id, channel_type: channel.type, event_ts: message.ts };
}

/** The `app_mention` event: no channel_type, no parent_user_id. */
export function appMentionEvent(channel: WorkspaceChannel, message: SlackMessage): Record<string, unknown> {
  const { user, text, ts, thread_ts, client_msg_id, team, blocks } = message;
  return {
    type: 'app_mention',
    user,
    text,
    ts,
    ...(thread_ts ? { thread_ts } : {}),
    client_msg_id,
    team,
    blocks,
    channel: channel.id,
    event_ts: ts,
  };
}

export function messageChangedEvent(
  channel: WorkspaceChannel,
  message: SlackMessage,
  previous: SlackMessage,
  eventTs: string,
): Record<string, unknown> {
  return {
    type: 'message',
    subtype: 'message_changed',
    hidden: true,
    channel: channel.id,
    channel_type: channel.type,
    message,
    previous_message: previous,
    ts: eventTs,
    event_ts: eventTs,
  };
}

export function messageDeletedEvent(channel: WorkspaceChannel, previous: SlackMessage, eventTs: string): Record<string, unknown> {
  return {
    type: 'message',
    subtype: 'message_deleted',
    hidden: true,
    channel: channel.id,
    channel_type: channel.type,
    deleted_ts: previous.ts,
    previous_message: previous,
    ts: eventTs,
    event_ts: eventTs,
  };
}

export interface CommandFields {
  userId: string;
  channel: WorkspaceChannel;
  command: string;
  text: string;
  responseUrl: string;
  triggerId: string;
}

/** A slash command's form fields; every value a string, as on the wire. */
export function commandForm(workspace: Workspace, fields: CommandFields): Record<string, string> {
  const { team, bot } = workspace;
  return {
    token: VERIFICATION_TOKEN,
    team_id: team.id,
    team_domain: team.domain,
    channel_id: fields.channel.id,
    channel_name: channelName(fields.channel),
    user_id: fields.userId,
    user_name: workspace.user(fields.userId)?.name ?? fields.userId,
    command: fields.command,
    text: fields.text,
    api_app_id: bot.appId,
    is_enterprise_install: 'false',
    response_url: fields.responseUrl,
    trigger_id: fields.triggerId,
  };
}

export interface BlockActionFields {
  userId: string;
  channel: WorkspaceChannel;
  message: SlackMessage;
  ephemeral: boolean;
  action: Record<string, unknown>;
  responseUrl: string;
  triggerId: string;
  /** Where the element is when not in the message's own blocks (an app unfurl's attachment). */
  container?: Record<string, unknown>;
}

/**
 * A `block_actions` payload. Clicks on ephemeral messages carry no `message`: the
 * app only learns the container.
 */
export function blockActionsPayload(workspace: Workspace, fields: BlockActionFields): Record<string, unknown> {
  const { team, bot } = workspace;
  const user = workspace.user(fields.userId);
  return {
    type: 'block_actions',
    user: { id: fields.userId, username: user?.name ?? fields.userId, name: user?.name ?? fields.userId, team_id: team.id },
    api_app_id: bot.appId,
    token: VERIFICATION_TOKEN,
    container: fields.container ?? {
      type: 'message',
      message_ts: fields.message.ts,
      channel_id: fields.channel.id,
      is_ephemeral: fields.ephemeral,
      ...(fields.message.thread_ts ? { thread_ts: fields.message.thread_ts } : {}),
    },
    trigger_id: fields.triggerId,
    team: { id: team.id, domain: team.domain },
    enterprise: null,
    is_enterprise_install: false,
    channel: { id: fields.channel.id, name: channelName(fields.channel) },
    ...(fields.ephemeral ? {} : { message: fields.message }),
    state: { values: {} },
    response_url: fields.responseUrl,
    actions: [fields.action],
  };
}

/** Slack names a DM `directmessage` in command and interaction payloads. */
function channelName(channel: WorkspaceChannel): string {
  return channel.type === 'im' ? 'directmessage' : channel.name;
}

export interface MessageActionFields {
  userId: string;
  channel: WorkspaceChannel;
  message: SlackMessage;
  callbackId: string;
  responseUrl: string;
  triggerId: string;
}

/** A message shortcut (`type: message_action`): the message it was used on, its channel, a trigger. */
export function messageActionPayload(workspace: Workspace, fields: MessageActionFields): Record<string, unknown> {
  const { team } = workspace;
  return {
    type: 'message_action',
    token: VERIFICATION_TOKEN,
    action_ts: workspace.nextTs(),
    team: { id: team.id, domain: team.domain },
    user: userOf(workspace, fields.userId),
    channel: { id: fields.channel.id, name: channelName(fields.channel) },
    is_enterprise_install: false,
    enterprise: null,
    callback_id: fields.callbackId,
    trigger_id: fields.triggerId,
    response_url: fields.responseUrl,
    message_ts: fields.message.ts,
    message: fields.message,
  };
}

/** `view_submission`: the whole view, with what the person entered in `view.state.values`. */
export function viewSubmissionPayload(
  workspace: Workspace,
  userId: string,
  view: Record<string, unknown>,
  triggerId: string,
): Record<string, unknown> {
  const { team, bot } = workspace;
  return {
    type: 'view_submission',
    team: { id: team.id, domain: team.domain },
    user: userOf(workspace, userId),
    api_app_id: bot.appId,
    token: VERIFICATION_TOKEN,
    trigger_id: triggerId,
    view,
    response_urls: [],
    is_enterprise_install: false,
    enterprise: null,
  };
}

/** `block_actions` from an element of a modal (a select with dispatch_action, a button): the container is the view. */
export function viewBlockActionsPayload(
  workspace: Workspace,
  userId: string,
  view: Record<string, unknown> & { id: string; state: unknown },
  action: Record<string, unknown>,
  triggerId: string,
): Record<string, unknown> {
  const { team, bot } = workspace;
  return {
    type: 'block_actions',
    user: userOf(workspace, userId),
    api_app_id: bot.appId,
    token: VERIFICATION_TOKEN,
    container: { type: 'view', view_id: view.id },
    trigger_id: triggerId,
    team: { id: team.id, domain: team.domain },
    enterprise: null,
    is_enterprise_install: false,
    view,
    state: view.state,
    actions: [action],
  };
}

function userOf(workspace: Workspace, userId: string): Record<string, unknown> {
  const name = workspace.user(userId)?.name ?? userId;
  return { id: userId, username: name, name, team_id: workspace.team.id };
}
