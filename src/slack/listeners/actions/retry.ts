import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import { ACTION_IDS } from '../../blocks/action-ids.js';
import { AGENT_OFF } from '../../conversations/agent-off.js';
import type { RunState } from '../../conversations/run-state.js';
import { tellClicker } from '../../conversations/tell-privately.js';
import type { SlackDeps } from '../../deps.js';
import { queuedStatus } from '../../progress/status-views.js';

/** Retry on a failed run's status message: the run goes on where it stopped, in its thread's turn. */
export function registerRetryAction(app: App, deps: SlackDeps): void {
  app.action<BlockAction<ButtonAction>>(ACTION_IDS.runRetry, async ({ ack, body, action, client }) => {
    await ack();
    const agent = deps.agent();
    const channel = body.channel?.id ?? body.container?.channel_id;
    const statusTs = body.message?.ts;
    const threadTs = (body.message?.thread_ts as string | undefined) ?? statusTs;
    if (!action.value || !channel || !statusTs || !threadTs) return;
    if (!agent) {
      await tellClicker(client, body, AGENT_OFF);
      return;
    }
    const state: RunState = { channel, threadTs, statusTs, startPending: true };
    const submission = await agent.retry(action.value, state);
    if (submission.status === 'queued') await client.chat.update({ channel, ts: statusTs, ...queuedStatus(submission.position) });
    if (submission.status === 'gone') await tellClicker(client, body, 'This run cannot be retried any more: it is already running again, or it was forgotten.');
  });
}
