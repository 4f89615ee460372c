import type { Translator } from '../../i18n/index.js';
import { ZWSP } from '../blocks/text.js';
import { slackErrorCode } from '../web-api-errors.js';
import { ephemeral, errorReply, type Reply } from './reply.js';
import type { ConversationDeps } from '../deps.js';
import type { CommandArgs } from './answer.js';
import type { Requester } from '../../tools/index.js';

/**
 * `/task <anything else>`: the request is posted in the channel under the person's name, and the
 * agent answers in that message's thread, as it would a mention. `requester` is the person the
 * command's context has already looked up, `t` their language.
 */
export async function askAgent(
  args: CommandArgs,
  deps: ConversationDeps,
  text: string,
  requester: Requester,
  t: Translator,
): Promise<Reply> {
  const { command, client } = args;
  let ts: string | undefined;
  try {
    const posted = await client.chat.postMessage({
      channel: command.channel_id,
      text: t.t('commands.asked', { user: `<@${command.user_id}>`, text: defuseBroadcasts(text) }),
      unfurl_links: false,
      unfurl_media: false,
    });
    ts = posted.ts;
  } catch (error) {
    if (slackErrorCode(error) !== 'not_in_channel') throw error;
    return errorReply({ reason: t.t('commands.error.notMember') }, t);
  }
  if (ts === undefined) throw new Error('chat.postMessage returned no ts');
  await deps.conversations.start(client, {
    channel: command.channel_id,
    threadTs: ts,
    messageTs: ts,
    userId: command.user_id,
    text,
    requester,
  });
  return ephemeral();
}

/**
 * The request keeps Slack's markup (mentions, links) as the person wrote it, but a broadcast in it
 * must not notify a whole channel through the bot's post.
 */
function defuseBroadcasts(text: string): string {
  return text
    .replace(/<!(here|channel|everyone)(?:\|[^>]*)?>/g, `@${ZWSP}$1`)
    .replace(/<!subteam\^[A-Z0-9]+(?:\|([^>]*))?>/g, (_, name?: string) => `${ZWSP}${name ?? '@group'}`);
}
