import type { App } from '@slack/bolt';
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
 * the run goes on (its answer is then posted, since Slack closed the stream).
 */
export async function stopFromSlack(client: App['client'], store: StateStore, conversations: Conversations, event: SessionStopped): Promise<void> {
  const runs = new Set<string>();
  for (const ts of event.streaming_message_ts) {
    const runId = await runOfStream(store, event.channel, ts);
    if (runId) runs.add(runId);
  }
  for (const runId of runs) {
    const notice = await conversations.stop(client, { runId, userId: event.user });
    if (notice) await client.chat.postEphemeral({ channel: event.channel, user: event.user, thread_ts: event.thread_ts, text: notice });
  }
}
