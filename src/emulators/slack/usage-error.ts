import type { Workspace, WorkspaceChannel } from './workspace.js';

/** A caller asked for something impossible (an unknown user, a message they cannot see…). */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The conversation a person acts in; they must be one of its members. */
export function memberChannel(workspace: Workspace, userId: string, channelId: string): WorkspaceChannel {
  const channel = workspace.channel(channelId);
  if (!channel) throw new UsageError(`no channel ${channelId}`);
  if (!workspace.user(userId)) throw new UsageError(`no user ${userId}`);
  if (!workspace.isMember(channel.id, userId)) throw new UsageError(`${userId} is not in ${channel.id}`);
  return channel;
}
