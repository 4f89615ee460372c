import type { AllMiddlewareArgs, App, BlockAction, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import { commentOrigin } from '../../notifications/thread-links.js';
import type { ChatThread } from '../../plane/kit.js';
import { findWorkItem } from '../../plane/resolve.js';
import { resolveMe } from '../../plane/me.js';
import { buildCommentForm, FIELD_ACTION, FORM_FIELDS } from './work-item-forms.blocks.js';
import { escapeTruncated, mrkdwn, oneLine } from '../blocks/text.js';
import type { Block, SlackMessage } from '../blocks/types.js';
import type { Translator } from '../../i18n/index.js';
import { translatorFor } from '../locale.js';
import { withUndo } from '../undo/undo.blocks.js';
import { knownPerson, requesterFor, slackUserByEmail } from '../people.js';
import { slackToHtml } from '../render/slack-markup.js';
import { detailsCard } from './card.js';
import type { WorkItemDeps } from './deps.js';
import { readCommentMetadata, type ViewState } from './form-state.js';
import {
  addCommentArgs,
  commentOnWorkItem,
  getIssueArgs,
  getWorkItem,
  readableFailure,
  type Requester,
  updateIssueArgs,
  updateWorkItem,
  type WorkItemDetails,
} from '../../tools/index.js';

type WebClient = App['client'];

/** Where a clicked card is: its channel, the thread it speaks in, and its own message. */
export interface CardPlace {
  channel: string;
  threadTs: string;
  /** The card's message; absent for an ephemeral card (it is answered through the response_url) and an unfurl. */
  cardTs?: string;
  /** An unfurl under a person's message: the URL it unfurls, and that message. */
  unfurl?: { url: string; messageTs: string };
  /** What stands before the card in its message (a confirmation's line), kept when it is edited. */
  lead: Block[];
  responseUrl?: string;
}

export function placeOf(body: BlockAction): CardPlace | undefined {
  const container = body.container as
    | { type?: string; channel_id?: string; message_ts?: string; thread_ts?: string; is_ephemeral?: boolean; app_unfurl_url?: string }
    | undefined;
  const channel = body.channel?.id ?? container?.channel_id;
  if (!channel || !container?.message_ts) return undefined;
  const message = body.message as { ts: string; thread_ts?: string; blocks?: Block[] } | undefined;
  if (container.type === 'message_attachment' && container.app_unfurl_url) {
    return {
      channel,
      threadTs: message?.thread_ts ?? container.message_ts,
      lead: [],
      unfurl: { url: container.app_unfurl_url, messageTs: container.message_ts },
    };
  }
  return {
    channel,
    threadTs: message?.thread_ts ?? container.thread_ts ?? container.message_ts,
    ...(!container.is_ephemeral && { cardTs: container.message_ts }),
    lead: leadOf(message?.blocks ?? []),
    ...(body.response_url && { responseUrl: body.response_url }),
  };
}

const say = (text: string): SlackMessage => ({ text, blocks: [{ type: 'section', text: mrkdwn(escapeTruncated(text, 2_900)) }] });

/** The thread `tellAndRefresh` says a change in, for all to see; an ephemeral card's is said to the clicker only. */
const saidIn = (place: CardPlace): ChatThread | undefined =>
  place.cardTs !== undefined || place.unfurl ? { channel: place.channel, threadTs: place.threadTs } : undefined;

/** Says what was done in the card's thread (ephemeral cards: to the clicker), then edits the card to the item now. */
/** The line and the card are in the clicker's language `t`: they asked for it. */
async function tellAndRefresh(
  client: WebClient,
  deps: WorkItemDeps,
  place: CardPlace,
  line: string,
  item: WorkItemDetails,
  t: Translator,
  respond?: (message: object) => Promise<unknown>,
  undo?: string,
): Promise<void> {
  // Undo under the confirmation shows the card again as the item then is.
  const said = withUndo(say(line), undo, t, place.cardTs);
  const card = await cardAsNow(client, deps, { channel: place.channel, threadTs: place.threadTs }, item, t);
  const edited = { text: card.text, blocks: [...place.lead, ...card.blocks] };
  if (place.unfurl) {
    await client.chat.postMessage({ channel: place.channel, thread_ts: place.threadTs, ...said, unfurl_links: false });
    await client.chat.unfurl({
      channel: place.channel,
      ts: place.unfurl.messageTs,
      unfurls: { [place.unfurl.url]: { blocks: card.blocks } },
    } as Parameters<WebClient['chat']['unfurl']>[0]);
    return;
  }
  if (place.cardTs === undefined) {
    await respond?.({ replace_original: true, ...edited });
    await respond?.({ response_type: 'ephemeral', replace_original: false, ...said });
    return;
  }
  await client.chat.postMessage({ channel: place.channel, thread_ts: place.threadTs, ...said, unfurl_links: false });
  await client.chat.update({ channel: place.channel, ts: place.cardTs, ...edited });
}

/** The card of `item` as a thread shows it (with "Stop syncing" when the thread is linked to it). */
async function cardAsNow(
  client: WebClient,
  deps: WorkItemDeps,
  thread: ChatThread,
  item: WorkItemDetails,
  t: Translator,
): Promise<SlackMessage> {
  const linked = (await deps.links.forThread(thread.channel, thread.threadTs))?.key === item.key;
  return detailsCard(deps.plane, item, t, { linked, userByEmail: (email) => slackUserByEmail(client, deps.store, email) });
}

/** What stands before a card's header in its message (a confirmation's line, "linked this thread"). */
function leadOf(blocks: readonly Block[]): Block[] {
  const header = blocks.findIndex((block) => block.type === 'header');
  return header > 0 ? blocks.slice(0, header) : [];
}

/** A card posted in a channel, edited to show its item as Plane has it now; a card no longer there is left alone. */
export async function refreshCard(
  client: WebClient,
  deps: WorkItemDeps,
  card: { channel: string; ts: string; key: string },
  t: Translator,
): Promise<void> {
  const { channel, ts } = card;
  // The thread's parent always comes first, then the card itself when it is a reply.
  const answer = await client.conversations.replies({ channel, ts, limit: 2, inclusive: true, latest: ts, oldest: ts });
  const message = (answer.messages as { ts: string; thread_ts?: string; blocks?: Block[] }[] | undefined)?.find((m) => m.ts === ts);
  if (!message?.blocks?.some((block) => block.type === 'header')) return;
  const item = await getWorkItem(deps.plane, getIssueArgs.read({ key: card.key }));
  const now = await cardAsNow(client, deps, { channel, threadTs: message.thread_ts ?? ts }, item, t);
  await client.chat.update({ channel, ts, text: now.text, blocks: [...leadOf(message.blocks), ...now.blocks] });
}

async function tellPrivately(client: WebClient, place: CardPlace, user: string, text: string): Promise<void> {
  await client.chat.postEphemeral({ channel: place.channel, user, text, thread_ts: place.threadTs }).catch(() => undefined);
}

type ActionArgs = { body: BlockAction; client: WebClient; respond?: (message: object) => Promise<unknown> };

/** Runs a card action as the clicker, in their language; Plane's readable refusals are told to them privately. */
async function asClicker(
  args: ActionArgs,
  deps: WorkItemDeps,
  work: (place: CardPlace, requester: Requester, who: string, t: Translator) => Promise<void>,
): Promise<void> {
  const place = placeOf(args.body);
  if (!place) return;
  const requester = await requesterFor(args.client, deps.store, args.body.user.id);
  const t = translatorFor(requester, deps.locale);
  try {
    await work(place, requester, requester.name ?? t.t('workItem.someone'), t);
  } catch (error) {
    const readable = readableFailure(error, t);
    if (readable === undefined) deps.logger.error({ err: error }, 'a work item card action failed');
    await tellPrivately(args.client, place, args.body.user.id, readable ?? t.t('workItem.failed'));
  }
}

/** "Assign to me": the clicker joins the assignees, the others stay. */
export async function assignToClicker(args: ActionArgs, deps: WorkItemDeps, key: string): Promise<void> {
  await asClicker(args, deps, async (place, requester, who, t) => {
    const api = deps.plane.api();
    const slug = deps.plane.slug();
    const me = await resolveMe(api, slug, requester);
    if (!me.isRequester)
      return tellPrivately(
        args.client,
        place,
        args.body.user.id,
        t.t('workItem.nobodyAssigned', { why: me.note ?? t.t('workItem.noMember') }),
      );
    const { item } = await findWorkItem(api, slug, key);
    const current = item.assignees.map((a) => (typeof a === 'string' ? a : a.id));
    if (current.includes(me.member.id))
      return tellPrivately(args.client, place, args.body.user.id, t.t('workItem.alreadyAssigned', { key }));
    const updated = await updateWorkItem(
      deps.plane,
      updateIssueArgs.read({ key, assignees: [...current, me.member.id] }),
      requester,
      saidIn(place),
    );
    await tellAndRefresh(args.client, deps, place, t.t('workItem.assigned', { who, key }), updated.item, t, args.respond, updated.undo);
  });
}

/** The state menu: the item moves to the chosen state (a state name of its project, from the menu's options). */
export async function moveToState(args: ActionArgs, deps: WorkItemDeps, key: string, state: string): Promise<void> {
  await asClicker(args, deps, async (place, requester, who, t) => {
    const updated = await updateWorkItem(deps.plane, updateIssueArgs.read({ key, state }), requester, saidIn(place));
    const line = t.t('workItem.moved', { who, key, state: updated.item.state?.name ?? t.t('workItem.anotherState') });
    await tellAndRefresh(args.client, deps, place, line, updated.item, t, args.respond, updated.undo);
  });
}

/** "Stop syncing": the thread and the work item no longer exchange replies and comments. */
export async function stopSyncing(args: ActionArgs, deps: WorkItemDeps, key: string): Promise<void> {
  await asClicker(args, deps, async (place, _requester, who, t) => {
    const removed = await deps.links.unlink(place.channel, place.threadTs);
    if (!removed) return tellPrivately(args.client, place, args.body.user.id, t.t('workItem.notSynced'));
    const item = await getWorkItem(deps.plane, getIssueArgs.read({ key }));
    await tellAndRefresh(args.client, deps, place, t.t('workItem.stoppedSync', { who, key: removed.key }), item, t, args.respond);
  });
}

/** "Comment": a modal for the comment's text (the trigger is used at once, before anything else). */
export async function openCommentForm(args: ActionArgs & { triggerId: string }, deps: WorkItemDeps, key: string): Promise<void> {
  const place = placeOf(args.body);
  if (!place) return;
  // Only the cache is read: the modal must open within the trigger's three seconds.
  const t = translatorFor(await knownPerson(deps.store, args.body.user.id), deps.locale);
  await args.client.views.open({
    trigger_id: args.triggerId,
    view: buildCommentForm(
      { key, channel: place.channel, threadTs: place.threadTs, ...(place.cardTs !== undefined && { cardTs: place.cardTs }) },
      t,
    ),
  });
}

type SubmitArgs = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

/** The comment, as the clicker's words ("bob via Slack: …"), on the item; said in the card's thread. */
export async function submitCommentForm(args: SubmitArgs, deps: WorkItemDeps): Promise<void> {
  const { ack, body, view, client } = args;
  const metadata = readCommentMetadata(view.private_metadata);
  const text = ((view.state.values as ViewState)[FORM_FIELDS.comment]?.[FIELD_ACTION]?.value ?? '').trim();
  if (text === '') {
    const t = translatorFor(await knownPerson(deps.store, body.user.id), deps.locale);
    return void (await ack({ response_action: 'errors', errors: { [FORM_FIELDS.comment]: t.t('workItem.writeComment') } }));
  }
  await ack();
  if (!metadata) return;
  const requester = await requesterFor(client, deps.store, body.user.id);
  const t = translatorFor(requester, deps.locale);
  const who = requester.name ?? t.t('workItem.someone');
  const place: CardPlace = { channel: metadata.channel, threadTs: metadata.threadTs, lead: [] };
  try {
    const { undo } = await commentOnWorkItem(deps.plane, addCommentArgs.read({ key: metadata.key, text }), requester, {
      html: viaSlack(who, slackToHtml(text)),
      // Said in this thread below: Plane's webhook for it is not posted here again.
      external: commentOrigin(metadata.channel, metadata.threadTs, `modal-${view.id}`),
      confirmedIn: { channel: metadata.channel, threadTs: metadata.threadTs },
    });
    await client.chat.postMessage({
      channel: metadata.channel,
      thread_ts: metadata.threadTs,
      ...withUndo(say(t.t('workItem.commented', { who, key: metadata.key, text: oneLine(text) })), undo, t),
      unfurl_links: false,
    });
  } catch (error) {
    const readable = readableFailure(error, t);
    if (readable === undefined) deps.logger.error({ err: error }, 'a comment from Slack failed');
    await tellPrivately(client, place, body.user.id, t.t('workItem.commentFailed', { reason: readable ?? t.t('workItem.inTheLog') }));
  }
}

/** "alice via Slack: …" at the head of the comment's first paragraph. */
export function viaSlack(who: string, html: string): string {
  const name = oneLine(who).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const head = `<strong>${name} via Slack:</strong> `;
  return html.startsWith('<p>') ? `<p>${head}${html.slice(3)}` : `<p>${head}</p>${html}`;
}
