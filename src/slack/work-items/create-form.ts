import type { App, BlockAction, MessageShortcut, SlackViewMiddlewareArgs, AllMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import { setTimeout as sleep } from 'node:timers/promises';
import { channelSettingsOf } from '../../intake-desk/channel-settings.js';
import type { PlaneApi } from '../../plane/api.js';
import { assignableMembers } from '../../plane/assignable.js';
import { resolveMe } from '../../plane/me.js';
import { memberName } from '../../plane/member-names.js';
import type { Project } from '../../plane/types.js';
import { ACTION_IDS } from '../blocks/action-ids.js';
import {
  buildCreateForm,
  buildFormProblem,
  buildLoadingForm,
  FIELD_ACTION,
  FORM_FIELDS,
  TITLE_MAX,
  type CreateFormLists,
  type CreateFormValues,
  type FormMetadata,
} from './work-item-forms.blocks.js';
import { translatorFor } from '../locale.js';
import { knownPerson, requesterFor } from '../people.js';
import type { Translator } from '../../i18n/index.js';
import { slackToPlain } from '../render/slack-markup.js';
import type { WorkItemDeps } from './deps.js';
import { formMetadataOf, readFormMetadata, type ViewState } from './form-state.js';
import { linkAndConfirm } from './linking.js';
import { mentionNames } from './people.js';
import { createIssueArgs, createWorkItemAndRef, readableFailure } from '../../tools/index.js';

type WebClient = App['client'];

/**
 * How long the shortcut waits for Plane's lists before opening a loading modal instead: the
 * trigger_id lives three seconds from Slack's send, and views.open itself takes a moment.
 */
const LISTS_WAIT_MS = 1_000;

/** The project options: "ACME · Website". */
const projectOption = (p: Project) => ({ id: p.id, name: `${p.identifier} · ${p.name}` });

/** The form's lists: every project, and the chosen one's states, assignable people and labels (cached). */
async function formLists(api: PlaneApi, slug: string, projectId: string | undefined): Promise<CreateFormLists> {
  const projects = await api.projects(slug);
  const project = projects.find((p) => p.id === projectId);
  if (!project) return { projects: projects.map(projectOption) };
  const [states, { members }, labels] = await Promise.all([
    api.states(slug, project),
    assignableMembers(api, slug, project),
    api.labels(slug, project),
  ]);
  return {
    projects: projects.map(projectOption),
    project: {
      id: project.id,
      states: states.map((s) => ({ id: s.id, name: s.name })),
      defaultStateId: states.find((s) => s.default)?.id,
      members: members.map((m) => ({ id: m.id, name: memberName(m) })),
      labels: labels.map((l) => ({ id: l.id, name: l.name })),
    },
  };
}

/** The channel's default project (/plane config), else the one it used last (a shortcut, `/plane new`, a subscription), by identifier. */
async function channelProject(deps: WorkItemDeps, channel: string): Promise<string | undefined> {
  const { defaultProject } = await channelSettingsOf(deps.store, channel);
  return (
    defaultProject ?? (await deps.links.lastProject(channel)) ?? (await deps.notifications.subscriptions.forChannel(channel))[0]?.project
  );
}

/** The first line of the message, and the message followed by where it came from. */
export function prefillOf(plainText: string, permalink: string): Pick<CreateFormValues, 'title' | 'description'> {
  const title =
    plainText
      .split('\n')
      .map((line) => line.trim())
      .find((line) => line !== '') ?? '';
  const description = [plainText.trim(), permalink ? `From Slack: ${permalink}` : ''].filter(Boolean).join('\n\n');
  return { title: title.slice(0, TITLE_MAX), description };
}

/** Everything the form starts with: where it was used, the lists, and its fields pre-filled. */
async function prepare(client: WebClient, deps: WorkItemDeps, shortcut: MessageShortcut) {
  const api = deps.plane.api();
  const slug = deps.plane.slug();
  const message = shortcut.message;
  const text = typeof message.text === 'string' ? message.text : '';
  const [permalink, clicker, author, names, projects, lastUsed] = await Promise.all([
    client.chat
      .getPermalink({ channel: shortcut.channel.id, message_ts: shortcut.message_ts })
      .then((answer) => answer.permalink ?? '')
      .catch(() => ''),
    requesterFor(client, deps.store, shortcut.user.id),
    typeof message.user === 'string' ? requesterFor(client, deps.store, message.user) : undefined,
    mentionNames(client, deps.store, text),
    api.projects(slug),
    channelProject(deps, shortcut.channel.id),
  ]);
  const metadata: FormMetadata = {
    ...formMetadataOf(shortcut),
    author: author?.name ?? 'someone',
    permalink,
  };
  const project = projects.find((p) => p.identifier === lastUsed);
  const me = await resolveMe(api, slug, clicker);
  const lists = await formLists(api, slug, project?.id);
  const values: CreateFormValues = {
    ...prefillOf(slackToPlain(text, names), permalink),
    priority: 'none',
    // The person who clicked, when their Slack e-mail is a Plane member's.
    assigneeIds: me.isRequester ? [me.member.id] : [],
  };
  return buildCreateForm(metadata, lists, values, translatorFor(clicker, deps.locale));
}

/**
 * "Create work item" on a message: the modal opens within the trigger's three seconds — filled in
 * when Plane's lists come from the cache in time, else as a loading modal updated when they come.
 */
export async function openCreateForm(client: WebClient, deps: WorkItemDeps, shortcut: MessageShortcut): Promise<void> {
  // Only the cache is read: the modal must open within the trigger's three seconds.
  const t = translatorFor(await knownPerson(deps.store, shortcut.user.id), deps.locale);
  const problem = (error: unknown) => buildFormProblem(t.t('workItem.form.create'), readableFailure(error, t) ?? t.t('workItem.failed'), t);
  const ready = prepare(client, deps, shortcut).catch((error: unknown) => {
    if (readableFailure(error, t) === undefined) deps.logger.error({ err: error }, 'could not prepare the create form');
    return problem(error);
  });
  const quick = await Promise.race([ready, sleep(LISTS_WAIT_MS).then(() => undefined)]);
  if (quick) {
    await client.views.open({ trigger_id: shortcut.trigger_id, view: quick });
    return;
  }
  const opened = await client.views.open({
    trigger_id: shortcut.trigger_id,
    view: buildLoadingForm({ ...formMetadataOf(shortcut), author: '', permalink: '' }, t),
  });
  const view = await ready;
  if (opened.view?.id) await client.views.update({ view_id: opened.view.id, ...(opened.view.hash && { hash: opened.view.hash }), view });
}

const selected = (state: ViewState, blockId: string, actionId = FIELD_ACTION) =>
  state[blockId]?.[actionId]?.selected_option?.value ?? undefined;
const selectedAll = (state: ViewState, blockId: string) => state[blockId]?.[FIELD_ACTION]?.selected_options?.map((o) => o.value);
const typed = (state: ViewState, blockId: string) => state[blockId]?.[FIELD_ACTION]?.value ?? undefined;

/** A project chosen in the form: the form again with that project's states, people and labels. */
export async function reloadCreateForm(client: WebClient, deps: WorkItemDeps, body: BlockAction): Promise<void> {
  const view = body.view;
  const metadata = readFormMetadata(view?.private_metadata);
  if (!view || !metadata) return;
  const state = (view.state?.values ?? {}) as ViewState;
  const api = deps.plane.api();
  const slug = deps.plane.slug();
  const lists = await formLists(api, slug, selected(state, FORM_FIELDS.project, ACTION_IDS.createFormProject));
  const clicker = await requesterFor(client, deps.store, body.user.id);
  const me = await resolveMe(api, slug, clicker);
  const values: CreateFormValues = {
    title: typed(state, FORM_FIELDS.title) ?? '',
    description: typed(state, FORM_FIELDS.description) ?? '',
    priority: selected(state, FORM_FIELDS.priority) ?? 'none',
    assigneeIds: selectedAll(state, FORM_FIELDS.assignees) ?? (me.isRequester ? [me.member.id] : []),
    labelIds: selectedAll(state, FORM_FIELDS.labels) ?? [],
  };
  await client.views.update({
    view_id: view.id,
    hash: view.hash,
    view: buildCreateForm(metadata, lists, values, translatorFor(clicker, deps.locale)),
  });
}

/** The submitted form as the create action's input, or each field's problem by block_id. */
export function readCreateForm(state: ViewState, t: Translator): { errors: Record<string, string> } | { input: Record<string, unknown> } {
  const project = selected(state, FORM_FIELDS.project, ACTION_IDS.createFormProject);
  const title = (typed(state, FORM_FIELDS.title) ?? '').trim();
  const errors: Record<string, string> = {};
  if (!project) errors[FORM_FIELDS.project] = t.t('workItem.form.chooseTheProject');
  if (title === '') errors[FORM_FIELDS.title] = t.t('workItem.form.giveTitle');
  else if (title.length > TITLE_MAX)
    errors[FORM_FIELDS.title] = t.t('workItem.form.titleTooLong', { length: title.length, max: TITLE_MAX });
  if (Object.keys(errors).length > 0) return { errors };
  const description = typed(state, FORM_FIELDS.description)?.trim();
  const stateId = selected(state, FORM_FIELDS.state);
  const priority = selected(state, FORM_FIELDS.priority);
  const assignees = selectedAll(state, FORM_FIELDS.assignees);
  const labels = selectedAll(state, FORM_FIELDS.labels);
  return {
    input: {
      project,
      title,
      ...(description && { description }),
      ...(stateId && { state: stateId }),
      ...(priority && { priority }),
      // The form lists assignees once a project is chosen; none chosen then means nobody.
      ...(assignees !== undefined && { assignees }),
      ...(labels !== undefined && labels.length > 0 && { labels }),
    },
  };
}

type SubmitArgs = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

/**
 * The form submitted: bad input goes back into the modal with the field named; otherwise the modal
 * closes, the work item is created with the message's permalink as a link, the thread is linked and
 * the confirmation with the card is posted in the message's thread.
 */
export async function submitCreateForm(args: SubmitArgs, deps: WorkItemDeps): Promise<void> {
  const { ack, body, view, client } = args;
  const metadata = readFormMetadata(view.private_metadata);
  // Only the cache is read before the answer: Slack waits three seconds for it.
  const read = readCreateForm(view.state.values as ViewState, translatorFor(await knownPerson(deps.store, body.user.id), deps.locale));
  if ('errors' in read) {
    await ack({ response_action: 'errors', errors: read.errors });
    return;
  }
  await ack();
  if (!metadata) return;
  const requester = await requesterFor(client, deps.store, body.user.id);
  const t = translatorFor(requester, deps.locale);
  try {
    const input = createIssueArgs.read(read.input);
    const { created, ref, undo } = await createWorkItemAndRef(deps.plane, input, requester);
    if (metadata.permalink) {
      const title = `Slack: message by ${metadata.author} in #${metadata.channelName}`;
      await deps.plane.api().addLink(deps.plane.slug(), ref, metadata.permalink, title.slice(0, TITLE_MAX));
    }
    await deps.links.rememberProject(metadata.channel, created.item.project.identifier);
    const who = requester.name ?? t.t('workItem.someone');
    await linkAndConfirm(client, deps, {
      metadata,
      item: created.item,
      ref,
      userId: body.user.id,
      by: who,
      summary: t.t('workItem.created', { who, key: created.item.key }),
      notes: created.notes,
      ...(undo && { undo }),
    });
  } catch (error) {
    const readable = readableFailure(error, t);
    if (readable === undefined) deps.logger.error({ err: error }, 'could not create a work item from a message');
    await client.chat
      .postEphemeral({
        channel: metadata.channel,
        user: body.user.id,
        thread_ts: metadata.threadTs,
        text: t.t('workItem.notCreated', { reason: readable ?? t.t('workItem.inTheLog') }),
      })
      .catch(() => undefined);
  }
}
