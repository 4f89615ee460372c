import { DEFAULT_LOCALE, translator, type Translator } from '../i18n/index.js';
import type { Logger } from '../log.js';
import type { PlaneApi } from '../plane/api.js';
import { viewOne } from '../plane/item-view.js';
import type { ChatThread, PlaneKit } from '../plane/kit.js';
import { memberName } from '../plane/member-names.js';
import { mentionNames } from '../plane/mentions.js';
import { readHtml } from '../plane/read-html.js';
import { lookUpOrNone } from '../plane/resolve.js';
import type { Label, Member, Project, State, WorkItem } from '../plane/types.js';
import { mentionedUserIds, type PlaneDelivery, type WebhookChange, type WebhookPerson, type WebhookWorkItem } from '../plane/webhooks.js';
import { z } from 'zod';
import { defineRecord } from '../state/record-kind.js';
import type { StateStore } from '../state/store.js';
import { eventsOfChange, follows, passesFilters } from './filters.js';
import {
  NOTICE_KINDS,
  type NoticeKinds,
  type CommentNotice,
  type MentionedMember,
  type DirectNotice,
  type FieldChange,
  type ItemNotice,
  itemSnapshotSchema,
  type ItemSnapshot,
  type LinkedCommentNotice,
} from './notices.js';
import type { OutboxOf } from './outbox.js';
import type { BotWrites } from './bot-writes.js';
import { cameFrom, type ThreadLinks } from './thread-links.js';
import type { NotifyEvent, PersonalSettings, Subscriptions } from './subscriptions.js';

/** Deliveries about one work item closer together than this become one thread line. */
export const DEFAULT_CONDENSE_MS = 10_000;
/** A steady trickle of changes still gets a line at least this often. */
const CONDENSE_CAP_FACTOR = 6;
/** A work item's fields as last seen, to tell what a delivery changed. */
const knownItemRecord = defineRecord({ namespace: 'notify:items', version: 1, schema: itemSnapshotSchema, ttlMs: 7 * 24 * 3600_000 });

export interface NotifierOptions {
  plane: PlaneKit;
  store: StateStore;
  outbox: OutboxOf<NoticeKinds>;
  subscriptions: Subscriptions;
  personal: PersonalSettings;
  /** Changes the bot made itself, with who asked for them. */
  botWrites: BotWrites;
  /** Slack threads linked to work items: each gets the item's comments. */
  links: ThreadLinks;
  /** The chat user with this e-mail (Slack: users.lookupByEmail), if any. */
  recipientFor(email: string): Promise<string | undefined>;
  condenseMs?: number;
  /** The language of the reasons it writes for personal messages (PLANEBOT_LOCALE); English when absent. */
  words?: Translator;
  logger: Logger;
}

/**
 * Turns Plane's deliveries into notices in the outbox: for each channel whose subscription follows
 * what happened and whose filters the item passes, and for the people assigned or mentioned.
 * Names come from the delivery itself and the Plane cache (no request when it is warm).
 */
export class Notifier {
  private readonly condenseMs: number;
  private readonly words: Translator;

  constructor(private readonly options: NotifierOptions) {
    this.words = options.words ?? translator(DEFAULT_LOCALE);
    this.condenseMs = options.condenseMs ?? DEFAULT_CONDENSE_MS;
  }

  /**
   * `receivedAt`: when the delivery came, which the condensing window counts from (not when it is
   * handled). `id` names the delivery to the outbox as its notices' cause, so that handling it again
   * (after a stop before it was marked handled) posts nothing twice.
   */
  async handle(delivery: PlaneDelivery, receivedAt: number, id: string): Promise<void> {
    if (delivery.kind === 'work-item') await this.workItem(delivery.action, delivery.item, delivery.change, delivery.actor, receivedAt, id);
    else if (delivery.kind === 'comment' && delivery.action === 'created') await this.comment(delivery.comment, delivery.actor, id);
  }

