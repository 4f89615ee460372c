import { z } from 'zod';
import { PRIORITIES, STATE_GROUPS, type Priority, type StateGroup } from '../plane/types.js';

/**
 * What waits in the outbox for Slack: a work item's state with every id already a name (the card),
 * and what happened to it. Ids are kept only to match filters and threads; nothing prints them.
 */
export interface ItemSnapshot {
  id: string;
  projectId: string;
  key: string;
  title: string;
  url: string;
  state: string;
  stateGroup: StateGroup | '';
  priority: Priority;
  assignees: string[];
  assigneeIds: string[];
  labels: string[];
  /** The project's state names in board order, for the card's state menu (older notices have none). */
  states?: string[];
}

export const itemSnapshotSchema: z.ZodType<ItemSnapshot> = z.object({
  id: z.string(),
  projectId: z.string(),
  key: z.string(),
  title: z.string(),
  url: z.string(),
  state: z.string(),
  stateGroup: z.union([z.enum(STATE_GROUPS), z.literal('')]),
  priority: z.enum(PRIORITIES),
  assignees: z.array(z.string()),
  assigneeIds: z.array(z.string()),
  labels: z.array(z.string()),
  states: z.array(z.string()).optional(),
});

/** One field's change by one person, as names: `from` and `to` are lists (one entry for a plain value). */
export interface FieldChange {
  actor: string;
  field: string;
  from: string[];
  to: string[];
}

/** Outbox kinds (each has one Slack sender). */
export const NOTICE_KINDS = {
  item: 'plane-item',
  comment: 'plane-comment',
  direct: 'plane-direct',
  linkedComment: 'plane-linked-comment',
} as const;

/** The payload of each kind of notice in the outbox. */
export type NoticeKinds = {
  'plane-item': ItemNotice;
  'plane-comment': CommentNotice;
  'plane-direct': DirectNotice;
  'plane-linked-comment': LinkedCommentNotice;
};

/** A work item created or changed: the first one in a channel posts its card, later ones a thread line. */
export interface ItemNotice {
  item: ItemSnapshot;
  /** Who created it, when the notice includes its creation. */
  createdBy?: string;
  changes: FieldChange[];
}

export interface CommentNotice {
  item: ItemSnapshot;
  author: string;
  /** Plain text (Plane's HTML read, mentions named). */
  text: string;
  /** The comment as Plane stores it, for a front end that shows rich text (older notices have none). */
  html?: string;
  /** The people it mentions, by Plane user id (lower case): their names and chat users. */
  people?: Record<string, MentionedMember>;
}

/** A Plane member a comment mentions: the name, and the chat user with their e-mail when there is one. */
export interface MentionedMember {
  name: string;
  chatUser?: string;
}

/** A Plane comment for a Slack thread linked to its work item (`threadTs`). */
export interface LinkedCommentNotice extends CommentNotice {
  threadTs: string;
}

/** A personal message: the item's card with why the person gets it. */
export interface DirectNotice {
  item: ItemSnapshot;
  /** "alice assigned you", "bob mentioned you: …" (plain text). */
  reason: string;
}

/**
 * Folds a later notice about the same item into a waiting one: the newest card, one change per
 * person and field (from the first `from` to the last `to`), and a change that came back to where it
 * started is dropped.
 */
export function mergeItemNotices(waiting: ItemNotice, newer: ItemNotice): ItemNotice {
  const changes = waiting.changes.map((c) => ({ ...c }));
  for (const change of newer.changes) {
    const same = changes.find((c) => c.actor === change.actor && c.field === change.field);
    if (same) same.to = change.to;
    else changes.push({ ...change });
  }
  const createdBy = waiting.createdBy ?? newer.createdBy;
  return {
    item: newer.item,
    ...(createdBy !== undefined && { createdBy }),
    changes: changes.filter((c) => JSON.stringify([...c.from].sort()) !== JSON.stringify([...c.to].sort())),
  };
}
