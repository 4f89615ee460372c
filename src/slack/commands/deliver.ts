import type { App, RespondFn } from '@slack/bolt';
import type { Logger } from '../../log.js';
import type { StateStore } from '../../state/store.js';
import type { SlackMessage } from '../blocks/types.js';
import { rememberTaskTree } from '../tasks/tree-message.js';
import type { Reply } from './reply.js';
import { slackErrorCode } from '../web-api-errors.js';

type WebClient = App['client'];

export interface Destination {
  client: WebClient;
  /** The response_url of the command or click. */
  respond: RespondFn;
  channel: string;
  /** Post in this thread (a "More" page continuing one posted in a thread). */
  threadTs?: string | undefined;
  store: StateStore;
  logger: Logger;
}

/**
 * Sends a reply where it belongs: ephemeral answers through the response_url; channel posts
 * as the bot (chat.postMessage), so that the ts of a task tree is known and task events can go in
 * its thread. Where the bot is not a member, the response_url posts in the channel instead.
 */
export async function deliver(reply: Reply, to: Destination): Promise<void> {
  for (const [index, message] of reply.messages.entries()) {
    if (reply.placement === 'ephemeral') {
      await to.respond({ response_type: 'ephemeral', replace_original: false, ...message });
      continue;
    }
    const ts = await postInChannel(message, to);
    if (index === 0 && reply.showsTasks && ts !== undefined && to.threadTs === undefined) {
      await rememberTaskTree(to.store, to.channel, ts);
    }
  }
}

const NOT_A_MEMBER = new Set(['not_in_channel', 'channel_not_found']);

async function postInChannel(message: SlackMessage, to: Destination): Promise<string | undefined> {
  const thread = to.threadTs === undefined ? {} : { thread_ts: to.threadTs };
  try {
    const posted = await to.client.chat.postMessage({
      channel: to.channel,
      ...message,
      ...thread,
      unfurl_links: false,
      unfurl_media: false,
    });
    return posted.ts;
  } catch (error) {
    const code = slackErrorCode(error);
    if (code === undefined || !NOT_A_MEMBER.has(code)) throw error;
    // A command works in any conversation; the bot can only post where it is a member.
    to.logger.debug({ channel: to.channel, code }, 'posting through the response_url instead');
    await to.respond({ response_type: 'in_channel', replace_original: false, ...message, ...thread });
    return undefined;
  }
}
