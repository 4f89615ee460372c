import type { App } from '@slack/bolt';
import type { ConversationDeps, ListenerDeps } from '../../deps.js';
import type { HomeDeps } from '../../home/home-tab.js';
import { registerAppHomeOpened } from './app-home-opened.js';
import { registerAgentSessionStopped } from './agent-session-stopped.js';
import { registerAppMention } from './app-mention.js';
import { registerLinkShared } from './link-shared.js';
import { registerMessage } from './message.js';
import { registerReactionAdded } from './reaction-added.js';
import type { IntakeDeskDeps } from '../../intake-desk/file-message.js';
import type { WorkItemDeps } from '../../work-items/deps.js';

export function registerEventListeners(app: App, deps: ListenerDeps & ConversationDeps & WorkItemDeps & HomeDeps & IntakeDeskDeps): void {
  registerAppMention(app, deps);
  registerMessage(app, deps);
  registerLinkShared(app, deps);
  registerAppHomeOpened(app, deps);
  registerAgentSessionStopped(app, deps);
  registerReactionAdded(app, deps);
}
