import type { App } from '@slack/bolt';
import type { ButtonArgs } from '../../commands/next-page.js';
import { ACTION_IDS } from '../../blocks/action-ids.js';
import { showFromHome } from '../../home/home-buttons.js';
import type { HomeDeps } from '../../home/home-tab.js';

/** The Home tab's Show card (value: the item's key) and Show tree (value: the channel id): posted in the person's DM. */
export function registerHomeActions(app: App, deps: HomeDeps): void {
  app.action<ButtonArgs['body']>(ACTION_IDS.homeShowCard, async ({ ack, action, body, client }) => {
    await ack();
    if (action.value) await showFromHome(client, deps, body.user.id, { kind: 'card', key: action.value });
  });
  app.action<ButtonArgs['body']>(ACTION_IDS.homeShowTree, async ({ ack, action, body, client }) => {
    await ack();
    if (action.value) await showFromHome(client, deps, body.user.id, { kind: 'tree', channel: action.value });
  });
}
