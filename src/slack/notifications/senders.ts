import type { App } from '@slack/bolt';
import { translator, type Locale } from '../../i18n/index.js';
import type { Logger } from '../../log.js';
import { NOTICE_KINDS, mergeItemNotices, type CommentNotice, type NoticeKinds, type ItemSnapshot } from '../../notifications/notices.js';
import { noticeThreadRecord, threadKey } from '../../notifications/notifier.js';
import type { OutboxEntry, OutboxOf, SendContext } from '../../notifications/outbox.js';
import type { StateStore } from '../../state/store.js';
import { buildChangeLine, buildCommentMessage, buildDirectNotice, buildNotificationCard } from './notification.blocks.js';
import type { SlackMessage } from '../blocks/types.js';
import { planeHtmlToMrkdwn } from '../render/plane-html.js';
import { slackErrorCode } from '../web-api-errors.js';

type WebClient = App['client'];

/** A comment as Slack shows it: Plane's rich text as Slack formatting, mentions as Slack mentions where they can be. */
function commentOf(notice: CommentNotice): { text: string; mrkdwn?: string } {
  if (notice.html === undefined) return { text: notice.text };
  const mention = (id: string) => {
    const person = notice.people?.[id.toLowerCase()];
    return person && { name: person.name, slackId: person.chatUser };
  };
  return { text: notice.text, mrkdwn: planeHtmlToMrkdwn(notice.html, { mention }) };
}
/** The card or its thread is gone (deleted): the next notice starts a new one. */
const LOST = new Set(['thread_not_found', 'message_not_found', 'invalid_thread_ts', 'cant_update_message']);
/** Errors a retry cannot cure: logged, and the notice is dropped. */
const HOPELESS = new Set([
  'channel_not_found',
  'not_in_channel',
  'is_archived',
  'restricted_action',
  'invalid_blocks',
  'msg_too_long',
  'no_text',
  'cannot_dm_bot',
  'user_not_found',
]);

interface Progress {
  /** The card was posted by this entry (so it shows the current state already). */
  cardPosted?: boolean;
  linePosted?: boolean;
}

class Hopeless extends Error {}

/**
 * The Slack side of Plane notifications: one sender per kind of notice in the outbox. A channel's
 * first notice about a work item posts its card; later ones post a line in its thread and edit the
 * card to the item's current state. Posts wait for the outbox's pace. Nobody asked for them: they
 * speak `locale` (PLANEBOT_LOCALE).
 */
export function registerNoticeSenders(
  outbox: OutboxOf<NoticeKinds>,
  client: WebClient,
  store: StateStore,
  logger: Logger,
  locale: Locale,
): void {
  const t = translator(locale);
  const post = async (context: SendContext, channel: string, message: SlackMessage, threadTs?: string): Promise<string> => {
    try {
      const posted = await context.paced(() =>
        client.chat.postMessage({
          channel,
          ...message,
          ...(threadTs !== undefined && { thread_ts: threadTs }),
          unfurl_links: false,
          unfurl_media: false,
        }),
      );
      return posted.ts ?? '';
    } catch (error) {
      const code = slackErrorCode(error) ?? '';
      if (HOPELESS.has(code)) throw new Hopeless(code);
      throw error;
    }
  };

  /** The item's card in the channel: the one posted before, or a new one (posted, remembered). */
  const cardOf = async (
    entry: OutboxEntry,
    context: SendContext,
    item: ItemSnapshot,
    createdBy?: string,
  ): Promise<{ ts: string; fresh: boolean }> => {
    const key = threadKey(entry.channel, item.id);
    const known = await store.get(noticeThreadRecord, key);
    if (known !== undefined) return { ts: known, fresh: (entry.progress as Progress | undefined)?.cardPosted === true };
    const ts = await post(context, entry.channel, buildNotificationCard(item, t, createdBy));
    await store.set(noticeThreadRecord, key, ts);
    await context.checkpoint({ ...(entry.progress as Progress | undefined), cardPosted: true } satisfies Progress);
    entry.progress = { ...(entry.progress as Progress | undefined), cardPosted: true };
    return { ts, fresh: true };
  };

  /** Runs a send; a card that disappeared is forgotten and the send done again once (a new card). */
  const withCard = async (entry: OutboxEntry, send: () => Promise<void>) => {
    try {
      await send();
    } catch (error) {
      const code = error instanceof Hopeless ? error.message : (slackErrorCode(error) ?? '');
      if (LOST.has(code)) {
        await store.delete(noticeThreadRecord, threadKey(entry.channel, (entry.payload as { item: ItemSnapshot }).item.id));
        entry.progress = {};
        await send();
        return;
      }
      throw error;
    }
  };

  const hopeless = async (entry: OutboxEntry, send: () => Promise<void>) => {
    try {
      await withCard(entry, send);
    } catch (error) {
      if (!(error instanceof Hopeless)) throw error;
      logger.warn({ channel: entry.channel, kind: entry.kind, code: error.message }, 'a Plane notification cannot be posted there');
    }
  };

  outbox.register(NOTICE_KINDS.item, {
    merge: mergeItemNotices,
    send: (entry, context) =>
      hopeless(entry, async () => {
        const { item, createdBy, changes } = entry.payload;
        const card = await cardOf(entry, context, item, createdBy);
        const progress = (entry.progress ?? {}) as Progress;
        if (changes.length > 0 && !progress.linePosted) {
          await post(context, entry.channel, buildChangeLine(item, changes, t), card.ts);
          await context.checkpoint({ ...progress, linePosted: true } satisfies Progress);
        }
        // chat.update is not chat.postMessage: its own (per-minute) limit, no per-channel pace.
        if (!card.fresh) {
          try {
            await client.chat.update({ channel: entry.channel, ts: card.ts, ...buildNotificationCard(item, t) });
          } catch (error) {
            const code = slackErrorCode(error) ?? '';
            if (!HOPELESS.has(code) && !LOST.has(code) && code !== 'edit_window_closed') throw error;
            logger.info({ channel: entry.channel, code }, 'the card could not be edited to the current state');
          }
        }
      }),
  });

  outbox.register(NOTICE_KINDS.comment, {
    send: (entry, context) =>
      hopeless(entry, async () => {
        const { item, author } = entry.payload;
        const card = await cardOf(entry, context, item);
        await post(context, entry.channel, buildCommentMessage(item, author, commentOf(entry.payload), t), card.ts);
      }),
  });

  // A linked thread: the comment goes into it; a thread that is gone loses the comment (logged).
  outbox.register(NOTICE_KINDS.linkedComment, {
    send: async (entry, context) => {
      const { item, author, threadTs } = entry.payload;
      try {
        await post(context, entry.channel, buildCommentMessage(item, author, commentOf(entry.payload), t), threadTs);
      } catch (error) {
        const code = error instanceof Hopeless ? error.message : (slackErrorCode(error) ?? '');
        if (!(error instanceof Hopeless) && !LOST.has(code)) throw error;
        logger.warn({ channel: entry.channel, code }, 'a Plane comment cannot be posted in its linked thread');
      }
    },
  });

  outbox.register(NOTICE_KINDS.direct, {
    // Posting to a user id writes in the app's DM with them.
    send: (entry, context) =>
      hopeless(entry, async () => {
        await post(context, entry.channel, buildDirectNotice(entry.payload.item, entry.payload.reason, t));
      }),
  });
}
