import { randomUUID } from 'node:crypto';
import type { PlaneApi } from '../plane/api.js';
import { fieldValue, sameValue, type PlaneChange } from '../plane/changes.js';
import { PlaneError } from '../plane/errors.js';
import type { StateStore } from '../state/store.js';
import { phrase } from '../i18n/index.js';
import { UNDO_DONE, UNDO_WINDOW_MS, UNDO_WRITES } from './records.js';

/** What a withdrawn comment says in Plane instead of its text (the bot deletes nothing). */
export const WITHDRAWN_HTML = '<p>(withdrawn)</p>';

export type UndoOutcome =
  /** Nothing is known of it (never made, or long forgotten). */
  | { outcome: 'unknown' }
  /** The person is neither who asked for the write nor an approver. */
  | { outcome: 'not_allowed'; change: PlaneChange }
  /** Someone took it back already. */
  | { outcome: 'already'; change: PlaneChange; by: string; at: number }
  /** Its window is over. */
  | { outcome: 'too_late'; change: PlaneChange }
  /** Fields it set have changed since: nothing was changed, they are named. */
  | { outcome: 'moved'; change: PlaneChange; fields: string[] }
  /** Taken back; `state` is the cancelled state a created item moved to. */
  | { outcome: 'undone'; change: PlaneChange; state?: string };

/** What a front end offering Undo needs: the journal, and who besides the requester may take a write back. */
export interface UndoEnv {
  journal: UndoJournal;
  /** PLANEBOT_APPROVERS: they may undo anyone's write, as they may decide anyone's approval. */
  approvers: readonly string[];
}

export interface UndoAsk {
  id: string;
  /** Who clicked (a front end's user id). */
  personId: string;
  /** Whether that person may act for the write's requester (the front end's one rule). */
  mayUndo(requesterId: string | undefined): boolean;
  /** The Plane API the write is taken back with. */
  api: PlaneApi;
}

/**
 * The bot's writes in Plane, kept with what they changed so that a person can take one back within
 * UNDO_WINDOW_MS, once: an update's fields go back to their values before (unless one changed again
 * since), a comment is withdrawn in words, a created work item moves to its project's first
 * cancelled state. Plane is the only thing touched; the front end says what happened.
 */
export class UndoJournal {
  constructor(
    private readonly store: StateStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** Keeps a write made; answers the id its Undo names. */
  async record(change: PlaneChange): Promise<string> {
    const id = randomUUID();
    await this.store.set(UNDO_WRITES, id, { change, at: this.now() });
    return id;
  }

  async undo(ask: UndoAsk): Promise<UndoOutcome> {
    const write = await this.store.get(UNDO_WRITES, ask.id);
    if (!write) return { outcome: 'unknown' };
    const { change } = write;
    if (!ask.mayUndo(change.by)) return { outcome: 'not_allowed', change };
    const done = await this.store.get(UNDO_DONE, ask.id);
    if (done) return { outcome: 'already', change, ...done };
    if (this.now() - write.at > UNDO_WINDOW_MS) return { outcome: 'too_late', change };
    const moved = change.kind === 'update' ? await movedFields(ask.api, change) : [];
    if (moved.length > 0) return { outcome: 'moved', change, fields: moved };
    const claim = { by: ask.personId, at: this.now() };
    if (!(await this.store.claim(UNDO_DONE, ask.id, claim))) {
      const first = await this.store.get(UNDO_DONE, ask.id);
      return { outcome: 'already', change, by: first?.by ?? ask.personId, at: first?.at ?? claim.at };
    }
    try {
      const state = await takeBack(ask.api, change);
      return { outcome: 'undone', change, ...(state && { state }) };
    } catch (error) {
      // Plane refused: nothing was taken back, so it may be tried again.
      await this.store.release(UNDO_DONE, ask.id, claim);
      throw error;
    }
  }
}

/** The fields of an update whose value in Plane is no longer the one the write set. */
async function movedFields(api: PlaneApi, change: Extract<PlaneChange, { kind: 'update' }>): Promise<string[]> {
  const item = (await api.workItemByKey(change.slug, change.item.key)) as unknown as Record<string, unknown>;
  return change.fields.filter((f) => !sameValue(fieldValue(item[f.api]), f.after)).map((f) => f.field);
}

/** Makes the write's opposite in Plane; for a created item, answers the name of the state it moved to. */
async function takeBack(api: PlaneApi, change: PlaneChange): Promise<string | undefined> {
  switch (change.kind) {
    case 'update':
      await api.updateWorkItem(change.slug, change.item, Object.fromEntries(change.fields.map((f) => [f.api, f.before])));
      return undefined;
    case 'comment':
      await api.updateComment(change.slug, change.item, change.commentId, WITHDRAWN_HTML);
      return undefined;
    case 'create': {
      const project = (await api.projects(change.slug)).find((p) => p.id === change.item.projectId);
      const cancelled = project && (await api.states(change.slug, project)).find((s) => s.group === 'cancelled');
      if (!cancelled) throw new PlaneError(phrase('undo.noCancelledState', { key: change.item.key }));
      await api.updateWorkItem(change.slug, change.item, { state: cancelled.id });
      return cancelled.name;
    }
  }
}
