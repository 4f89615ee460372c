import { z } from 'zod';
import type { PlaneChange } from '../plane/changes.js';
import { defineRecord } from '../state/record-kind.js';

/** How long after a write its Undo is offered. */
export const UNDO_WINDOW_MS = 15 * 60_000;
/** Kept well past the window, so a late click is told it is too late rather than that nothing is known. */
const KEEP_MS = 24 * 3_600_000;

const keyed = z.object({ id: z.string(), projectId: z.string(), key: z.string() });
const value = z.union([z.string(), z.array(z.string()), z.null()]);
const change: z.ZodType<PlaneChange> = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('update'),
    slug: z.string(),
    item: keyed,
    fields: z.array(z.object({ field: z.string(), api: z.string(), before: value, after: value })),
    by: z.string().optional(),
  }),
  z.object({ kind: z.literal('comment'), slug: z.string(), item: keyed, commentId: z.string(), by: z.string().optional() }),
  z.object({ kind: z.literal('create'), slug: z.string(), item: keyed, by: z.string().optional() }),
]);

/** A write the bot made in Plane, with what it changed and the values before, and when. */
export const UNDO_WRITES = defineRecord({
  namespace: 'undo:writes',
  version: 1,
  schema: z.object({ change, at: z.number() }),
  ttlMs: KEEP_MS,
});
export type UndoWrite = z.infer<typeof UNDO_WRITES.schema>;

/** A write taken back: claimed once, by whoever clicked first, in any process. */
export const UNDO_DONE = defineRecord({
  namespace: 'undo:done',
  version: 1,
  schema: z.object({ by: z.string(), at: z.number() }),
  ttlMs: KEEP_MS,
});
