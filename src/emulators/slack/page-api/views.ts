import type { SlackMessage, Workspace, WorkspaceChannel } from '../workspace.js';

/**
 * A message as the page shows it: Slack's message plus where it is, whether only the viewer sees it,
 * and whether it is still streaming (Slack then shows its stop control on it).
 */
export type PageMessage = SlackMessage & { channel: string; ephemeral?: true; streaming?: true };
export type PageThread = PageMessage & { replies: PageMessage[] };

/** Whether a message is a stream still under way (chat.startStream, not yet stopped). */
export type IsStreaming = (channel: string, ts: string) => boolean;

export function pageMessage(
  channel: string,
  message: SlackMessage,
  options: { ephemeral?: boolean; isStreaming?: IsStreaming } = {},
): PageMessage {
  return {
    ...structuredClone(message),
    channel,
    ...(options.ephemeral ? { ephemeral: true as const } : {}),
    ...(options.isStreaming?.(channel, message.ts) ? { streaming: true as const } : {}),
  };
}

/** Conversations a person can open: public channels, private ones they are in, their DM with the bot. */
export function canSee(channel: WorkspaceChannel, viewer: string): boolean {
  return channel.type === 'channel' || channel.members.includes(viewer);
}

export function visibleChannels(workspace: Workspace, viewer: string): WorkspaceChannel[] {
  return workspace.channels().filter((channel) => canSee(channel, viewer));
}

/**
 * The channel as `viewer` sees it: top-level messages oldest first, each with its replies, and the
 * viewer's own ephemeral messages among them (in their thread when they have one).
 */
export function channelView(workspace: Workspace, channelId: string, viewer: string, isStreaming?: IsStreaming): PageThread[] {
  const all = [
    ...workspace.messages(channelId).map((m) => pageMessage(channelId, m, { isStreaming })),
    ...workspace.ephemeralsFor(channelId, viewer).map((m) => pageMessage(channelId, m, { ephemeral: true })),
  ].sort((a, b) => compareTs(a.ts, b.ts));
  const isReply = (m: PageMessage) => m.thread_ts !== undefined && m.thread_ts !== m.ts;
  const tops = new Map(all.filter((m) => !isReply(m)).map((m) => [m.ts, { ...m, replies: [] as PageMessage[] }]));
  for (const reply of all.filter(isReply)) {
    const parent = tops.get(reply.thread_ts!);
    if (parent) parent.replies.push(reply);
    // An ephemeral for a thread that does not exist is not shown, as in Slack.
  }
  return [...tops.values()];
}

/** Exact order of two "seconds.micros" timestamps (a Number would round the micros). */
function compareTs(a: string, b: string): number {
  const [aSeconds = '', aMicros = ''] = a.split('.');
  const [bSeconds = '', bMicros = ''] = b.split('.');
  return Number(aSeconds) - Number(bSeconds) || aMicros.localeCompare(bMicros);
}