  private async workItem(
    action: 'created' | 'updated',
    data: WebhookWorkItem,
    change: WebhookChange,
    actorPerson: WebhookPerson | undefined,
    receivedAt: number,
    cause: string,
  ): Promise<void> {
    const { plane } = this.options;
    const api = plane.api();
    const slug = plane.slug();
    const project = await projectById(api, slug, data.project);
    const item = await this.snapshot(api, slug, project, data as unknown as WorkItem);
    await this.options.store.set(knownItemRecord, item.id, item);
    const attribution = await this.options.botWrites.attribution(api, item.key, change.field, actorPerson);
    const actor = attribution.actor;

    let notice: ItemNotice;
    let events: NotifyEvent[];
    if (action === 'created') {
      notice = { item, createdBy: actor, changes: [] };
      events = ['created', 'all'];
    } else {
      if (change.field === null) return;
      const described = await describeChange(api, slug, project, change, data, actor);
      notice = { item, changes: [described] };
      events = eventsOfChange(described, item);
    }

    for (const subscription of await this.options.subscriptions.forProject(project.id)) {
      if (!follows(subscription, events) || !passesFilters(item, subscription.filters)) continue;
      // Confirmed by the bot in the card's own thread: the card is brought up to date, no line said again.
      const confirmed = await this.confirmedThere(subscription.channel, item.id, attribution.confirmedIn);
      const changes = confirmed
        ? []
        : subscription.events.includes('all')
          ? notice.changes
          : notice.changes.filter((c) => follows(subscription, eventsOfChange(c, item)));
      await this.enqueueItem(subscription.channel, { ...notice, changes }, receivedAt, cause);
    }

    const newlyAssigned =
      action === 'created' ? assigneeIds(data) : change.field === 'assignees' ? added(change.oldValue, change.newValue) : [];
    if (newlyAssigned.length > 0) {
      const people = data.assignees.filter((a): a is WebhookPerson => typeof a !== 'string' && newlyAssigned.includes(a.id.toLowerCase()));
      await this.direct(
        api,
        slug,
        item,
        people.map((p) => ({ id: p.id, email: p.email ?? undefined })),
        actorPerson?.id,
        this.words.t('notify.assignedYou', { who: actor }),
        cause,
      );
    }
  }

  private async comment(
    comment: {
      id: string;
      issue: string;
      project: string;
      comment_html: string;
      actor?: unknown;
      external_source?: string | null | undefined;
      external_id?: string | null | undefined;
    },
    actorPerson: WebhookPerson | undefined,
    cause: string,
  ): Promise<void> {
    const { plane } = this.options;
    const api = plane.api();
    const slug = plane.slug();
    const item = await this.itemById(api, slug, comment.project, comment.issue);
    const authorId = actorPerson?.id ?? (typeof comment.actor === 'string' ? comment.actor : undefined);
    const attribution = await this.options.botWrites.attribution(api, item.key, 'comment', actorPerson);
    const author = actorPerson ? attribution.actor : await memberNameById(api, slug, authorId);
    const text = readHtml(comment.comment_html, await mentionNames(api, slug, comment.comment_html)).text;
    const mentioned = mentionedUserIds(comment.comment_html);
    const members = mentioned.length > 0 ? await api.workspaceMembers(slug) : [];
    const notice: CommentNotice = { item, author, text, html: comment.comment_html, people: await this.people(mentioned, members) };
    // A comment that came from a linked thread (or its card's Comment) is not posted back there.
    const linked = (await this.options.links.forItem(item.id)).filter(
      (link) =>
        !cameFrom(link, comment.external_source, comment.external_id) && !sameThread(attribution.confirmedIn, link.channel, link.threadTs),
    );
    for (const link of linked) {
      const payload: LinkedCommentNotice = { ...notice, threadTs: link.threadTs };
      await this.options.outbox.enqueue(link.channel, {
        kind: NOTICE_KINDS.linkedComment,
        payload,
        order: orderOf(item),
        // A channel may have several threads linked to the item, each told once.
        cause: `${cause}:${link.threadTs}`,
      });
    }
    for (const subscription of await this.options.subscriptions.forProject(item.projectId)) {
      if (!follows(subscription, ['comment', 'all']) || !passesFilters(item, subscription.filters)) continue;
      if (await this.confirmedThere(subscription.channel, item.id, attribution.confirmedIn)) continue;
      // The channel's card thread is a linked thread: the comment is there already (or came from it).
      const cardTs = await this.options.store.get(noticeThreadRecord, threadKey(subscription.channel, item.id));
      if (cardTs !== undefined && (await this.options.links.forThread(subscription.channel, cardTs))?.itemId === item.id) continue;
      await this.options.outbox.enqueue(subscription.channel, { kind: NOTICE_KINDS.comment, payload: notice, order: orderOf(item), cause });
    }
    if (mentioned.length > 0) {
      const people = mentioned.flatMap((id) => members.filter((m) => m.id === id).map((m) => ({ id: m.id, email: m.email })));
      await this.direct(
        api,
        slug,
        item,
        people,
        authorId,
        this.words.t('notify.mentionedYou', { who: author, text: oneLineExcerpt(text) }),
        cause,
      );
    }
  }

