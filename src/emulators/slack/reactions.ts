import type { Deliverer } from './delivery.js';
import { eventEnvelope } from './payloads.js';
import { memberChannel, UsageError } from './usage-error.js';
import type { Workspace } from './workspace.js';

export interface UserReaction {
  user: string;
  channel: string;
  /** The message reacted to. */
  ts: string;
  /** The emoji's name, without colons (`ticket`). */
  name: string;
}

/**
 * A person adds a reaction to a message. It is stored, and the app gets `reaction_added` when it is
 * in the channel and its token has `reactions:read` (Slack sends the event only then). Resolves with
 * the event's id (for a redelivery), or undefined when nothing was sent.
 */
export async function userReacts(
  workspace: Workspace,
  deliverer: Deliverer,
  scopes: ReadonlySet<string>,
  reaction: UserReaction,
): Promise<string | undefined> {
  const channel = memberChannel(workspace, reaction.user, reaction.channel);
  const message = workspace.message(channel.id, reaction.ts);
  if (!message) throw new UsageError(`no message ${reaction.ts} in ${channel.id}`);
  if (!workspace.addReaction(channel.id, reaction.ts, reaction.name, reaction.user)) return undefined;
  if (!workspace.isMember(channel.id, workspace.bot.userId) || !scopes.has('reactions:read')) return undefined;
  const event = {
    type: 'reaction_added',
    user: reaction.user,
    reaction: reaction.name,
    item_user: message.user,
    item: { type: 'message', channel: channel.id, ts: message.ts },
    event_ts: `${(Date.now() / 1000).toFixed(6)}`,
  };
  const envelope = eventEnvelope(workspace, event);
  await deliverer.send('event', envelope);
  return String(envelope.event_id);
}
