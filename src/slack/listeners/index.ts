import type { App } from '@slack/bolt';
import type { SlackDeps } from '../deps.js';
import { registerActionListeners } from './actions/index.js';
import { registerCommandListeners } from './commands/index.js';
import { registerEventListeners } from './events/index.js';
import { registerShortcutListeners } from './shortcuts/index.js';
import { registerViewListeners } from './views/index.js';

/** Every listener, one small handler per file under events/, commands/, actions/, shortcuts/ and views/. */
export function registerListeners(app: App, deps: SlackDeps): void {
  registerEventListeners(app, deps);
  registerCommandListeners(app, deps);
  registerActionListeners(app, deps);
  registerShortcutListeners(app, deps);
  registerViewListeners(app, deps);
}
