import type { AllMiddlewareArgs, App, MessageShortcut, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import type { KeyedItem } from '../../plane/api.js';
import { PlaneError } from '../../plane/errors.js';
import { findWorkItem, parseKey } from '../../plane/resolve.js';
import { buildLinkForm, FIELD_ACTION, FORM_FIELDS } from './work-item-forms.blocks.js';
import type { Translator } from '../../i18n/index.js';
import { translatorFor } from '../locale.js';
import { knownPerson, requesterFor } from '../people.js';
import type { WorkItemDeps } from './deps.js';
import { formMetadataOf, readFormMetadata, type ViewState } from './form-state.js';
import { linkAndConfirm } from './linking.js';
import { getIssueArgs, getWorkItem, readableFailure, searchIssuesArgs, searchWorkItems, type WorkItemDetails } from '../../tools/index.js';

/** "Link to a work item": a thread links to one work item, so a linked thread is told which at once. */
export async function openLinkForm(client: App['client'], deps: WorkItemDeps, shortcut: MessageShortcut): Promise<void> {
  const metadata = { ...formMetadataOf(shortcut), author: '', permalink: '' };
  // Only the cache is read: the modal must open within the trigger's three seconds.
  const t = translatorFor(await knownPerson(deps.store, shortcut.user.id), deps.locale);
  const existing = await deps.links.forThread(metadata.channel, metadata.threadTs);
  if (existing) {
    await client.chat.postEphemeral({
      channel: metadata.channel,
      user: shortcut.user.id,
      thread_ts: metadata.threadTs,
      text: t.t('workItem.form.alreadyLinked', { key: existing.key, who: existing.linkedBy }),
    });
    return;
  }
  await client.views.open({ trigger_id: shortcut.trigger_id, view: buildLinkForm(metadata, t) });
}

/** How many search matches the error lists before asking for the key. */
const MATCHES_SHOWN = 5;

/** The work item the person means: a key, or words matching exactly one title in the channel's project. */
async function findMeant(
  deps: WorkItemDeps,
  channel: string,
  text: string,
  requester: Awaited<ReturnType<typeof requesterFor>>,
  t: Translator,
): Promise<{ item: WorkItemDetails; ref: KeyedItem } | { error: string }> {
  const api = deps.plane.api();
  const slug = deps.plane.slug();
  let key: string | undefined;
  try {
    key = parseKey(text).key;
  } catch {
    key = undefined;
  }
  if (key === undefined) {
    const project = (await deps.links.lastProject(channel)) ?? (await deps.notifications.subscriptions.forChannel(channel))[0]?.project;
    if (!project) return { error: t.t('workItem.form.noProjectToSearch') };
    const found = await searchWorkItems(deps.plane, searchIssuesArgs.read({ project, query: text, limit: MATCHES_SHOWN }), requester);
    if (found.found === 0) return { error: t.t('workItem.form.noMatch', { project, text }) };
    if (found.found > 1) {
      const shown = found.items.map((i) => `${i.key} ${i.title}`).join('; ');
      return {
        error: t.t('workItem.form.manyMatch', { count: found.found, shown: `${shown}${found.found > found.items.length ? '; …' : ''}` }),
      };
    }
    key = found.items[0]!.key;
  }
  const { keyed } = await findWorkItem(api, slug, key);
  return { item: await getWorkItem(deps.plane, getIssueArgs.read({ key })), ref: keyed };
}

type SubmitArgs = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

/** The key or search is checked before the modal closes (an unknown key is said in the modal), then the thread is linked. */
export async function submitLinkForm(args: SubmitArgs, deps: WorkItemDeps): Promise<void> {
  const { ack, body, view, client } = args;
  const metadata = readFormMetadata(view.private_metadata);
  const text = ((view.state.values as ViewState)[FORM_FIELDS.item]?.[FIELD_ACTION]?.value ?? '').trim();
  if (text === '') {
    const t = translatorFor(await knownPerson(deps.store, body.user.id), deps.locale);
    return void (await ack({ response_action: 'errors', errors: { [FORM_FIELDS.item]: t.t('workItem.form.giveKey') } }));
  }
  if (!metadata) return void (await ack());
  const requester = await requesterFor(client, deps.store, body.user.id);
  const t = translatorFor(requester, deps.locale);
  let meant: Awaited<ReturnType<typeof findMeant>>;
  try {
    meant = await findMeant(deps, metadata.channel, text, requester, t);
  } catch (error) {
    if (!(error instanceof PlaneError)) throw error;
    meant = { error: readableFailure(error, t) ?? error.message };
  }
  if ('error' in meant) return void (await ack({ response_action: 'errors', errors: { [FORM_FIELDS.item]: meant.error.slice(0, 1_900) } }));
  await ack();
  const who = requester.name ?? t.t('workItem.someone');
  await linkAndConfirm(client, deps, {
    metadata,
    ...meant,
    userId: body.user.id,
    by: who,
    summary: t.t('workItem.linked', { who, key: meant.item.key }),
  });
}
