import type { App } from '@slack/bolt';
import { ACTION_IDS } from '../../blocks/action-ids.js';
import { taskPage, taskViewOfBlock } from '../../commands/pages.js';
import type { ListenerDeps } from '../../deps.js';
import { postNextPage, type ButtonArgs } from '../../commands/next-page.js';

/** "More" under a page of `/task tree` or `/task list`: the next page of the same view. */
export function registerTaskTreeMore(app: App, deps: ListenerDeps): void {
  app.action<ButtonArgs['body']>(ACTION_IDS.taskTreeMore, async (args) => {
    const view = taskViewOfBlock(args.action.block_id);
    await postNextPage(args, deps, (folder, channel, cursor, t) => taskPage(folder, channel, view, t, cursor));
  });
}
