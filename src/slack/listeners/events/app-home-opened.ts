import type { App } from '@slack/bolt';
import type { HomeDeps } from '../../home/home-tab.js';
import { publishHome } from '../../home/home-tab.js';

/** A person opens the bot's Home tab (every visit; the Messages tab too under agent view): it is published afresh. */
export function registerAppHomeOpened(app: App, deps: HomeDeps): void {
  app.event('app_home_opened', async ({ event, client }) => {
    if (event.tab !== 'home') return;
    try {
      await publishHome(client, deps, event.user);
    } catch (error) {
      deps.logger.error({ err: error, user: event.user }, 'could not publish the Home tab');
    }
  });
}