  /** The mentioned members by id: names, and the chat user with each one's e-mail (at most ten looked up). */
  private async people(ids: readonly string[], members: readonly Member[]): Promise<Record<string, MentionedMember>> {
    const people: Record<string, MentionedMember> = {};
    for (const id of ids.slice(0, 10)) {
      const member = members.find((m) => m.id.toLowerCase() === id);
      if (!member) continue;
      const chatUser = member.email ? await this.options.recipientFor(member.email).catch(() => undefined) : undefined;
      people[id] = { name: memberName(member), ...(chatUser !== undefined && { chatUser }) };
    }
    return people;
  }

  private enqueueItem(channel: string, notice: ItemNotice, receivedAt: number, cause: string): Promise<void> {
    return this.options.outbox.enqueue(channel, {
      at: receivedAt,
      cause,
      kind: NOTICE_KINDS.item,
      payload: notice,
      order: orderOf(notice.item),
      mergeKey: orderOf(notice.item),
      delayMs: this.condenseMs,
      maxDelayMs: this.condenseMs * CONDENSE_CAP_FACTOR,
    });
  }

  private async direct(
    api: PlaneApi,
    slug: string,
    item: ItemSnapshot,
    people: { id: string; email?: string | undefined }[],
    actorId: string | undefined,
    reason: string,
    cause: string,
  ): Promise<void> {
    for (const person of people) {
      // Nobody is told about what they did themselves.
      if (actorId !== undefined && person.id.toLowerCase() === actorId.toLowerCase()) continue;
      const email =
        person.email ??
        (
          await lookUpOrNone(
            (opts) => api.workspaceMembers(slug, opts),
            (all) => all.find((m) => m.id === person.id),
          )
        )?.email;
      if (!email) continue;
      const recipient = await this.options.recipientFor(email);
      if (recipient === undefined || !(await this.options.personal.wantsDirectMessages(recipient))) continue;
      const notice: DirectNotice = { item, reason };
      await this.options.outbox.enqueue(recipient, { kind: NOTICE_KINDS.direct, payload: notice, order: orderOf(item), cause });
    }
  }

  /** Whether the bot confirmed the change itself in the thread of the channel's card of the item. */
  private async confirmedThere(channel: string, itemId: string, confirmedIn: ChatThread | undefined): Promise<boolean> {
    if (confirmedIn === undefined) return false;
    const ts = await this.options.store.get(noticeThreadRecord, threadKey(channel, itemId));
    return ts !== undefined && sameThread(confirmedIn, channel, ts);
  }

  private async snapshot(api: PlaneApi, slug: string, project: Project, item: WorkItem): Promise<ItemSnapshot> {
    const view = await viewOne(api, slug, project, item);
    return {
      id: item.id,
      projectId: project.id,
      key: view.key,
      title: view.title,
      url: this.options.plane.itemUrl(slug, view.key),
      state: view.state?.name ?? 'no state',
      stateGroup: view.state?.group ?? '',
      priority: view.priority,
      assignees: view.assignees,
      assigneeIds: view.assigneeIds,
      labels: view.labels,
      states: (await api.states(slug, project)).map((state) => state.name),
    };
  }

  /** A comment names its item by id: the last snapshot a delivery left, else one read from Plane. */
  private async itemById(api: PlaneApi, slug: string, projectId: string, itemId: string): Promise<ItemSnapshot> {
    const known = await this.options.store.get(knownItemRecord, itemId);
    if (known) return known;
    const project = await projectById(api, slug, projectId);
    const item = await this.snapshot(api, slug, project, await api.workItemById(slug, project, itemId));
    await this.options.store.set(knownItemRecord, item.id, item);
    return item;
  }
}

