import { randomUUID } from 'node:crypto';
import { type Handler, ok, workItemOf } from '../context.js';
import { ApiError, bodies } from '../errors.js';
import type { RelationRecord } from '../store.js';
import { dictionaryBody, isUuid, validationError } from '../validation.js';

/**
 * `GET, POST …/work-items/{id}/relations/` (CE v1.3.0 on, no `/issues/` alias, no remove route).
 * Relations are stored canonically, one per ordered pair: `blocking` is kept as the other item's
 * `blocked_by`, `start_after` as `start_before`, `finish_after` as `finish_before`; a second type for
 * a pair already related is dropped silently (Plane's `bulk_create(ignore_conflicts=True)`), still 201.
 */

const TYPES = [
  'blocking',
  'blocked_by',
  'duplicate',
  'relates_to',
  'start_before',
  'start_after',
  'finish_before',
  'finish_after',
] as const;
type RelationType = (typeof TYPES)[number];
const REVERSED: Partial<Record<RelationType, RelationRecord['relation_type']>> = {
  blocking: 'blocked_by',
  start_after: 'start_before',
  finish_after: 'finish_before',
};

/** The eight lists of `{project_id, issue_id}` the GET answers, seen from `itemId`. */
export const listRelations: Handler = (context) => {
  const item = workItemOf(context);
  const lists: Record<RelationType, { project_id: string; issue_id: string }[]> = Object.fromEntries(
    TYPES.map((type) => [type, []]),
  ) as never;
  const entry = (id: string) => ({ project_id: context.db.workItems.get(id)?.project ?? '', issue_id: id });
  for (const row of context.db.relations) {
    if (row.issue === item.id) lists[row.relation_type].push(entry(row.related_issue));
    if (row.related_issue === item.id) {
      const seen: RelationType =
        row.relation_type === 'blocked_by'
          ? 'blocking'
          : row.relation_type === 'start_before'
            ? 'start_after'
            : row.relation_type === 'finish_before'
              ? 'finish_after'
              : row.relation_type;
      lists[seen].push(entry(row.issue));
    }
  }
  return ok(lists);
};

export const createRelations: Handler = (context) => {
  const { db } = context;
  const item = workItemOf(context);
  const body = dictionaryBody(context.body);
  const type = body.relation_type as RelationType;
  const errors: Record<string, string[]> = {};
  if (!TYPES.includes(type))
    errors.relation_type = [
      body.relation_type === undefined ? 'This field is required.' : `"${String(body.relation_type)}" is not a valid choice.`,
    ];
  if (!Array.isArray(body.issues) || body.issues.length === 0) errors.issues = ['This list may not be empty.'];
  else if (body.issues.some((id) => typeof id !== 'string' || !isUuid(id))) errors.issues = ['Must be a valid UUID.'];
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const related = (body.issues as string[]).map((id) => id.toLowerCase());
  // An id of no work item breaks the foreign key: Plane's catch-all for an integrity error.
  if (related.some((id) => !db.workItems.has(id))) throw new ApiError(400, bodies.payloadNotValid);
  const stored = REVERSED[type] ?? (type as RelationRecord['relation_type']);
  const answered = related.map((otherId) => {
    const [issue, relatedIssue] = REVERSED[type] ? [otherId, item.id] : [item.id, otherId];
    const exists = db.relations.some((row) => row.issue === issue && row.related_issue === relatedIssue);
    if (!exists)
      db.relations.push({
        id: randomUUID(),
        issue,
        related_issue: relatedIssue,
        relation_type: stored,
        created_by: context.user.id,
        created_at: db.stamp(),
      });
    const other = db.workItems.get(otherId)!;
    return {
      id: other.id,
      project_id: other.project,
      sequence_id: other.sequence_id,
      relation_type: stored,
      name: other.name,
      state_id: other.state,
      priority: other.priority,
      created_by: other.created_by,
      created_at: new Date(other.created_at).toISOString(),
      updated_at: new Date(other.updated_at).toISOString(),
      updated_by: other.updated_by,
    };
  });
  return ok(answered, 201);
};
