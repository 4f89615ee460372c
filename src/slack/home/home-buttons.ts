import type { App } from '@slack/bolt';
import { channelFilesDir } from '../../files/channel-files.js';
import { buildError } from '../blocks/error.blocks.js';
import { mrkdwn } from '../blocks/text.js';
import { taskPage } from '../commands/pages.js';
import { workItemCard } from '../commands/run-plane.js';
import { translatorFor } from '../locale.js';
import { requesterFor, slackUserByEmail } from '../people.js';
import type { HomeDeps } from './home-tab.js';
import { getIssueArgs, getWorkItem, readableFailure } from '../../tools/index.js';

type WebClient = App['client'];

/** What a Home tab button asks for: a work item's card (by key) or a channel's task tree (by id). */
export type HomeShow = { kind: 'card'; key: string } | { kind: 'tree'; channel: string };

/**
 * Posts what a Home tab button asked for in the person's DM with the bot (a post to their user id),
 * in their language; what cannot be shown (an item gone, a channel id that is none) is said there too.
 */
export async function showFromHome(client: WebClient, deps: HomeDeps, userId: string, show: HomeShow): Promise<void> {
  const t = translatorFor(await requesterFor(client, deps.store, userId), deps.locale);
  try {
    if (show.kind === 'card') {
      const item = await getWorkItem(deps.plane, getIssueArgs.read({ key: show.key }));
      await client.chat.postMessage({
        channel: userId,
        ...(await workItemCard(deps.plane, item, t, (email) => slackUserByEmail(client, deps.store, email))),
        unfurl_links: false,
      });
      return;
    }
    const folder = { dir: channelFilesDir(deps.dataDir, show.channel), locks: deps.fileLocks };
    const intro = t.t('home.sentTree', { channel: `<#${show.channel}>` });
    await client.chat.postMessage({ channel: userId, text: intro, blocks: [{ type: 'section', text: mrkdwn(intro) }] });
    await client.chat.postMessage({ channel: userId, ...(await taskPage(folder, { name: show.channel }, 'tree', t)) });
  } catch (error) {
    const readable = readableFailure(error, t);
    if (readable === undefined) deps.logger.error({ err: error, show }, 'a Home tab button failed');
    const reason = t.t('home.couldNotSend', { reason: readable ?? t.t('commands.error.generic') });
    await client.chat.postMessage({ channel: userId, ...buildError({ reason }, t) });
  }
}
