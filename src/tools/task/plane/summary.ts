import type { PlaneRate } from '../../../plane/limiter.js';
import { formatDuration, plural } from '../../text.js';
import type { LinkedWrite, SyncOutcome } from './task-plane.js';

/** The words of a sync's outcome that every front end shows the same: what it did, and what it cost. */

/** `Synced [1] and 11 subtasks with ACME: 12 work items created, 0 updated, 0 unchanged.` */
export function syncHeadline(outcome: SyncOutcome): string {
  const { root } = outcome;
  const below = outcome.total - 1;
  const what = `[${root.id}]${below > 0 ? ` and ${plural(below, 'subtask')}` : ''}`;
  const key = root.plane ? ` (${root.plane})` : '';
  const counts = `${plural(outcome.created.length, 'work item')} created, ${outcome.updated.length} updated, ${outcome.unchanged} unchanged`;
  return `Synced ${what} with ${outcome.project}${key}: ${counts}.`;
}

/**
 * The budget line: requests sent, time taken, and how long a tree of this size takes at the rate
 * (`12 creates and 5 other Plane requests in 2s; Plane allows 60 a minute, …`).
 */
export function budgetLine(outcome: SyncOutcome): string {
  const { requests, rate } = outcome;
  const creates = outcome.created.length;
  const window = windowWords(rate);
  const others = requests - creates;
  const spent = `${plural(creates, 'create')} and ${plural(others, 'other Plane request')} in ${formatDuration(outcome.elapsedMs)}`;
  const size = requests <= rate.limit ? 'a tree this size fits in one window' : `a tree this size takes about ${formatDuration(waitMs(requests, rate))}`;
  return `${spent}. Plane allows ${rate.limit} requests a ${window}: ${size}, and each ${rate.limit} more tasks add about a ${window}.`;
}

/** How long `requests` take at the rate: the first window's worth at once, then one window per further batch. */
export function waitMs(requests: number, rate: PlaneRate): number {
  return Math.floor(Math.max(0, requests - 1) / rate.limit) * rate.windowMs;
}

/** What the relations part of a sync did, when the tree has waits between synced tasks. */
export function relationsLine(outcome: SyncOutcome): string | undefined {
  const { sent, served } = outcome.relations;
  if (!served || sent === 0) return undefined;
  return `${plural(sent, 'wait')} sent as Plane relations (blocked by).`;
}

function windowWords(rate: PlaneRate): string {
  if (rate.windowMs === 60_000) return 'minute';
  if (rate.windowMs === 1_000) return 'second';
  if (rate.windowMs === 3_600_000) return 'hour';
  return `window of ${formatDuration(rate.windowMs)}`;
}

/** What became of a change's write-through to the task's work item; undefined when it has none. */
export function linkedWriteLine(write: LinkedWrite | undefined): string | undefined {
  if (write === undefined) return undefined;
  if ('error' in write) return `The tree has the change, but ${write.key} could not be updated in Plane: ${write.error}`;
  const notes = write.notes.length > 0 ? ` ${write.notes.join(' ')}` : '';
  if (write.fields.length === 0) return `${write.key} in Plane already showed it.${notes}`;
  return `Written to ${write.key} in Plane (${write.fields.join(', ')}).${notes}`;
}

/** Said when removed tasks were synced: their work items stay. */
export function keptInPlaneLine(keys: readonly string[]): string | undefined {
  if (keys.length === 0) return undefined;
  return `${keys.join(', ')} ${keys.length === 1 ? 'stays' : 'stay'} in Plane: the bot never deletes work items.`;
}
