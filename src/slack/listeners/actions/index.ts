import type { App } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';

export function registerActionListeners(app: App, deps: SlackDeps): void {
  void app;
  void deps;
}
