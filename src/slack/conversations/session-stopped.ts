import type { App } from '@slack/bolt';
import type { Logger } from '../../log.js';
import type { StateStore } from '../../state/store.js';
import { runOfStream } from '../progress/answer-stream.js';
import type { Conversations } from './conversations.js';

/** What Slack says when a person presses its own stop control on a streaming answer. */
export interface SessionStopped {
  channel: string;
  user: string;
  thread_ts: string;
  streaming_message_ts: string[];
}

/**
 * Slack's stop control (`agent_session_stopped`) takes the Stop button's path: the run each stopped
 * stream shows is stopped by whoever pressed it, if they may; anyone else is told privately, and
 * the run goes on (its answer is then posted, since Slack closed the stream). Either way the
 * thread's agent session is then set `active`: Slack leaves it `processing` until the app moves it
 * (its streams are already stopped, so `agents.sessions.setStatus` rather than a stopStream), and a
 * session left so shows people a spinner they cannot stop.
 */
export async function stopFromSlack(
  client: App['client'],
  deps: { store: StateStore; conversations: Conversations; logger: Logger },
  event: SessionStopped,
): Promise<void> {
  try {
    const runs = new Set<string>();
    for (const ts of event.streaming_message_ts) {
      const runId = await runOfStream(deps.store, event.channel, ts);
      if (runId) runs.add(runId);
    }
    for (const runId of runs) {
      const notice = await deps.conversations.stop(client, { runId, userId: event.user });
      if (notice) await client.chat.postEphemeral({ channel: event.channel, user: event.user, thread_ts: event.thread_ts, text: notice });
    }
  } finally {
    await client.agents.sessions
      .setStatus({ channel_id: event.channel, thread_ts: event.thread_ts, status: 'active' })
      .catch((error: unknown) => {
        deps.logger.warn(
          { err: error, channel: event.channel, thread_ts: event.thread_ts },
          'could not move the agent session out of processing',
        );
      });
  }
}
