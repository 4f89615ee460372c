import type { Translator } from '../../i18n/index.js';
import type { TaskEvent } from '../../tasks/events.js';
import type { TaskEventView } from './task-event.blocks.js';
import { planeNoteLine } from '../../tasks/plane/summary.js';
import { changedFields } from '../blocks/confirmation.blocks.js';
import { taskStatusWord } from './task-status.blocks.js';

/** A task event as the one line the channel sees, in `t`'s language: what became of the task, and who did it. */
export function taskEventView(event: TaskEvent, t: Translator): TaskEventView {
  // The name rather than a mention: the person who made the change need not be notified of it.
  const by = event.by?.name ?? event.by?.id;
  const because = event.type === 'status_changed' && event.because ? ` (${planeNoteLine(event.because, t)})` : '';
  return { id: event.taskId, title: event.title, status: change(event, t) + because, ...(by !== undefined && { by }) };
}

function change(event: TaskEvent, t: Translator): string {
  switch (event.type) {
    case 'created':
      return event.parent ? t.t('commands.event.addedUnder', { parent: event.parent }) : t.t('commands.event.added');
    case 'status_changed':
      return taskStatusWord(event.to, t);
    case 'assigned':
      return event.to ? t.t('commands.event.assigned', { name: event.to }) : t.t('commands.event.unassigned');
    case 'updated':
      return t.t('commands.event.updated', { fields: changedFields(event.changes, t) });
    case 'removed':
      return t.t('commands.event.removed', { subtasks: event.removedIds.length - 1 });
    case 'synced':
      return t.t('taskSync.event.synced', {
        key: event.key,
        total: event.total,
        project: event.project,
        created: event.created,
        updated: event.updated,
      });
    case 'sync_progress':
      return t.t('taskSync.event.progress', {
        project: event.project,
        done: event.done,
        total: event.total,
        left: t.duration(event.leftMs),
      });
    case 'noted':
      return planeNoteLine(event.note, t);
  }
}
