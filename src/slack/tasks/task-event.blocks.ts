import type { Translator } from '../../i18n/index.js';
import { escapeTruncated, mentionUser, mrkdwn, oneLine } from '../blocks/text.js';
import type { SlackMessage } from '../blocks/types.js';

export interface TaskEventView {
  id: string;
  title: string;
  /** The new status, e.g. `done` or `in-progress`, or what else became of the task. */
  status: string;
  /** Who made the change: a Slack user id (mentioned) or a name (shown as text). */
  by?: string;
}

const TITLE_MAX = 300;
/** What became of it: a status, or a sentence (synced with Plane, a note from Plane). */
const CHANGE_MAX = 500;

/** One line for a task's transition: "Task [1-2] Title → done (by @alice)". */
export function buildTaskEvent(event: TaskEventView, t: Translator): SlackMessage {
  const id = escapeTruncated(oneLine(event.id), 40);
  const title = escapeTruncated(oneLine(event.title), TITLE_MAX);
  const status = escapeTruncated(oneLine(event.status), CHANGE_MAX);
  const change = { id, title, change: status };
  const line =
    event.by === undefined || oneLine(event.by) === ''
      ? t.t('commands.event.line', change)
      : t.t('commands.event.lineBy', { ...change, by: mentionUser(event.by) });
  return { text: line, blocks: [{ type: 'section', text: mrkdwn(line) }] };
}
