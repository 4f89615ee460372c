import type { AllMiddlewareArgs, App, BlockAction, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import { commentOrigin } from '../../notifications/thread-links.js';
import type { ChatThread } from '../../plane/kit.js';
import { findWorkItem } from '../../plane/resolve.js';
import { resolveMe } from '../../plane/me.js';
import { readableFailure } from '../../tools/index.js';
import type { WorkItemDetails } from '../../tools/plane/data.js';
import { addCommentInput, commentOnWorkItem } from '../../tools/plane/add-comment.js';
import { getIssueInput, getWorkItem } from '../../tools/plane/get-issue.js';
import { updateIssueInput, updateWorkItem } from '../../tools/plane/update-issue.js';
import { readInput, type Requester } from '../../tools/registry.js';
import { buildDetailsCard } from '../blocks/work-item-card.js';
import { buildCommentForm, FIELD_ACTION, FORM_FIELDS } from '../blocks/work-item-forms.js';
import { escapeTruncated, mrkdwn, oneLine } from '../blocks/text.js';
import type { Block, SlackMessage } from '../blocks/types.js';
import { requesterFor } from '../people.js';
import { slackToHtml } from '../render/slack-markup.js';
import { cardActionsFor } from './card.js';
import type { WorkItemDeps } from './deps.js';
import { readCommentMetadata, type ViewState } from './form-state.js';

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
    return { channel, threadTs: message?.thread_ts ?? container.message_ts, lead: [], unfurl: { url: container.app_unfurl_url, messageTs: container.message_ts } };
  }
  const blocks = message?.blocks ?? [];
  const header = blocks.findIndex((block) => block.type === 'header');
  return {
    channel,
    threadTs: message?.thread_ts ?? container.thread_ts ?? container.message_ts,
    ...(!container.is_ephemeral && { cardTs: container.message_ts }),
    lead: header > 0 ? blocks.slice(0, header) : [],
    ...(body.response_url && { responseUrl: body.response_url }),
  };
}

const say = (text: string): SlackMessage => ({ text, blocks: [{ type: 'section', text: mrkdwn(escapeTruncated(text, 2_900)) }] });

/** The thread `tellAndRefresh` says a change in, for all to see; an ephemeral card's is said to the clicker only. */
const saidIn = (place: CardPlace): ChatThread | undefined =>
  place.cardTs !== undefined || place.unfurl ? { channel: place.channel, threadTs: place.threadTs } : undefined;

/** Says what was done in the card's thread (ephemeral cards: to the clicker), then edits the card to the item now. */
async function tellAndRefresh(client: WebClient, deps: WorkItemDeps, place: CardPlace, line: string, item: WorkItemDetails, respond?: (message: object) => Promise<unknown>): Promise<void> {
  const linked = (await deps.links.forThread(place.channel, place.threadTs))?.key === item.key;
  const card = buildDetailsCard(item, await cardActionsFor(deps.plane, item, linked));
  const edited = { text: card.text, blocks: [...place.lead, ...card.blocks] };
  if (place.unfurl) {
    await client.chat.postMessage({ channel: place.channel, thread_ts: place.threadTs, ...say(line), unfurl_links: false });
    await client.chat.unfurl({ channel: place.channel, ts: place.unfurl.messageTs, unfurls: { [place.unfurl.url]: { blocks: card.blocks } } } as Parameters<WebClient['chat']['unfurl']>[0]);
    return;
  }
  if (place.cardTs === undefined) {
    await respond?.({ replace_original: true, ...edited });
    await respond?.({ response_type: 'ephemeral', replace_original: false, ...say(line) });
    return;
  }
  await client.chat.postMessage({ channel: place.channel, thread_ts: place.threadTs, ...say(line), unfurl_links: false });
  await client.chat.update({ channel: place.channel, ts: place.cardTs, ...edited });
}

async function tellPrivately(client: WebClient, place: CardPlace, user: string, text: string): Promise<void> {
  await client.chat.postEphemeral({ channel: place.channel, user, text, thread_ts: place.threadTs }).catch(() => undefined);
}

type ActionArgs = { body: BlockAction; client: WebClient; respond?: (message: object) => Promise<unknown> };

/** Runs a card action as the clicker; Plane's readable refusals are told to them privately. */
async function asClicker(args: ActionArgs, deps: WorkItemDeps, work: (place: CardPlace, requester: Requester) => Promise<void>): Promise<void> {
  const place = placeOf(args.body);
  if (!place) return;
  const requester = await requesterFor(args.client, deps.store, args.body.user.id);
  try {
    await work(place, requester);
  } catch (error) {
    const readable = readableFailure(error);
    if (readable === undefined) deps.logger.error({ err: error }, 'a work item card action failed');
    await tellPrivately(args.client, place, args.body.user.id, readable ?? 'That did not work; the details are in the bot’s log.');
  }
}

