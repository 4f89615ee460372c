import type { Logger } from '../log.js';
import { PlaneError } from '../plane/errors.js';
import type { PlaneKit } from '../plane/kit.js';
import { findProject } from '../plane/resolve.js';
import type { PlaneDelivery } from '../plane/webhooks.js';
import { escapeHtml, textToHtml } from '../plane/write-html.js';
import { INTAKE_STATUS, type IntakeRequest, type Project } from '../plane/types.js';
import { withLock } from '../state/lock.js';
import { pollStore, type StorePoller } from '../state/poller.js';
import type { StateStore } from '../state/store.js';
import { DEFAULT_POLL_MS } from './defaults.js';
import { MAX_CANDIDATES, rankSimilar } from './matcher.js';
import {
  INTAKE_CHANNELS,
  INTAKE_CLAIMS,
  INTAKE_OFFERS,
  INTAKE_PENDING,
  INTAKE_POLL,
  INTAKE_REQUESTS,
  INTAKE_TOLD,
  type Ask,
  type Candidate,
  type Follower,
  type IntakeChannel,
  type Offer,
} from './records.js';

export const DEFAULT_EMOJI = 'ticket';
/** Plane's title limit is 255; the asker's first line is cut well before. */
const TITLE_MAX = 80;

/** What an asker hears in their thread after filing, once each. */
export type News =
  | { kind: 'accepted'; key: string; url: string; state: string }
  | { kind: 'declined'; key: string; url: string }
  | { kind: 'duplicate'; key: string; url: string; other: string }
  | { kind: 'snoozed'; key: string; url: string; until: string }
  | { kind: 'done' | 'cancelled'; key: string; url: string; state: string };

export interface Told extends Follower {
  news: News;
}

export interface Filed {
  key: string;
  itemId: string;
  url: string;
  title: string;
}

/** Whether the project's Intake is on, was turned on now, or the key may not turn it on. */
export type IntakeSwitch = 'on' | 'turned-on' | 'cannot';

export interface IntakeDeskOptions {
  plane: PlaneKit;
  records: StateStore;
  store: StateStore;
  logger: Logger;
  /** Says news in the asker's thread (the notifications outbox, durable and paced). */
  tell(told: Told): Promise<void>;
  /** Links the thread to a work item, so its comments come into the thread (notifications). */
  followThread(link: {
    channel: string;
    threadTs: string;
    slug: string;
    projectId: string;
    itemId: string;
    key: string;
    linkedBy: string;
  }): Promise<void>;
  /** With the agent on: a title drafted by the model from the message; undefined falls back to the first line. */
  draftTitle?: (text: string) => Promise<string | undefined>;
  pollMs?: number;
}

const claimKey = (channel: string, ts: string) => `${channel}:${ts}`;
const PENDING_INDEX = 'index';

/** The first line of a message, cut at 80 characters on a word. */
export function firstLine(text: string): string {
  const line =
    text
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l !== '') ?? '';
  if (line.length <= TITLE_MAX) return line;
  const cut = line.slice(0, TITLE_MAX - 1);
  return `${cut.includes(' ') ? cut.slice(0, cut.lastIndexOf(' ')) : cut}…`;
}

/** The intake request's description: the message, who asked and where, the files it carried. */
export function describeAsk(ask: Ask): string {
  const files =
    ask.files.length > 0 ? `<p>Files in the Slack message (not uploaded): ${ask.files.map((f) => escapeHtml(f.name)).join(', ')}</p>` : '';
  const link = `<a href="${escapeHtml(ask.permalink)}">${escapeHtml(ask.permalink)}</a>`;
  return `${textToHtml(ask.text)}${files}<p>Asked in Slack by ${escapeHtml(ask.askerName)}: ${link}</p>`;
}

