import type { App, MessageShortcut } from '@slack/bolt';
import { CALLBACK_IDS } from '../../blocks/action-ids.js';
import type { WorkItemDeps } from '../../work-items/deps.js';
import { openLinkForm } from '../../work-items/link-form.js';

/** "Link to a work item" in a message's "…" menu. */
export function registerLinkWorkItem(app: App, deps: WorkItemDeps): void {
  app.shortcut<MessageShortcut>({ callback_id: CALLBACK_IDS.linkWorkItem, type: 'message_action' }, async ({ ack, shortcut, client }) => {
    await ack();
    await openLinkForm(client, deps, shortcut);
  });
}
