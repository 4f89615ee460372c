import type { App } from '@slack/bolt';
import type { ButtonArgs } from '../../commands/next-page.js';
import { ACTION_IDS } from '../../blocks/action-ids.js';
import { publishHome, type HomeDeps } from '../../home/home-tab.js';
import { disconnect, openConnectModal } from '../../identity/connect.js';
import { translatorFor } from '../../locale.js';
import { requesterFor } from '../../people.js';

/** The Home tab's Connect (opens the modal, for the clicker) and Disconnect (forgets the clicker's token). */
export function registerIdentityActions(app: App, deps: HomeDeps): void {
  app.action<ButtonArgs['body']>(ACTION_IDS.identityConnect, async ({ ack, body, client }) => {
    await ack();
    const off = await openConnectModal(client, deps, body.user.id, body.trigger_id, 'home');
    if (off) await client.chat.postMessage({ channel: body.user.id, text: off });
  });
  app.action<ButtonArgs['body']>(ACTION_IDS.identityDisconnect, async ({ ack, body, client }) => {
    await ack();
    const t = translatorFor(await requesterFor(client, deps.store, body.user.id), deps.locale);
    await client.chat.postMessage({ channel: body.user.id, text: await disconnect(deps.identities, body.user.id, t) });
    await publishHome(client, deps, body.user.id);
  });
}
