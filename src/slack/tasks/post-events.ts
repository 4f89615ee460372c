import type { App } from '@slack/bolt';
import type { Locale, Translator } from '../../i18n/index.js';
import type { Logger } from '../../log.js';
import { translatorFor } from '../locale.js';
import type { OutboxOf, SendContext } from '../../notifications/outbox.js';
import type { StateStore } from '../../state/store.js';
import type { TaskEvent, TaskEventEmitter } from '../../tasks/events.js';
import { DEFAULT_TASK_FILE } from '../../tasks/store.js';
import { buildTaskEvent } from './task-event.blocks.js';
import type { SlackMessage } from '../blocks/types.js';
import { slackErrorCode } from '../web-api-errors.js';
import { taskEventView } from './describe.js';
import { forgetTaskTree, taskTreeMessage } from './tree-message.js';

type WebClient = App['client'];

export interface TaskEventDeps {
  taskEvents: TaskEventEmitter;
  store: StateStore;
  logger: Logger;
  /** Posts that are no reply wait there: paced per channel, kept across a restart. */
  outbox: OutboxOf<TaskEventKinds>;
  /** PLANEBOT_LOCALE: the language of a change nobody in Slack made (one from Plane). */
  locale: Locale;
}

const TASK_EVENT = 'task-event';

/** The outbox kind of a task tree's announcement: the Slack message to post. */
export type TaskEventKinds = { [TASK_EVENT]: SlackMessage };

/**
 * Shows the channel's tasks moving: every change to its tree (by `/task` or by the agent's Task
 * tool) becomes one line in the thread of the tree last posted there, or in the channel when the
 * tree was never posted. Lines go through the outbox, in the order of the changes. The composition
 * subscribes once per process, beside the outbox's other senders; after the unsubscribe it returns
 * nothing more is posted.
 */
export function postTaskEvents(client: WebClient, deps: TaskEventDeps): () => void {
  deps.outbox.register(TASK_EVENT, {
    async send(entry, context) {
      try {
        await postTaskEvent(client, deps.store, entry.channel, entry.payload, context);
      } catch (error) {
        // Retrying cannot help where the bot may not post; the line is dropped.
        const code = slackErrorCode(error) ?? '';
        if (!CANNOT_POST.has(code)) throw error;
        deps.logger.warn({ channel: entry.channel, code }, 'could not post a task event');
      }
    },
  });
  const listener = (event: TaskEvent) => {
    const channel = event.scope;
    // Other files in the folder are the agent's own lists; the channel's tree is the one /task shows.
    if (channel === undefined || !/^[CDG][A-Z0-9]+$/.test(channel) || event.file !== DEFAULT_TASK_FILE) return;
    deps.outbox
      .enqueue(channel, { kind: TASK_EVENT, payload: taskEventMessage(event, translatorFor(event.by, deps.locale)), order: TASK_EVENT })
      .catch((error: unknown) => deps.logger.warn({ err: error, channel, task: event.taskId }, 'could not post a task event'));
  };
  deps.taskEvents.on('task', listener);
  return () => deps.taskEvents.off('task', listener);
}

/** Gone threads: the tree message was deleted, so its events go back to the channel. */
const LOST_THREAD = new Set(['thread_not_found', 'message_not_found', 'invalid_thread_ts']);
const CANNOT_POST = new Set(['not_in_channel', 'channel_not_found', 'is_archived']);

async function postTaskEvent(
  client: WebClient,
  store: StateStore,
  channel: string,
  line: SlackMessage,
  context: SendContext,
): Promise<void> {
  const message = { channel, ...line, unfurl_links: false, unfurl_media: false };
  const treeTs = await taskTreeMessage(store, channel);
  if (treeTs !== undefined) {
    try {
      await context.paced(() => client.chat.postMessage({ ...message, thread_ts: treeTs }));
      return;
    } catch (error) {
      if (!LOST_THREAD.has(slackErrorCode(error) ?? '')) throw error;
      await forgetTaskTree(store, channel, treeTs);
    }
  }
  await context.paced(() => client.chat.postMessage(message));
}

function taskEventMessage(event: TaskEvent, t: Translator): SlackMessage {
  return buildTaskEvent(taskEventView(event, t), t);
}
