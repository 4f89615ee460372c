import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import { ACTION_IDS } from '../../blocks/action-ids.js';
import { tellClicker } from '../../conversations/tell-privately.js';
import type { ConversationDeps } from '../../deps.js';

/** Retry on a failed run's status message: the run goes on where it stopped, in its thread's turn. */
export function registerRetryAction(app: App, deps: ConversationDeps): void {
  app.action<BlockAction<ButtonAction>>(ACTION_IDS.runRetry, async ({ ack, body, action, client }) => {
    await ack();
    const channel = body.channel?.id ?? body.container?.channel_id;
    const statusTs = body.message?.ts;
    const threadTs = (body.message?.thread_ts as string | undefined) ?? statusTs;
    if (!action.value || !channel || !statusTs || !threadTs) return;
    const notice = await deps.conversations.retry(client, { runId: action.value, channel, threadTs, statusTs });
    if (notice) await tellClicker(client, body, notice);
  });
}
