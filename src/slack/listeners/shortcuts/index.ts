import type { App } from '@slack/bolt';
import type { WorkItemDeps } from '../../work-items/deps.js';
import { registerCreateWorkItem } from './create-work-item.js';
import { registerLinkWorkItem } from './link-work-item.js';

export function registerShortcutListeners(app: App, deps: WorkItemDeps): void {
  registerCreateWorkItem(app, deps);
  registerLinkWorkItem(app, deps);
}
