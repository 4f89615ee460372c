import type { App } from '@slack/bolt';
import type { Logger } from '../../log.js';
import type { StateStore } from '../../state/store.js';
import type { TaskEvent, TaskEventEmitter } from '../../tools/task/events.js';
import { DEFAULT_TASK_FILE } from '../../tools/task/store.js';
import { buildTaskEvent } from '../blocks/task-event.js';
import { slackErrorCode } from '../commands/deliver.js';
import { taskEventView } from './describe.js';
import { forgetTaskTree, taskTreeMessage } from './tree-message.js';

type WebClient = App['client'];

export interface TaskEventDeps {
  taskEvents: TaskEventEmitter;
  store: StateStore;
  logger: Logger;
}

/** One subscription per emitter, whoever asks: a second call returns the first one's unsubscribe. */
const subscriptions = new WeakMap<TaskEventEmitter, () => void>();

/**
 * Shows the channel's tasks moving: every change to its tree (by `/task` or by the agent's Task
 * tool) becomes one line in the thread of the tree last posted there, or in the channel when the
 * tree was never posted. Lines go out one at a time, in the order of the changes. Returns the
 * unsubscribe; after it, or once the emitter is dropped with its app, nothing more is posted.
 */
export function postTaskEvents(client: WebClient, deps: TaskEventDeps): () => void {
  const existing = subscriptions.get(deps.taskEvents);
  if (existing) return existing;
  let queue = Promise.resolve();
  const listener = (event: TaskEvent) => {
    queue = queue
      .then(() => postTaskEvent(client, deps.store, event))
      .catch((error: unknown) => deps.logger.warn({ err: error, channel: event.scope, task: event.taskId }, 'could not post a task event'));
  };
  deps.taskEvents.on('task', listener);
  const unsubscribe = () => {
    deps.taskEvents.off('task', listener);
    subscriptions.delete(deps.taskEvents);
  };
  subscriptions.set(deps.taskEvents, unsubscribe);
  return unsubscribe;
}

/** Gone threads: the tree message was deleted, so its events go back to the channel. */
const LOST_THREAD = new Set(['thread_not_found', 'message_not_found', 'invalid_thread_ts']);

async function postTaskEvent(client: WebClient, store: StateStore, event: TaskEvent): Promise<void> {
  const channel = event.scope;
  // Other files in the folder are the agent's own lists; the channel's tree is the one /task shows.
  if (channel === undefined || !/^[CDG][A-Z0-9]+$/.test(channel) || event.file !== DEFAULT_TASK_FILE) return;
  const message = { channel, ...buildTaskEvent(taskEventView(event)), unfurl_links: false, unfurl_media: false };
  const treeTs = await taskTreeMessage(store, channel);
  if (treeTs !== undefined) {
    try {
      await client.chat.postMessage({ ...message, thread_ts: treeTs });
      return;
    } catch (error) {
      if (!LOST_THREAD.has(slackErrorCode(error) ?? '')) throw error;
      await forgetTaskTree(store, channel, treeTs);
    }
  }
  await client.chat.postMessage(message);
}
