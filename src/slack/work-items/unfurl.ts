import type { App } from '@slack/bolt';
import { translator } from '../../i18n/index.js';
import type { PlaneKit } from '../../plane/kit.js';
import { lookUpOrNone } from '../../plane/resolve.js';
import { slackUserByEmail } from '../people.js';
import { detailsCard } from './card.js';
import type { WorkItemDeps } from './deps.js';
import { getIssueArgs, getWorkItem, readableFailure } from '../../tools/index.js';

/** What `link_shared` carries (links:read). */
export interface LinkSharedEvent {
  channel: string;
  message_ts: string;
  unfurl_id?: string;
  source?: string;
  links: { url: string; domain: string }[];
}

/** At most this many links of one message are unfurled (Slack's own cap on unfurls per message is small). */
const UNFURLS_MAX = 5;

/**
 * The work item a Plane web app URL names: `<app>/<slug>/browse/ACME-3/` (by key) or
 * `<app>/<slug>/projects/<project id>/issues/<item id>` (by ids), with or without the trailing slash.
 */
export function workItemOfUrl(
  appUrl: string,
  url: string,
): { slug: string; key: string } | { slug: string; projectId: string; itemId: string } | undefined {
  let base: URL;
  let target: URL;
  try {
    base = new URL(appUrl);
    target = new URL(url);
  } catch {
    return undefined;
  }
  if (target.origin !== base.origin) return undefined;
  const prefix = base.pathname.replace(/\/+$/, '');
  if (!target.pathname.startsWith(`${prefix}/`)) return undefined;
  const parts = target.pathname
    .slice(prefix.length + 1)
    .replace(/\/+$/, '')
    .split('/')
    .map(decodeURIComponent);
  if (parts.length === 3 && parts[1] === 'browse' && /^[A-Za-z0-9_]{1,12}-\d+$/.test(parts[2]!))
    return { slug: parts[0]!, key: parts[2]!.toUpperCase() };
  if (parts.length === 5 && parts[1] === 'projects' && parts[3] === 'issues')
    return { slug: parts[0]!, projectId: parts[2]!, itemId: parts[4]! };
  return undefined;
}

async function keyOf(kit: PlaneKit, found: NonNullable<ReturnType<typeof workItemOfUrl>>): Promise<string | undefined> {
  if ('key' in found) return found.key;
  const api = kit.api();
  const project = await lookUpOrNone(
    (opts) => api.projects(found.slug, opts),
    (all) => all.find((p) => p.id === found.projectId),
  );
  if (!project) return undefined;
  const item = await api.workItemById(found.slug, project, found.itemId);
  return `${project.identifier}-${item.sequence_id}`;
}

/**
 * `link_shared` for the Plane app's domain: each work item link becomes the item's card (no id
 * shown), through chat.unfurl. Links to the default workspace only: the kit reads that one.
 */
export async function unfurlLinks(client: App['client'], deps: WorkItemDeps, event: LinkSharedEvent): Promise<void> {
  if (!deps.plane.enabled || !deps.plane.workspace) return;
  const unfurls: Record<string, { blocks: unknown[] }> = {};
  // Everyone in the channel sees an unfurl: it speaks PLANEBOT_LOCALE, as posts nobody asked for do.
  const t = translator(deps.locale);
  for (const link of event.links.slice(0, UNFURLS_MAX)) {
    const found = workItemOfUrl(deps.plane.appUrl, link.url);
    if (!found || found.slug !== deps.plane.workspace) continue;
    try {
      const key = await keyOf(deps.plane, found);
      if (!key) continue;
      const item = await getWorkItem(deps.plane, getIssueArgs.read({ key }));
      unfurls[link.url] = {
        blocks: (await detailsCard(deps.plane, item, t, { userByEmail: (email) => slackUserByEmail(client, deps.store, email) })).blocks,
      };
    } catch (error) {
      // A link to an item the key cannot read stays a plain link.
      if (readableFailure(error, t) === undefined) deps.logger.warn({ err: error }, 'could not unfurl a Plane link');
    }
  }
  if (Object.keys(unfurls).length === 0) return;
  const target =
    event.source === 'composer' && event.unfurl_id
      ? { unfurl_id: event.unfurl_id, source: 'composer' as const }
      : { channel: event.channel, ts: event.message_ts };
  await client.chat.unfurl({ ...target, unfurls } as Parameters<typeof client.chat.unfurl>[0]);
}
