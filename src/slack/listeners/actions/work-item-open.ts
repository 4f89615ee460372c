import type { App } from '@slack/bolt';
import { ACTION_IDS } from '../../blocks/action-ids.js';

/** "Open in Plane" is a link: the browser opens it, and Slack still wants the click acknowledged. */
export function registerWorkItemOpen(app: App): void {
  app.action(ACTION_IDS.workItemOpen, async ({ ack }) => {
    await ack();
  });
}
