import type { ChatThread, PlaneWrite } from '../../plane/kit.js';
import type { RequesterIdentity } from '../../plane/me.js';

/** A write as the kit notes it for Plane's webhook: for whom, and the thread where the bot confirmed it. */
export function writeNote(
  key: string,
  fields: string[],
  requester: RequesterIdentity | undefined,
  confirmedIn: ChatThread | undefined,
): PlaneWrite {
  return { key, fields, ...(requester?.name && { by: requester.name }), ...(confirmedIn && { confirmedIn }) };
}

/** What a write answers, with the id it can be taken back by when the kit keeps writes (`PlaneKit.recordChange`). */
export type Undoable<T> = T & { undo?: string };
