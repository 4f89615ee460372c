import { type Handler, ok, projectOf } from '../context.js';
import { ApiError, bodies, notFound } from '../errors.js';
import { orderRows } from '../order.js';
import { paginate } from '../pagination.js';
import type { CommentAccess } from '../records.js';
import { plainShape, readShape } from '../shape.js';
import { dictionaryBody, isUuid, readDateTime, type FieldErrors, validationError } from '../validation.js';
import { atLeast } from '../version.js';
import { externalConflict } from './work-item-input.js';

/** Comments: newest first; any active project member, guests included, may post. */

export const listComments: Handler = (context) => {
  const project = projectOf(context);
  const workItemId = context.params.work_item_id;
  // The view filters by the URL's ids: an unknown work item is simply an empty list.
  const comments = [...context.db.comments.values()].filter((c) => c.project === project.id && c.issue === workItemId);
  const rows = orderRows(comments, '-created_at', { created_at: (c) => c.created_at });
  const query = readShape(context.query);
  return ok(paginate(rows, context.query, context.pageRules, (c) => context.out.comment(c, query, true)));
};

const ACCESS: readonly CommentAccess[] = ['INTERNAL', 'EXTERNAL'];

export const createComment: Handler = (context) => {
  const { db, flavour } = context;
  const project = projectOf(context);
  const body = dictionaryBody(context.body);
  if (body.external_id && body.external_source) {
    const existing = [...db.comments.values()].find(
      (c) => c.project === project.id && c.external_id === body.external_id && c.external_source === body.external_source,
    );
    if (existing) throw externalConflict('Comment with the same external id and external source already exists', existing.id);
  }
  const errors: FieldErrors = {};
  const html = body.comment_html ?? '<p></p>';
  if (typeof html !== 'string') errors.comment_html = ['Not a valid string.'];
  const access = body.access ?? 'INTERNAL';
  if (!ACCESS.includes(access as CommentAccess)) errors.access = [`"${String(access)}" is not a valid choice.`];
  const createdBy = body.created_by;
  if (createdBy !== undefined && (typeof createdBy !== 'string' || !isUuid(createdBy) || !db.users.has(createdBy.toLowerCase()))) {
    errors.created_by = [`Invalid pk "${String(createdBy)}" - object does not exist.`];
  }
  const createdAt = body.created_at === undefined ? db.stamp() : readDateTime(body.created_at);
  if (createdAt === undefined)
    errors.created_at = ['Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].'];
  if (Object.keys(errors).length > 0) throw validationError(errors);

  const item = db.workItems.get(context.params.work_item_id ?? '');
  // The URL's work item is only a foreign key here: a missing one fails the insert (Plane's
  // "DB integrity error" answer; inferred from Plane's code, not observed).
  if (!item || item.project !== project.id) throw new ApiError(400, bodies.payloadNotValid);
  const comment = db.createComment(item, {
    comment_html: html as string,
    access: access as CommentAccess,
    external_id: typeof body.external_id === 'string' ? body.external_id : null,
    external_source: typeof body.external_source === 'string' ? body.external_source : null,
    // The actor is always the key's owner; created_by may be overridden.
    actor: context.user.id,
    created_by: typeof createdBy === 'string' ? createdBy.toLowerCase() : context.user.id,
    created_at: createdAt as number,
  });
  context.webhooks.commentCreated(comment, context.user);
  // CE v0.28.0 created the comment and still answered 400.
  if (flavour.edition === 'community' && atLeast(flavour, '0.28.0') && !atLeast(flavour, '1.0.0')) {
    throw new ApiError(400, bodies.requiredKey);
  }
  return ok(context.out.comment(comment, plainShape, false), 201);
};

/** PATCH a comment: its text only (what the kit edits); the item in the URL must be the comment's. */
export const updateComment: Handler = (context) => {
  const { db } = context;
  const project = projectOf(context);
  const comment = db.comments.get(context.params.comment_id ?? '');
  if (!comment || comment.project !== project.id || comment.issue !== context.params.work_item_id) throw notFound();
  const body = dictionaryBody(context.body);
  if (body.comment_html !== undefined) {
    if (typeof body.comment_html !== 'string') throw validationError({ comment_html: ['Not a valid string.'] });
    comment.comment_html = body.comment_html;
    comment.edited_at = db.stamp();
  }
  comment.updated_at = db.stamp();
  comment.updated_by = context.user.id;
  context.webhooks.commentUpdated(comment, context.user);
  return ok(context.out.comment(comment, plainShape, false));
};
