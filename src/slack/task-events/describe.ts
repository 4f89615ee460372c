import type { Translator } from '../../i18n/index.js';
import type { TaskEvent } from '../../tools/task/events.js';
import { duration, planeNoteLine } from '../../tools/task/plane/summary.js';
import { plural } from '../../tools/text.js';
import type { TaskEventView } from '../blocks/task-event.js';
import { changedFields } from '../blocks/confirmation.js';

/**
 * A task event as the one line the channel sees: what became of the task, and who did it. `t`
 * writes the parts that come from Plane (syncs, Plane's notes); the rest is still English.
 */
export function taskEventView(event: TaskEvent, t: Translator): TaskEventView {
  // The name rather than a mention: the person who made the change need not be notified of it.
  const by = event.by?.name ?? event.by?.id;
  const because = event.type === 'status_changed' && event.because ? ` (${planeNoteLine(event.because, t)})` : '';
  return { id: event.taskId, title: event.title, status: change(event, t) + because, ...(by !== undefined && { by }) };
}

function change(event: TaskEvent, t: Translator): string {
  switch (event.type) {
    case 'created':
      return event.parent ? `added under [${event.parent}]` : 'added';
    case 'status_changed':
      return event.to;
    case 'assigned':
      return event.to ? `assigned to @${event.to}` : 'unassigned';
    case 'updated':
      return `updated (${changedFields(event.changes)})`;
    case 'removed': {
      const below = event.removedIds.length - 1;
      return below > 0 ? `removed with ${plural(below, 'subtask')}` : 'removed';
    }
    case 'synced':
      return t.t('taskSync.event.synced', { key: event.key, total: event.total, project: event.project, created: event.created, updated: event.updated });
    case 'sync_progress':
      return t.t('taskSync.event.progress', { project: event.project, done: event.done, total: event.total, left: duration(event.leftMs, t) });
    case 'noted':
      return planeNoteLine(event.note, t);
  }
}
