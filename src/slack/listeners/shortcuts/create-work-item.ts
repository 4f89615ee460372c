import type { App, MessageShortcut } from '@slack/bolt';
import { CALLBACK_IDS } from '../../blocks/action-ids.js';
import { openCreateForm } from '../../work-items/create-form.js';
import type { WorkItemDeps } from '../../work-items/deps.js';

/** "Create work item" in a message's "…" menu: acked, then the modal opened within the trigger's 3 s. */
export function registerCreateWorkItem(app: App, deps: WorkItemDeps): void {
  app.shortcut<MessageShortcut>({ callback_id: CALLBACK_IDS.createWorkItem, type: 'message_action' }, async ({ ack, shortcut, client }) => {
    await ack();
    await openCreateForm(client, deps, shortcut);
  });
}
