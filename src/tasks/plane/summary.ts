import type { Translator } from '../../i18n/index.js';
import type { PlaneRate } from '../../plane/limiter.js';
import { releaseName } from '../../plane/version.js';
import type { PlaneNote } from '../events.js';
import type { LinkedWrite, SyncNote, SyncOutcome } from './task-plane.js';

/**
 * The words of a sync's outcome that every front end shows the same (the model reads them in
 * English): what it did, what it cost, and what did not go as the tree says.
 */

/** `Synced [1] and 11 subtasks with ACME (ACME-13): 12 work items created, 0 updated, 0 unchanged.` */
export function syncHeadline(outcome: SyncOutcome, t: Translator): string {
  return t.t('taskSync.headline', {
    id: outcome.root.id,
    subtasks: outcome.total - 1,
    project: outcome.project,
    key: outcome.root.plane ?? outcome.project,
    created: outcome.created.length,
    updated: outcome.updated.length,
    unchanged: outcome.unchanged,
  });
}

/**
 * The budget line: requests sent, time taken, and how long a tree of this size takes at the rate
 * (`12 creates and 10 other Plane requests in 2s. Plane allows 60 requests a minute: …`).
 */
export function budgetLine(outcome: SyncOutcome, t: Translator): string {
  const { requests, rate } = outcome;
  const creates = outcome.created.length;
  return t.t('taskSync.budget', {
    creates,
    others: requests - creates,
    elapsed: t.duration(outcome.elapsedMs),
    limit: rate.limit,
    window: windowName(rate),
    length: t.duration(rate.windowMs),
    fits: requests <= rate.limit ? 'yes' : 'no',
    duration: t.duration(waitMs(requests, rate)),
  });
}

/** How long `requests` take at the rate: the first window's worth at once, then one window per further batch. */
export function waitMs(requests: number, rate: PlaneRate): number {
  return Math.floor(Math.max(0, requests - 1) / rate.limit) * rate.windowMs;
}

/** What the relations part of a sync did, when it sent any. */
export function relationsLine(outcome: SyncOutcome, t: Translator): string | undefined {
  const { sent, served } = outcome.relations;
  return served && sent > 0 ? t.t('taskSync.relations', { count: sent }) : undefined;
}

export function syncNoteLine(note: SyncNote, t: Translator): string {
  switch (note.kind) {
    case 'unassignable':
      return t.t('taskSync.note.unassignable', { name: note.name, project: note.project });
    case 'other-project':
      return t.t('taskSync.note.otherProject', { id: note.taskId, key: note.key });
    case 'gone':
      return t.t('taskSync.note.gone', { id: note.taskId, key: note.key, project: note.project });
    case 'no-relations':
      return t.t('taskSync.note.noRelations', {
        version: note.version === undefined ? 'unknown' : releaseName(note.version),
        count: note.waits,
      });
  }
}

/** What became of a change's write-through to the task's work item; undefined when it has none. */
export function linkedWriteLine(write: LinkedWrite | undefined, t: Translator): string | undefined {
  if (write === undefined) return undefined;
  if ('error' in write) return t.t('taskSync.writeFailed', { key: write.key, error: write.error });
  const said =
    write.fields.length === 0
      ? t.t('taskSync.alreadyShown', { key: write.key })
      : t.t('taskSync.written', { key: write.key, fields: write.fields.join(', ') });
  return [said, ...write.notes.map((note) => syncNoteLine(note, t))].join(' ');
}

/** Said when removed tasks were synced: their work items stay. */
export function keptInPlaneLine(keys: readonly string[], t: Translator): string | undefined {
  return keys.length === 0 ? undefined : t.t('taskSync.keptInPlane', { keys: t.list(keys), count: keys.length });
}

/** What Plane's side of a change says beyond the status (`cancelled in Plane`). */
export function planeNoteLine(note: PlaneNote, t: Translator): string {
  switch (note.kind) {
    case 'cancelled':
      return t.t('taskSync.because.cancelled');
    case 'blocked-label':
      return t.t('taskSync.because.blockedLabel', { label: note.label });
    case 'no-status':
      return t.t('taskSync.because.noStatus', { key: note.key, state: note.state, group: note.group, status: note.status });
    case 'stays-blocked':
      return t.t('taskSync.because.staysBlocked', { key: note.key, state: note.state, group: note.group, label: note.label });
  }
}

function windowName(rate: PlaneRate): 'minute' | 'second' | 'hour' | 'other' {
  if (rate.windowMs === 60_000) return 'minute';
  if (rate.windowMs === 1_000) return 'second';
  if (rate.windowMs === 3_600_000) return 'hour';
  return 'other';
}