/**
 * The intake desk: channels whose messages become Plane intake requests. It claims each message
 * once, looks for duplicates, files, and tells the asker what became of the request: by polling
 * Intake (Plane sends no webhook for it) while it is pending, by the work item's webhooks after.
 * Replicas share everything through the store; the poll takes a per-project slot that lapses after
 * the interval, so one request per project per interval is made whoever polls.
 */
export class IntakeDesk {
  private poller: StorePoller | undefined;
  readonly pollMs: number;

  constructor(private readonly options: IntakeDeskOptions) {
    this.pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  }

  channel(channel: string): Promise<IntakeChannel | undefined> {
    return this.options.records.get(INTAKE_CHANNELS, channel);
  }

  /** Makes the channel an intake desk for the project, turning the project's Intake on when the key may. */
  async configure(
    channel: string,
    projectRef: string,
    options: { emoji?: string; auto: boolean },
    setBy: string,
  ): Promise<{ setting: IntakeChannel; intake: IntakeSwitch }> {
    const { plane } = this.options;
    const api = plane.api();
    const slug = plane.slug();
    const project = await findProject(api, slug, projectRef);
    const fresh = (await api.projects(slug, { fresh: true })).find((p) => p.id === project.id) ?? project;
    const intake = fresh.intake_view === false ? await this.turnOn(slug, fresh) : 'on';
    const setting: IntakeChannel = {
      channel,
      projectId: project.id,
      project: project.identifier,
      emoji: options.emoji ?? DEFAULT_EMOJI,
      auto: options.auto,
      setBy,
    };
    await this.options.records.set(INTAKE_CHANNELS, channel, setting);
    return { setting, intake };
  }

  private async turnOn(slug: string, project: Project): Promise<IntakeSwitch> {
    try {
      await this.options.plane.api().enableIntake(slug, project);
      return 'turned-on';
    } catch (error) {
      if (error instanceof PlaneError && error.status === 403) return 'cannot';
      throw error;
    }
  }

  /** The channel is no intake desk any more; the setting it had, if any. */
  async off(channel: string): Promise<IntakeChannel | undefined> {
    const setting = await this.channel(channel);
    if (setting) await this.options.records.delete(INTAKE_CHANNELS, channel);
    return setting;
  }

  /** The first caller for a message, in any process, files it; a retry or another trigger does not. */
  claim(channel: string, ts: string): Promise<boolean> {
    return this.options.records.claim(INTAKE_CLAIMS, claimKey(channel, ts), { at: Date.now() });
  }

  /** Gives a message back when nothing came of it (Plane failed), so the emoji can be tried again. */
  async release(channel: string, ts: string): Promise<void> {
    await this.options.records.delete(INTAKE_CLAIMS, claimKey(channel, ts));
  }

  /**
   * Open work items and pending intake requests of the project whose titles are like the request:
   * the title drafted for it when there is one (a long message said in a title's words); else the
   * best of its first line read as a title and its whole text (a paragraph that names the item late).
   */
  async duplicates(setting: IntakeChannel, request: { text: string; title?: string | undefined }): Promise<Candidate[]> {
    const { plane } = this.options;
    const api = plane.api();
    const slug = plane.slug();
    const project = await this.project(slug, setting.projectId);
    const [states, items, intake] = await Promise.all([
      api.states(slug, project),
      api.workItemTitles(slug, project),
      api.intakeRequests(slug, project),
    ]);
    const stateOf = new Map(states.map((s) => [s.id, s]));
    const docs = new Map<string, Omit<Candidate, 'similarity'> & { body?: string }>();
    for (const item of items) {
      const state = typeof item.state === 'string' ? stateOf.get(item.state) : (item.state ?? undefined);
      if (state?.group === 'completed' || state?.group === 'cancelled') continue;
      const key = `${project.identifier}-${item.sequence_id}`;
      docs.set(item.id, {
        itemId: item.id,
        key,
        title: item.name,
        state: state?.name ?? '',
        url: plane.itemUrl(slug, key),
        pending: false,
      });
    }
    for (const row of intake) {
      const detail = row.issue_detail;
      if (row.status !== INTAKE_STATUS.pending || !detail) continue;
      const key = `${project.identifier}-${detail.sequence_id}`;
      const state = typeof detail.state === 'object' && detail.state ? detail.state.name : 'Triage';
      docs.set(row.issue, {
        itemId: row.issue,
        key,
        title: detail.name,
        state,
        url: plane.itemUrl(slug, key),
        pending: true,
        body: detail.description_stripped ?? '',
      });
    }
    const titles = [...docs.values()].map((d) => ({ id: d.itemId, title: d.title, body: d.body }));
    const readings = request.title !== undefined ? [request.title] : [...new Set([firstLine(request.text), request.text])];
    const best = new Map<string, number>();
    for (const reading of readings)
      for (const match of rankSimilar(reading, titles)) best.set(match.id, Math.max(best.get(match.id) ?? 0, match.similarity));
    const matches = [...best]
      .map(([id, similarity]) => ({ id, similarity }))
      .sort((a, b) => b.similarity - a.similarity)
      .slice(0, MAX_CANDIDATES);
    return matches.map((m) => {
      const { body: _body, ...doc } = docs.get(m.id)!;
      return { ...doc, similarity: Math.round(m.similarity * 100) / 100 };
    });
  }

