import type { App } from '@slack/bolt';
import { ACTION_IDS } from '../../blocks/action-ids.js';
import { todoPage } from '../../commands/pages.js';
import type { ListenerDeps } from '../../deps.js';
import { postNextPage, type ButtonArgs } from '../../commands/next-page.js';

/** "More" under a page of `/todo list`: the next page. */
export function registerTodoListMore(app: App, deps: ListenerDeps): void {
  app.action<ButtonArgs['body']>(ACTION_IDS.todoListMore, async (args) => {
    await postNextPage(args, deps, (folder, channel, cursor, t) => todoPage(folder, channel, t, cursor));
  });
}
