import type { App } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';

export function registerEventListeners(app: App, deps: SlackDeps): void {
  void app;
  void deps;
}