/** "Assign to me": the clicker joins the assignees, the others stay. */
export async function assignToClicker(args: ActionArgs, deps: WorkItemDeps, key: string): Promise<void> {
  await asClicker(args, deps, async (place, requester) => {
    const api = deps.plane.api();
    const slug = deps.plane.slug();
    const me = await resolveMe(api, slug, requester);
    const who = requester.name ?? 'Someone';
    if (!me.isRequester) return tellPrivately(args.client, place, args.body.user.id, `${me.note ?? 'Your Slack e-mail matches no Plane member'} — nobody was assigned.`);
    const { item } = await findWorkItem(api, slug, key);
    const current = item.assignees.map((a) => (typeof a === 'string' ? a : a.id));
    if (current.includes(me.member.id)) return tellPrivately(args.client, place, args.body.user.id, `You are already assigned to ${key}.`);
    const updated = await updateWorkItem(deps.plane, readInput('plane_update_issue', updateIssueInput, { key, assignees: [...current, me.member.id] }), requester, saidIn(place));
    await tellAndRefresh(args.client, deps, place, `${who} assigned themselves to ${key}`, updated.item, args.respond);
  });
}

/** The state menu: the item moves to the chosen state (a state name of its project, from the menu's options). */
export async function moveToState(args: ActionArgs, deps: WorkItemDeps, key: string, state: string): Promise<void> {
  await asClicker(args, deps, async (place, requester) => {
    const updated = await updateWorkItem(deps.plane, readInput('plane_update_issue', updateIssueInput, { key, state }), requester, saidIn(place));
    const who = requester.name ?? 'Someone';
    await tellAndRefresh(args.client, deps, place, `${who} moved ${key} to ${updated.item.state?.name ?? 'another state'}`, updated.item, args.respond);
  });
}

/** "Stop syncing": the thread and the work item no longer exchange replies and comments. */
export async function stopSyncing(args: ActionArgs, deps: WorkItemDeps, key: string): Promise<void> {
  await asClicker(args, deps, async (place, requester) => {
    const removed = await deps.links.unlink(place.channel, place.threadTs);
    if (!removed) return tellPrivately(args.client, place, args.body.user.id, 'This thread is not synced with a work item any more.');
    const who = requester.name ?? 'Someone';
    const item = await getWorkItem(deps.plane, readInput('plane_get_issue', getIssueInput, { key }));
    await tellAndRefresh(args.client, deps, place, `${who} stopped syncing this thread with ${removed.key}: replies here no longer become Plane comments, and Plane comments no longer come here.`, item, args.respond);
  });
}

/** "Comment": a modal for the comment's text (the trigger is used at once, before anything else). */
export async function openCommentForm(args: ActionArgs & { triggerId: string }, key: string): Promise<void> {
  const place = placeOf(args.body);
  if (!place) return;
  await args.client.views.open({
    trigger_id: args.triggerId,
    view: buildCommentForm({ key, channel: place.channel, threadTs: place.threadTs, ...(place.cardTs !== undefined && { cardTs: place.cardTs }) }),
  });
}

type SubmitArgs = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

/** The comment, as the clicker's words ("bob via Slack: …"), on the item; said in the card's thread. */
export async function submitCommentForm(args: SubmitArgs, deps: WorkItemDeps): Promise<void> {
  const { ack, body, view, client } = args;
  const metadata = readCommentMetadata(view.private_metadata);
  const text = ((view.state.values as ViewState)[FORM_FIELDS.comment]?.[FIELD_ACTION]?.value ?? '').trim();
  if (text === '') return void (await ack({ response_action: 'errors', errors: { [FORM_FIELDS.comment]: 'Write the comment first.' } }));
  await ack();
  if (!metadata) return;
  const requester = await requesterFor(client, deps.store, body.user.id);
  const who = requester.name ?? 'Someone';
  const place: CardPlace = { channel: metadata.channel, threadTs: metadata.threadTs, lead: [] };
  try {
    await commentOnWorkItem(deps.plane, readInput('plane_add_comment', addCommentInput, { key: metadata.key, text }), requester, {
      html: viaSlack(who, slackToHtml(text)),
      // Said in this thread below: Plane's webhook for it is not posted here again.
      external: commentOrigin(metadata.channel, metadata.threadTs, `modal-${view.id}`),
      confirmedIn: { channel: metadata.channel, threadTs: metadata.threadTs },
    });
    await client.chat.postMessage({ channel: metadata.channel, thread_ts: metadata.threadTs, ...say(`${who} commented on ${metadata.key}: ${oneLine(text)}`), unfurl_links: false });
  } catch (error) {
    const readable = readableFailure(error);
    if (readable === undefined) deps.logger.error({ err: error }, 'a comment from Slack failed');
    await tellPrivately(client, place, body.user.id, `The comment could not be added: ${readable ?? 'the details are in the bot’s log.'}`);
  }
}

/** "alice via Slack: …" at the head of the comment's first paragraph. */
export function viaSlack(who: string, html: string): string {
  const name = oneLine(who).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const head = `<strong>${name} via Slack:</strong> `;
  return html.startsWith('<p>') ? `<p>${head}${html.slice(3)}` : `<p>${head}</p>${html}`;
}
