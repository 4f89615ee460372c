import type { App } from '@slack/bolt';
import type { KeyedItem } from '../../plane/api.js';
import { buildConfirmation } from '../blocks/confirmation.blocks.js';
import { FALLBACK_TEXT_MAX } from '../blocks/limits.js';
import { truncate } from '../blocks/text.js';
import type { SlackMessage } from '../blocks/types.js';
import type { FormMetadata } from './work-item-forms.blocks.js';
import { translatorFor } from '../locale.js';
import { withUndo } from '../undo/undo.blocks.js';
import { requesterFor, slackUserByEmail } from '../people.js';
import { detailsCard } from './card.js';
import type { WorkItemDeps } from './deps.js';
import type { WorkItemDetails } from '../../tools/index.js';

/** A line of what happened, then the work item's card: one message (card edits keep the line). */
export function withLead(lead: SlackMessage, card: SlackMessage): SlackMessage {
  return { text: truncate(`${lead.text} — ${card.text}`, FALLBACK_TEXT_MAX), blocks: [...lead.blocks, ...card.blocks] };
}

export interface LinkRequest {
  metadata: FormMetadata;
  item: WorkItemDetails;
  ref: KeyedItem;
  userId: string;
  by: string;
  /** "alice created ACME-31 from this message", "alice linked this thread to ACME-3". */
  summary: string;
  notes?: readonly string[];
  /** The kept write behind it (a creation): its Undo stays with the line when the card is edited. */
  undo?: string;
}

/**
 * Links the message's thread to the work item (a thread already linked to another one keeps it, and
 * the confirmation says so), then posts the confirmation with the card in the thread.
 */
export async function linkAndConfirm(client: App['client'], deps: WorkItemDeps, request: LinkRequest): Promise<void> {
  const { metadata, item, ref } = request;
  const outcome = await deps.links.link({
    channel: metadata.channel,
    threadTs: metadata.threadTs,
    slug: deps.plane.slug(),
    projectId: ref.projectId,
    itemId: ref.id,
    key: item.key,
    linkedBy: request.by,
    linkedAt: Date.now(),
  });
  // The summary and notes come written; the confirmation's own words and the card are in the language of the person who linked.
  const t = translatorFor(await requesterFor(client, deps.store, request.userId), deps.locale);
  const notes = [...(request.notes ?? [])];
  if (!outcome.linked && outcome.existing.key !== item.key) notes.push(t.t('workItem.form.staysLinked', { key: outcome.existing.key }));
  const linked = outcome.linked || outcome.existing.key === item.key;
  const card = await detailsCard(deps.plane, item, t, { linked, userByEmail: (email) => slackUserByEmail(client, deps.store, email) });
  const message = withLead(withUndo(buildConfirmation({ summary: request.summary, notes }, t), request.undo, t), card);
  await client.chat.postMessage({
    channel: metadata.channel,
    thread_ts: metadata.threadTs,
    ...message,
    unfurl_links: false,
    unfurl_media: false,
  });
}
