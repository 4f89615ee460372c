import type { PlainKey, Translator } from '../../i18n/index.js';
import type { TaskStatus } from '../../tasks/format.js';

/** The statuses as messages say them; the command words stay `in-progress`, `done`… */
const STATUS_KEYS = {
  todo: 'commands.task.status.todo',
  'in-progress': 'commands.task.status.inProgress',
  done: 'commands.task.status.done',
  blocked: 'commands.task.status.blocked',
} as const satisfies Record<TaskStatus, PlainKey>;

export function taskStatusWord(status: TaskStatus, t: Translator): string {
  return t.t(STATUS_KEYS[status]);
}