/** Where each channel's card of a work item is: its ts, the thread of its later notices (a month; then a new card). */
export const noticeThreadRecord = defineRecord({ namespace: 'notify:threads', version: 1, schema: z.string(), ttlMs: 30 * 24 * 3600_000 });
export const threadKey = (channel: string, itemId: string) => `${channel}:${itemId}`;

const orderOf = (item: ItemSnapshot) => `item:${item.id}`;

const sameThread = (thread: ChatThread | undefined, channel: string, threadTs: string) =>
  thread?.channel === channel && thread.threadTs === threadTs;

async function projectById(api: PlaneApi, slug: string, id: string): Promise<Project> {
  const find = (projects: Project[]) => projects.find((p) => p.id === id);
  const project = await lookUpOrNone((opts) => api.projects(slug, opts), find);
  if (!project) throw new Error('a webhook named a project the API key cannot see');
  return project;
}

async function memberNameById(api: PlaneApi, slug: string, id: string | undefined): Promise<string> {
  if (id === undefined) return 'someone';
  const member = await lookUpOrNone(
    (opts) => api.workspaceMembers(slug, opts),
    (all) => all.find((m) => m.id === id),
  );
  return member ? memberName(member) : 'someone';
}

const lower = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string').map((v) => v.toLowerCase()) : [];

function added(oldValue: unknown, newValue: unknown): string[] {
  const before = new Set(lower(oldValue));
  return lower(newValue).filter((id) => !before.has(id));
}

function assigneeIds(item: WebhookWorkItem): string[] {
  return item.assignees.map((a) => (typeof a === 'string' ? a : a.id).toLowerCase());
}

function oneLineExcerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 199)}…` : flat;
}

/** One change as names: states, members and labels by id from the delivery's own objects, else the cache. */
async function describeChange(
  api: PlaneApi,
  slug: string,
  project: Project,
  change: WebhookChange,
  item: WebhookWorkItem,
  actor: string,
): Promise<FieldChange> {
  const field = change.field ?? '';
  const scalar = (value: unknown) => (value === null || value === undefined || value === '' ? [] : [String(value)]);
  switch (field) {
    case 'state': {
      const known = typeof item.state === 'object' && item.state ? [item.state as State] : [];
      const name = await namer(
        known,
        () => api.states(slug, project),
        (s) => s.name,
        'another state',
      );
      return { actor, field, from: await name(scalar(change.oldValue)), to: await name(scalar(change.newValue)) };
    }
    case 'assignees': {
      const known = item.assignees.filter((a): a is WebhookPerson => typeof a !== 'string') as Member[];
      const name = await namer(known, () => api.workspaceMembers(slug), memberName, 'a former member');
      return { actor, field, from: await name(lower(change.oldValue)), to: await name(lower(change.newValue)) };
    }
    case 'labels': {
      const known = item.labels.filter((l) => typeof l !== 'string') as Label[];
      const name = await namer(
        known,
        () => api.labels(slug, project),
        (l) => l.name,
        'a deleted label',
      );
      return { actor, field, from: await name(lower(change.oldValue)), to: await name(lower(change.newValue)) };
    }
    case 'priority':
    case 'name':
    case 'start_date':
    case 'target_date':
      return { actor, field, from: scalar(change.oldValue), to: scalar(change.newValue) };
    default:
      // Descriptions, parents, estimates…: that it changed, not the (long or id-valued) values.
      return { actor, field, from: [], to: [field] };
  }
}

/** Names ids from objects at hand, then from a cached list (loaded only when some id is not at hand). */
async function namer<T extends { id: string }>(
  known: readonly T[],
  load: () => Promise<T[]>,
  nameOf: (value: T) => string,
  unknown: string,
): Promise<(ids: string[]) => Promise<string[]>> {
  const byId = new Map(known.map((k) => [k.id.toLowerCase(), k]));
  let loaded = false;
  return async (ids) => {
    if (!loaded && ids.some((id) => !byId.has(id.toLowerCase()))) {
      loaded = true;
      for (const value of await load()) if (!byId.has(value.id.toLowerCase())) byId.set(value.id.toLowerCase(), value);
    }
    return ids.map((id) => {
      const value = byId.get(id.toLowerCase());
      return value ? nameOf(value) : unknown;
    });
  };
}