  /** Keeps the ask and its candidates until the asker chooses. */
  async offer(ask: Ask, setting: IntakeChannel, candidates: Candidate[]): Promise<string> {
    const id = claimKey(ask.channel, ask.messageTs);
    await this.options.records.set(INTAKE_OFFERS, id, { ask, projectId: setting.projectId, candidates });
    return id;
  }

  /** The offer, for the one choice made of it (the first click, on any replica); undefined after. */
  async takeOffer(id: string): Promise<Offer | undefined> {
    const offer = await this.options.records.get(INTAKE_OFFERS, id);
    if (!offer) return undefined;
    if (!(await this.options.records.claim(INTAKE_CLAIMS, `offer:${id}`, { at: Date.now() }))) return undefined;
    await this.options.records.delete(INTAKE_OFFERS, id);
    return offer;
  }

  /** Reads an offer without taking it (who may choose). */
  peekOffer(id: string): Promise<Offer | undefined> {
    return this.options.records.get(INTAKE_OFFERS, id);
  }

  /** Files the message as an intake request of the project, and follows it for the asker. */
  async file(ask: Ask, projectId: string): Promise<Filed> {
    const { plane } = this.options;
    const api = plane.api();
    const slug = plane.slug();
    const project = await this.project(slug, projectId);
    const drafted = ask.title ?? (await this.draftTitle(ask.text));
    const title = drafted ?? (firstLine(ask.text) || `Slack request from ${ask.askerName}`);
    const row = await api.createIntakeRequest(slug, project, { name: title, description_html: describeAsk(ask) });
    const key = `${project.identifier}-${row.issue_detail?.sequence_id ?? '?'}`;
    const item = { id: row.issue, projectId: project.id, key };
    await api.addLink(slug, item, ask.permalink, `Slack: ${ask.askerName}`);
    await this.follow(item, follower(ask));
    await withLock(this.options.store, 'intake:pending', async () => {
      const index = (await this.options.records.get(INTAKE_PENDING, PENDING_INDEX)) ?? {};
      index[project.id] = [...new Set([...(index[project.id] ?? []), row.issue])];
      await this.options.records.set(INTAKE_PENDING, PENDING_INDEX, index);
    });
    return { key, itemId: row.issue, url: plane.itemUrl(slug, key), title };
  }

