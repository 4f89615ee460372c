import { randomUUID } from 'node:crypto';
import type { Deliverer } from './delivery.js';
import { appMentionEvent, eventEnvelope, messageEvent } from './payloads.js';
import { richTextBlock } from './rich-text.js';
import type { Unfurls } from './unfurls.js';
import type { SlackMessage, Workspace } from './workspace.js';
import { memberChannel, UsageError } from './usage-error.js';

export interface UserMessage {
  user: string;
  channel: string;
  /** Slack's wire text: mentions as `<@U0BOT>`. */
  text: string;
  /** The parent's ts, to reply in a thread. */
  threadTs?: string;
  /** Files shared with it (names): the message is then a `file_share`. */
  files?: string[];
}

/**
 * A person posts a message. It is stored, then the app gets what Slack would send it: in a channel,
 * `message` (channel_type channel/group) and, when the bot is mentioned, `app_mention` too — two
 * envelopes with distinct event_ids for one ts; in a DM, `message` (im) only; and `link_shared` when
 * the message links to one of the app's unfurl domains.
 * Resolves with the message's ts once the app has answered every delivery.
 */
export async function userSays(workspace: Workspace, deliverer: Deliverer, said: UserMessage, unfurls?: Unfurls): Promise<string> {
  const channel = memberChannel(workspace, said.user, said.channel);
  if (said.threadTs !== undefined) {
    const parent = workspace.message(channel.id, said.threadTs);
    if (!parent || (parent.thread_ts !== undefined && parent.thread_ts !== parent.ts))
      throw new UsageError(`no thread ${said.threadTs} in ${channel.id}`);
  }
  const message = workspace.post(channel.id, {
    user: said.user,
    text: said.text,
    client_msg_id: randomUUID(),
    blocks: [richTextBlock(said.text)],
    ...(said.files?.length ? { subtype: 'file_share', files: said.files.map((name, i) => fileOf(workspace.team.domain, name, i)) } : {}),
    ...(said.threadTs !== undefined ? { thread_ts: said.threadTs } : {}),
  });
  if (!workspace.isMember(channel.id, workspace.bot.userId)) return message.ts;

  const events = [messageEvent(channel, message)];
  const mentionsBot = new RegExp(`<@${workspace.bot.userId}(\\|[^>]*)?>`).test(said.text);
  if (mentionsBot && channel.type !== 'im') events.unshift(appMentionEvent(channel, message));
  // A link to one of the app's unfurl domains: link_shared too (sent for any conversation, member or not).
  const linkShared = unfurls?.linkShared(workspace, channel, message);
  if (linkShared) events.push(linkShared);
  await Promise.all(events.map((event) => deliverer.send('event', eventEnvelope(workspace, structuredClone(event)))));
  return message.ts;
}

function fileOf(domain: string, name: string, index: number): NonNullable<SlackMessage['files']>[number] {
  const id = `F0${randomUUID().replace(/-/g, '').slice(0, 9).toUpperCase()}${index}`;
  const mimetype = /\.(png|jpe?g|gif)$/i.test(name)
    ? `image/${name.split('.').pop()!.toLowerCase().replace('jpg', 'jpeg')}`
    : 'application/octet-stream';
  return { id, name, title: name, mimetype, permalink: `https://${domain}.slack.com/files/${id}/${encodeURIComponent(name)}` };
}
