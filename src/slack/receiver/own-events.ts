/** This app's own ids in the workspace, from `auth.test`. */
export interface AppSelf {
  botId?: string;
  botUserId?: string;
}

/** The events Bolt keeps even when the app itself caused them. */
const KEPT_WHEN_OWN = new Set(['member_joined_channel', 'member_left_channel']);

/**
 * Whether a request is an event the app caused itself, which Bolt's `ignoreSelf` would drop before
 * any listener: Slack sends the app's own posts back as `message` events (one per post, so as many
 * requests as the bot has posts), and its own reactions and the like as events whose `user` is the
 * bot's. The same rule as Bolt's, so the receiver can ack them and stop there.
 */
export function isOwnEvent(body: Record<string, unknown>, self: AppSelf): boolean {
  if (body.type !== 'event_callback') return false;
  const event = body.event;
  if (typeof event !== 'object' || event === null) return false;
  const { type, subtype, bot_id: botId, user } = event as Record<string, unknown>;
  if (type === 'message' && subtype === 'bot_message' && self.botId !== undefined && botId === self.botId) return true;
  return self.botUserId !== undefined && user === self.botUserId && !(typeof type === 'string' && KEPT_WHEN_OWN.has(type));
}