  /** "Same as ACME-12": the permalink as a link and a +1 comment on it; the thread follows it. */
  async sameAs(ask: Ask, projectId: string, candidate: Candidate): Promise<void> {
    const { plane } = this.options;
    const api = plane.api();
    const slug = plane.slug();
    const item = { id: candidate.itemId, projectId, key: candidate.key };
    await api.addLink(slug, item, ask.permalink, `Slack: ${ask.askerName}`);
    const html = `<p>+1 from Slack (${escapeHtml(ask.askerName)}): <a href="${escapeHtml(ask.permalink)}">${escapeHtml(ask.permalink)}</a></p>${textToHtml(ask.text)}`;
    try {
      await api.addComment(slug, item, html, { source: 'slack', id: `${ask.channel}:${ask.threadTs}:plus-one` });
    } catch (error) {
      // A second "same as" from the thread (Plane refuses the same external id): the +1 is there.
      if (!(error instanceof PlaneError && error.status === 409)) throw error;
    }
    await this.follow(item, follower(ask));
    await this.options.followThread({
      channel: ask.channel,
      threadTs: ask.threadTs,
      slug,
      projectId,
      itemId: item.id,
      key: item.key,
      linkedBy: ask.askerName,
    });
  }

  private async follow(item: { id: string; projectId: string; key: string }, who: Follower): Promise<void> {
    await withLock(this.options.store, `intake:requests:${item.id}`, async () => {
      const known = await this.options.records.get(INTAKE_REQUESTS, item.id);
      const followers = (known?.followers ?? []).filter((f) => !(f.channel === who.channel && f.threadTs === who.threadTs));
      await this.options.records.set(INTAKE_REQUESTS, item.id, {
        itemId: item.id,
        key: item.key,
        projectId: item.projectId,
        followers: [...followers, who],
      });
    });
  }

  /** Polls Intake from now on, every few seconds looking for a project whose slot has lapsed. */
  start(): void {
    const everyMs = Math.min(30_000, Math.max(500, Math.round(this.pollMs / 4)));
    this.poller = pollStore(() => this.pollOnce(), { what: 'poll Plane intake', everyMs, logger: this.options.logger });
  }

  async stop(): Promise<void> {
    await this.poller?.stop();
  }

  /** One look: each project with pending requests whose slot this process wins gets one request. */
  async pollOnce(): Promise<void> {
    const index = (await this.options.records.get(INTAKE_PENDING, PENDING_INDEX)) ?? {};
    for (const [projectId, pending] of Object.entries(index)) {
      if (pending.length === 0) continue;
      if (!(await this.options.records.claim(INTAKE_POLL, projectId, { at: Date.now() }, this.pollMs))) continue;
      const settled = await this.pollProject(projectId, pending);
      if (settled.length === 0) continue;
      await withLock(this.options.store, 'intake:pending', async () => {
        const now = (await this.options.records.get(INTAKE_PENDING, PENDING_INDEX)) ?? {};
        const rest = (now[projectId] ?? []).filter((id) => !settled.includes(id));
        if (rest.length > 0) now[projectId] = rest;
        else delete now[projectId];
        await this.options.records.set(INTAKE_PENDING, PENDING_INDEX, now);
      });
    }
  }

  /** Tells what changed; answers the items that left Intake (accepted, declined, duplicate, gone). */
  private async pollProject(projectId: string, pending: string[]): Promise<string[]> {
    const { plane } = this.options;
    const api = plane.api();
    const slug = plane.slug();
    const project = await this.project(slug, projectId);
    const rows = new Map((await api.intakeRequests(slug, project)).map((r) => [r.issue, r]));
    const settled: string[] = [];
    for (const itemId of pending) {
      const row = rows.get(itemId);
      if (!row) {
        settled.push(itemId);
        continue;
      }
      const news = await this.newsOf(slug, project, row);
      if (news) await this.tellFollowers(itemId, news);
      if (row.status !== INTAKE_STATUS.pending && row.status !== INTAKE_STATUS.snoozed) settled.push(itemId);
    }
    return settled;
  }

