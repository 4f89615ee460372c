import type { App, BlockAction, ButtonAction, StaticSelectAction } from '@slack/bolt';
import { ACTION_IDS } from '../../blocks/action-ids.js';
import { cardKeyOfBlock } from '../../work-items/work-item-card.blocks.js';
import { assignToClicker, moveToState, openCommentForm, stopSyncing } from '../../work-items/card-actions.js';
import { reloadCreateForm } from '../../work-items/create-form.js';
import type { WorkItemDeps } from '../../work-items/deps.js';

/**
 * A work item card's actions, by whoever clicks (their own direct intent: no approval), and the
 * create form's project menu.
 */
export function registerWorkItemCardActions(app: App, deps: WorkItemDeps): void {
  app.action<BlockAction<ButtonAction>>(ACTION_IDS.workItemAssignMe, async ({ ack, body, action, client, respond }) => {
    await ack();
    if (action.value) await assignToClicker({ body, client, respond }, deps, action.value);
  });
  app.action<BlockAction<StaticSelectAction>>(ACTION_IDS.workItemState, async ({ ack, body, action, client, respond }) => {
    await ack();
    const key = cardKeyOfBlock(action.block_id);
    if (key && action.selected_option?.value) await moveToState({ body, client, respond }, deps, key, action.selected_option.value);
  });
  app.action<BlockAction<ButtonAction>>(ACTION_IDS.workItemComment, async ({ ack, body, action, client }) => {
    await ack();
    if (action.value) await openCommentForm({ body, client, triggerId: body.trigger_id }, deps, action.value);
  });
  app.action<BlockAction<ButtonAction>>(ACTION_IDS.workItemStopSync, async ({ ack, body, action, client, respond }) => {
    await ack();
    if (action.value) await stopSyncing({ body, client, respond }, deps, action.value);
  });
  app.action<BlockAction<StaticSelectAction>>(ACTION_IDS.createFormProject, async ({ ack, body, client }) => {
    await ack();
    await reloadCreateForm(client, deps, body);
  });
}
