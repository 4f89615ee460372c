import { z } from 'zod';
import { defineRecord } from '../../state/record-kind.js';
import type { App } from '@slack/bolt';
import { commentOrigin } from '../../notifications/thread-links.js';
import { PlaneError } from '../../plane/errors.js';
import type { IncomingEvent } from '../conversations/intake.js';
import { translatorFor } from '../locale.js';
import { requesterFor } from '../people.js';
import { slackToHtml, slackToPlain } from '../render/slack-markup.js';
import { viaSlack } from './card-actions.js';
import type { WorkItemDeps } from './deps.js';
import { mentionNames } from './people.js';
import { addCommentArgs, commentOnWorkItem, readableFailure } from '../../tools/index.js';

/** A reply becomes one comment, whatever Slack redelivers, on whichever replica. */
/** A reply already copied to Plane (Slack redelivers within a day). */
const copiedReplyRecord = defineRecord({ namespace: 'links:replies', version: 1, schema: z.literal(true), ttlMs: 24 * 3600_000 });
/** Subtypes that are still a person writing. */
const PERSON_SUBTYPES = new Set(['file_share', 'thread_broadcast']);

/**
 * A person's reply in a linked thread that does not mention the bot becomes a Plane comment
 * ("alice via Slack: …", Slack's formatting carried into the HTML). The comment names its origin
 * (external_source `slack`, external_id `<channel>:<thread>:<ts>`), so Plane refuses it twice and its
 * webhook is not posted back into this thread. The bot's own posts (Plane's comments among them)
 * are never comments.
 */
export async function syncReply(
  client: App['client'],
  deps: WorkItemDeps,
  event: IncomingEvent,
  botUserId: string | undefined,
): Promise<void> {
  if (event.subtype !== undefined && !PERSON_SUBTYPES.has(event.subtype)) return;
  if (event.bot_id || !event.user || event.user === botUserId) return;
  if (!event.thread_ts || event.thread_ts === event.ts) return;
  const text = event.text ?? '';
  if (botUserId && new RegExp(`<@${botUserId}(\\|[^>]*)?>`).test(text)) return;
  if (slackToPlain(text).trim() === '') return;
  const link = await deps.links.forThread(event.channel, event.thread_ts);
  if (!link) return;
  if (!(await deps.store.claim(copiedReplyRecord, `${event.channel}:${event.ts}`, true))) return;
  const requester = await requesterFor(client, deps.store, event.user);
  const html = viaSlack(requester.name ?? 'someone', slackToHtml(text, await mentionNames(client, deps.store, text)));
  try {
    await commentOnWorkItem(deps.plane, addCommentArgs.read({ key: link.key, text: slackToPlain(text) }), requester, {
      html,
      external: commentOrigin(event.channel, event.thread_ts, event.ts),
    });
  } catch (error) {
    // Plane already has this one (409 on the same external id).
    if (error instanceof PlaneError && error.status === 409) return;
    const t = translatorFor(requester, deps.locale);
    const readable = readableFailure(error, t);
    if (readable === undefined) deps.logger.error({ err: error, key: link.key }, 'a linked thread reply could not become a comment');
    await client.chat
      .postEphemeral({
        channel: event.channel,
        user: event.user,
        thread_ts: event.thread_ts,
        text: t.t('workItem.replyNotSent', { key: link.key, reason: readable ?? t.t('workItem.inTheLog') }),
      })
      .catch(() => undefined);
  }
}