  private async newsOf(slug: string, project: Project, row: IntakeRequest): Promise<News | undefined> {
    const key = `${project.identifier}-${row.issue_detail?.sequence_id ?? '?'}`;
    const url = this.options.plane.itemUrl(slug, key);
    switch (row.status) {
      case INTAKE_STATUS.accepted: {
        const state = row.issue_detail?.state;
        const name =
          typeof state === 'object' && state
            ? state.name
            : ((await this.options.plane.api().states(slug, project)).find((s) => s.id === state)?.name ?? '');
        return { kind: 'accepted', key, url, state: name };
      }
      case INTAKE_STATUS.declined:
        return { kind: 'declined', key, url };
      case INTAKE_STATUS.snoozed:
        return { kind: 'snoozed', key, url, until: row.snoozed_till ?? '' };
      case INTAKE_STATUS.duplicate: {
        const other = row.duplicate_to ? await this.keyOf(slug, project, row.duplicate_to) : '?';
        return { kind: 'duplicate', key, url, other };
      }
      default:
        return undefined;
    }
  }

  private async keyOf(slug: string, project: Project, itemId: string): Promise<string> {
    try {
      const item = await this.options.plane.api().workItemById(slug, project, itemId);
      return `${project.identifier}-${item.sequence_id}`;
    } catch {
      return '?';
    }
  }

  /** After acceptance the work item's own webhooks say when it is done or cancelled. */
  async handleDelivery(delivery: PlaneDelivery): Promise<void> {
    if (delivery.kind !== 'work-item' || delivery.action !== 'updated' || delivery.change.field !== 'state') return;
    const followed = await this.options.records.get(INTAKE_REQUESTS, delivery.item.id);
    if (!followed) return;
    const { plane } = this.options;
    const slug = plane.slug();
    let state: { name: string; group: string } | undefined =
      typeof delivery.item.state === 'object' ? (delivery.item.state ?? undefined) : undefined;
    if (!state && typeof delivery.item.state === 'string') {
      const project = await this.project(slug, followed.projectId);
      state = (await plane.api().states(slug, project)).find((s) => s.id === delivery.item.state);
    }
    if (state?.group !== 'completed' && state?.group !== 'cancelled') return;
    const kind = state.group === 'completed' ? 'done' : 'cancelled';
    await this.tellFollowers(followed.itemId, { kind, key: followed.key, url: plane.itemUrl(slug, followed.key), state: state.name });
  }

  /** Each follower hears each piece of news once, whichever replica or poll saw it. */
  private async tellFollowers(itemId: string, news: News): Promise<void> {
    const followed = await this.options.records.get(INTAKE_REQUESTS, itemId);
    for (const who of followed?.followers ?? []) {
      const what = news.kind === 'snoozed' ? `snoozed:${news.until}` : news.kind;
      if (!(await this.options.records.claim(INTAKE_TOLD, `${itemId}:${who.channel}:${who.threadTs}:${what}`, { at: Date.now() })))
        continue;
      await this.options.tell({ ...who, news });
    }
  }

  private async project(slug: string, projectId: string): Promise<Project> {
    const api = this.options.plane.api();
    const find = (projects: Project[]) => projects.find((p) => p.id === projectId);
    const project = find(await api.projects(slug)) ?? find(await api.projects(slug, { fresh: true }));
    if (!project) throw new PlaneError(`the intake channel's project is no longer visible to the API key`);
    return project;
  }

  /** With the agent on, a title the model drafts from the message (at most 80 characters); else undefined. */
  async draftTitle(text: string): Promise<string | undefined> {
    if (!this.options.draftTitle) return undefined;
    try {
      const title = (await this.options.draftTitle(text))?.replace(/\s+/g, ' ').trim();
      return title ? title.slice(0, TITLE_MAX) : undefined;
    } catch (error) {
      // The first line serves: a title is not worth failing the request over.
      this.options.logger.warn({ err: error }, 'could not draft an intake title; the first line is used');
      return undefined;
    }
  }
}

function follower(ask: Ask): Follower {
  return { channel: ask.channel, threadTs: ask.threadTs, askerId: ask.askerId, locale: ask.locale };
}
