import type { TaskEvent } from '../../tools/task/events.js';
import { formatDuration, plural } from '../../tools/text.js';
import type { TaskEventView } from '../blocks/task-event.js';
import { changedFields } from '../blocks/confirmation.js';

/** A task event as the one line the channel sees: what became of the task, and who did it. */
export function taskEventView(event: TaskEvent): TaskEventView {
  // The name rather than a mention: the person who made the change need not be notified of it.
  const by = event.by?.name ?? event.by?.id;
  const status = event.note && event.type !== 'noted' ? `${change(event)} (${event.note})` : change(event);
  return { id: event.taskId, title: event.title, status, ...(by !== undefined && { by }) };
}

function change(event: TaskEvent): string {
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
    case 'synced': {
      const others = event.updated > 0 ? `, ${event.updated} updated` : '';
      return `synced with ${event.key}: ${plural(event.total, 'task')} in ${event.project}, ${event.created} created${others}`;
    }
    case 'sync_progress':
      return `syncing with ${event.project}: ${event.done}/${event.total} tasks, about ${formatDuration(event.leftMs)} left`;
    case 'noted':
      return event.note;
  }
}
