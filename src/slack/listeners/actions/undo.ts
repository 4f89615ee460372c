import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import { ACTION_IDS } from '../../blocks/action-ids.js';
import { readUndoValue } from '../../undo/undo.blocks.js';
import { undoWrite, type UndoDeps } from '../../undo/undo.js';
import { refreshCard } from '../../work-items/card-actions.js';
import type { WorkItemDeps } from '../../work-items/deps.js';

/** Undo under a confirmation of a Plane write: the requester or an approver takes it back. */
export function registerUndoAction(app: App, deps: UndoDeps & WorkItemDeps): void {
  app.action<BlockAction<ButtonAction>>(ACTION_IDS.undoWrite, async ({ ack, body, action, client, respond }) => {
    await ack();
    if (action.value)
      await undoWrite(
        { body, client, respond, target: readUndoValue(action.value), showCardAgain: (card, t) => refreshCard(client, deps, card, t) },
        deps,
      );
  });
}
