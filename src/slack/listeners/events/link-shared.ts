import type { App } from '@slack/bolt';
import type { WorkItemDeps } from '../../work-items/deps.js';
import { unfurlLinks, type LinkSharedEvent } from '../../work-items/unfurl.js';

/** A link to a Plane work item in a message: unfurled into the item's card (links:read, links:write). */
export function registerLinkShared(app: App, deps: WorkItemDeps): void {
  app.event('link_shared', async ({ event, client }) => {
    await unfurlLinks(client, deps, event as unknown as LinkSharedEvent);
  });
}
