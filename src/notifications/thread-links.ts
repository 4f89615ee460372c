import { withLock } from '../state/lock.js';
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
export function cameFrom(link: Pick<ThreadLink, 'channel' | 'threadTs'>, source: string | null | undefined, id: string | null | undefined): boolean {
  return source === SLACK_COMMENT_SOURCE && (id ?? '').startsWith(`${link.channel}:${link.threadTs}:`);
}

const NAMESPACE = 'links';
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
    return this.store.get<ThreadLink>(NAMESPACE, byThread(channel, threadTs));
  }

  async forItem(itemId: string): Promise<ThreadLink[]> {
    const threads = (await this.store.get<string[]>(NAMESPACE, byItem(itemId))) ?? [];
    const links = await Promise.all(threads.map((key) => this.store.get<ThreadLink>(NAMESPACE, key)));
    return links.filter((link): link is ThreadLink => link !== undefined && link.itemId === itemId);
  }

  /** Links the thread; when it is already linked, nothing changes and the existing link is returned. */
  async link(link: ThreadLink): Promise<{ linked: true } | { linked: false; existing: ThreadLink }> {
    return withLock(this.store, `links:${link.channel}:${link.threadTs}`, async () => {
      const existing = await this.forThread(link.channel, link.threadTs);
      if (existing) return { linked: false, existing };
      await this.store.set(NAMESPACE, byThread(link.channel, link.threadTs), link);
      await withLock(this.store, `links:item:${link.itemId}`, async () => {
        const threads = (await this.store.get<string[]>(NAMESPACE, byItem(link.itemId))) ?? [];
        const key = byThread(link.channel, link.threadTs);
        if (!threads.includes(key)) await this.store.set(NAMESPACE, byItem(link.itemId), [...threads, key]);
      });
      return { linked: true };
    });
  }

  /** Stops syncing the thread; the link removed, or undefined when there was none. */
  async unlink(channel: string, threadTs: string): Promise<ThreadLink | undefined> {
    return withLock(this.store, `links:${channel}:${threadTs}`, async () => {
      const existing = await this.forThread(channel, threadTs);
      if (!existing) return undefined;
      await this.store.delete(NAMESPACE, byThread(channel, threadTs));
      await withLock(this.store, `links:item:${existing.itemId}`, async () => {
        const threads = (await this.store.get<string[]>(NAMESPACE, byItem(existing.itemId))) ?? [];
        const rest = threads.filter((key) => key !== byThread(channel, threadTs));
        if (rest.length > 0) await this.store.set(NAMESPACE, byItem(existing.itemId), rest);
        else await this.store.delete(NAMESPACE, byItem(existing.itemId));
      });
      return existing;
    });
  }

  rememberProject(channel: string, projectId: string): Promise<void> {
    return this.store.set(NAMESPACE, lastProjectOf(channel), projectId);
  }

  lastProject(channel: string): Promise<string | undefined> {
    return this.store.get<string>(NAMESPACE, lastProjectOf(channel));
  }
}
