import { z } from 'zod';
import { defineRecord } from '../../state/record-kind.js';
import type { AllMiddlewareArgs, BlockAction, ButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import { mrkdwn } from '../blocks/text.js';
import type { SlackMessage } from '../blocks/types.js';
import { channelFilesDir, type ChannelFolder } from '../../files/channel-files.js';
import { deliver } from './deliver.js';
import { errorReply, inChannel } from './reply.js';
import type { ListenerDeps } from '../deps.js';
import type { Translator } from '../../i18n/index.js';
import { translatorFor } from '../locale.js';
import { requesterFor } from '../people.js';

export type ButtonArgs = SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs;

/** Reads the page that starts at `cursor` (the clicked button's value), afresh from the channel's file. */
export type PageReader = (folder: ChannelFolder, channel: { name: string }, cursor: string, t: Translator) => Promise<SlackMessage>;

/** A "next page" click already answered. */
const clickRecord = defineRecord({ namespace: 'slack:page-clicks', version: 1, schema: z.literal(true), ttlMs: 24 * 60 * 60_000 });

/**
 * A "More" click: the next page is posted right after the clicked one (in the same thread, if it is
 * in one), and the clicked page loses its button, so the pages read in order and each is posted once
 * however many people click.
 */
export async function postNextPage(args: ButtonArgs, deps: ListenerDeps, readPage: PageReader): Promise<void> {
  await args.ack();
  const { body, action, client, respond } = args;
  const { channel, message } = body;
  if (channel === undefined || message === undefined || action.value === undefined) return;
  const click = `${channel.id}:${message.ts}:${action.value}`;
  if (!(await deps.store.claim(clickRecord, click, true))) return;
  const threadTs = typeof message.thread_ts === 'string' && message.thread_ts !== message.ts ? message.thread_ts : undefined;
  const destination = { client, respond, channel: channel.id, threadTs, store: deps.store, logger: deps.logger };
  // The page is in the language of whoever asked for more.
  const t = translatorFor(await requesterFor(client, deps.store, body.user.id), deps.locale);
  try {
    const page = await readPage({ dir: channelFilesDir(deps.dataDir, channel.id), locks: deps.fileLocks }, channel, action.value, t);
    await deliver(inChannel(page), destination);
    const blocks = Array.isArray(message.blocks) ? withoutButton(message.blocks, action.action_id, t) : undefined;
    await respond({ replace_original: true, text: message.text || page.text, ...(blocks && { blocks }) });
  } catch (error) {
    await deps.store.release(clickRecord, click, true);
    deps.logger.error({ err: error, channel: channel.id, action: action.action_id }, 'could not post the next page');
    await deliver(errorReply({ reason: t.t('commands.error.nextPage') }, t), destination).catch(() => undefined);
  }
}

type Json = Record<string, unknown>;

/** The clicked page as it was, its "More" button replaced by a pointer to what follows. */
function withoutButton(blocks: Json[], actionId: string, t: Translator): Json[] {
  const isPager = (block: Json) =>
    block.type === 'actions' &&
    Array.isArray(block.elements) &&
    (block.elements as Json[]).some((element) => element.action_id === actionId);
  return [...blocks.filter((block) => !isPager(block)), { type: 'context', elements: [mrkdwn(t.t('commands.listing.moreBelow'))] }];
}
