import { answerOf, type AppAnswer } from './app-answers.js';
import type { Deliverer } from './delivery.js';
import { eventEnvelope } from './payloads.js';
import { streamMessage, type Streams } from './streams.js';
import { memberChannel, UsageError } from './usage-error.js';
import type { Workspace } from './workspace.js';

export interface StreamStop {
  user: string;
  channel: string;
  /** The streaming message whose stop control the person pressed. */
  ts: string;
}

/**
 * A person presses the stop control Slack shows on a streaming message. Slack stops the stream
 * itself (later appends answer `stopped_by_user`) and sends the app `agent_session_stopped`
 * with the thread and the streams it stopped; the app must end its work there.
 */
export async function stopStreamAsUser(
  deps: { workspace: Workspace; deliverer: Deliverer; streams: Streams },
  stop: StreamStop,
): Promise<AppAnswer> {
  const { workspace, deliverer, streams } = deps;
  const channel = memberChannel(workspace, stop.user, stop.channel);
  const stream = streams.get(channel.id, stop.ts);
  if (stream?.state !== 'streaming') throw new UsageError(`message ${stop.ts} in ${channel.id} is not streaming`);
  stream.state = 'stopped_by_user';
  workspace.update(channel.id, stream.ts, streamMessage(stream));
  const event = {
    type: 'agent_session_stopped',
    channel: channel.id,
    user: stop.user,
    thread_ts: stream.threadTs,
    streaming_message_ts: [stream.ts],
    event_ts: workspace.nextTs(),
  };
  return answerOf(await deliverer.send('event', eventEnvelope(workspace, event)));
}
