import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import { chooseOnOffer } from '../../intake-desk/choices.js';
import type { IntakeDeskDeps } from '../../intake-desk/file-message.js';
import { INTAKE_ACTIONS } from '../../intake-desk/intake-desk.blocks.js';

/** The duplicate offer's buttons: Same as …, File it anyway, Cancel. */
export function registerIntakeDeskActions(app: App, deps: IntakeDeskDeps): void {
  const pattern = new RegExp(`^(?:${INTAKE_ACTIONS.sameAs}:|${INTAKE_ACTIONS.fileAnyway}$|${INTAKE_ACTIONS.cancel}$)`);
  app.action<BlockAction<ButtonAction>>(pattern, async ({ ack, body, action, client, respond }) => {
    await ack();
    const normalised = action.action_id.startsWith(`${INTAKE_ACTIONS.sameAs}:`) ? { ...action, action_id: INTAKE_ACTIONS.sameAs } : action;
    await chooseOnOffer(client, deps, body, normalised, respond);
  });
}
