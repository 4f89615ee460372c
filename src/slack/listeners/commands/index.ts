import type { App } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';

export function registerCommandListeners(app: App, deps: SlackDeps): void {
  void app;
  void deps;
}
