import type { App, ViewSubmitAction } from '@slack/bolt';
import { CALLBACK_IDS } from '../../blocks/action-ids.js';
import { submitCommentForm } from '../../work-items/card-actions.js';
import { submitCreateForm } from '../../work-items/create-form.js';
import type { WorkItemDeps } from '../../work-items/deps.js';
import { CHANNEL_CONFIG } from '../../intake-desk/channel-config.blocks.js';
import { submitChannelConfig, type ChannelConfigDeps } from '../../intake-desk/channel-config.js';
import { publishHome, type HomeDeps } from '../../home/home-tab.js';
import { submitConnectForm } from '../../identity/connect.js';
import { submitLinkForm } from '../../work-items/link-form.js';

/** Modal submissions: their ack is the answer (errors go back into the modal), so each acks itself. */
export function registerViewListeners(app: App, deps: WorkItemDeps & ChannelConfigDeps & HomeDeps): void {
  app.view<ViewSubmitAction>({ callback_id: CALLBACK_IDS.createForm, type: 'view_submission' }, (args) => submitCreateForm(args, deps));
  app.view<ViewSubmitAction>({ callback_id: CALLBACK_IDS.linkForm, type: 'view_submission' }, (args) => submitLinkForm(args, deps));
  app.view<ViewSubmitAction>({ callback_id: CALLBACK_IDS.commentForm, type: 'view_submission' }, (args) => submitCommentForm(args, deps));
  app.view<ViewSubmitAction>({ callback_id: CHANNEL_CONFIG.callbackId, type: 'view_submission' }, (args) =>
    submitChannelConfig(args, deps),
  );
  app.view<ViewSubmitAction>({ callback_id: CALLBACK_IDS.connectForm, type: 'view_submission' }, (args) =>
    submitConnectForm(args, deps, (userId) => publishHome(args.client, deps, userId)),
  );
}
