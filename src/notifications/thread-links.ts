import { withLock } from '../state/lock.js';
import { z } from 'zod';
import { defineRecord } from '../state/record-kind.js';
import type { StateStore } from '../state/store.js';

/** A Slack thread linked to a Plane work item: replies become comments, comments come into the thread. */
export interface ThreadLink {
  channel: string;
  /** The thread's parent ts. */
  threadTs: string;
  slug: string;
  projectId: string;
  itemId: string;
  /** ACME-31, for what the bot says; the id is what Plane's webhooks name. */
  key: string;
  /** Who linked it (a name), and when (epoch ms). */
  linkedBy: string;
  linkedAt: number;
}

/**
 * Plane comments the bot writes from Slack carry `external_source: slack` and an external_id
 * `<channel>:<thread ts>:<what>`: Plane refuses the same one twice, and its webhook is not posted
 * back into the thread it came from.
 */
export const SLACK_COMMENT_SOURCE = 'slack';

export function commentOrigin(channel: string, threadTs: string, what: string): { source: string; id: string } {
  return { source: SLACK_COMMENT_SOURCE, id: `${channel}:${threadTs}:${what}` };
}

/** Whether a comment with this origin came from the thread. */
export function cameFrom(
  link: Pick<ThreadLink, 'channel' | 'threadTs'>,
  source: string | null | undefined,
  id: string | null | undefined,
): boolean {
  return source === SLACK_COMMENT_SOURCE && (id ?? '').startsWith(`${link.channel}:${link.threadTs}:`);
}

const threadLinkRecord = defineRecord<ThreadLink>({
  namespace: 'links',
  version: 1,
  schema: z.object({
    channel: z.string(),
    threadTs: z.string(),
    slug: z.string(),
    projectId: z.string(),
    itemId: z.string(),
    key: z.string(),
    linkedBy: z.string(),
    linkedAt: z.number(),
  }),
});
/** A work item's linked threads, as the keys of their links. */
const itemThreadsRecord = defineRecord({ namespace: 'links', version: 1, schema: z.array(z.string()) });
/** The id of the project a channel last used. */
const lastProjectRecord = defineRecord({ namespace: 'links', version: 1, schema: z.string() });
const byThread = (channel: string, threadTs: string) => `thread:${channel}:${threadTs}`;
const byItem = (itemId: string) => `item:${itemId}`;
const lastProjectOf = (channel: string) => `last-project:${channel}`;

/**
 * Linked threads, in the state store for every replica: per thread its work item (one at most), per
 * work item its threads (a Plane comment goes to each). Both change together under one lock. The
 * project a channel last used (a shortcut, `/plane new`, a subscription) is kept here too: the
 * "Create work item" modal starts with it.
 */
export class ThreadLinks {
  constructor(private readonly store: StateStore) {}

  forThread(channel: string, threadTs: string): Promise<ThreadLink | undefined> {
    return this.store.get(threadLinkRecord, byThread(channel, threadTs));
  }

  async forItem(itemId: string): Promise<ThreadLink[]> {
    const threads = (await this.store.get(itemThreadsRecord, byItem(itemId))) ?? [];
    const links = await Promise.all(threads.map((key) => this.store.get(threadLinkRecord, key)));
    return links.filter((link): link is ThreadLink => link !== undefined && link.itemId === itemId);
  }

  /** Links the thread; when it is already linked, nothing changes and the existing link is returned. */
  async link(link: ThreadLink): Promise<{ linked: true } | { linked: false; existing: ThreadLink }> {
    return withLock(this.store, `links:${link.channel}:${link.threadTs}`, async () => {
      const existing = await this.forThread(link.channel, link.threadTs);
      if (existing) return { linked: false, existing };
      await this.store.set(threadLinkRecord, byThread(link.channel, link.threadTs), link);
      await withLock(this.store, `links:item:${link.itemId}`, async () => {
        const threads = (await this.store.get(itemThreadsRecord, byItem(link.itemId))) ?? [];
        const key = byThread(link.channel, link.threadTs);
        if (!threads.includes(key)) await this.store.set(itemThreadsRecord, byItem(link.itemId), [...threads, key]);
      });
      return { linked: true };
    });
  }

  /** Stops syncing the thread; the link removed, or undefined when there was none. */
  async unlink(channel: string, threadTs: string): Promise<ThreadLink | undefined> {
    return withLock(this.store, `links:${channel}:${threadTs}`, async () => {
      const existing = await this.forThread(channel, threadTs);
      if (!existing) return undefined;
      await this.store.delete(threadLinkRecord, byThread(channel, threadTs));
      await withLock(this.store, `links:item:${existing.itemId}`, async () => {
        const threads = (await this.store.get(itemThreadsRecord, byItem(existing.itemId))) ?? [];
        const rest = threads.filter((key) => key !== byThread(channel, threadTs));
        if (rest.length > 0) await this.store.set(itemThreadsRecord, byItem(existing.itemId), rest);
        else await this.store.delete(itemThreadsRecord, byItem(existing.itemId));
      });
      return existing;
    });
  }

  rememberProject(channel: string, projectId: string): Promise<void> {
    return this.store.set(lastProjectRecord, lastProjectOf(channel), projectId);
  }

  lastProject(channel: string): Promise<string | undefined> {
    return this.store.get(lastProjectRecord, lastProjectOf(channel));
  }
}
