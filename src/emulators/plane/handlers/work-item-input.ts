import { normaliseDescription } from '../html.js';
import type { FakePlaneDb, WorkItemFields } from '../db.js';
import { ApiError } from '../errors.js';
import { PRIORITIES, type Priority, type ProjectRecord } from '../records.js';
import { dictionaryBody, isUuid, readDateTime, type FieldErrors, validationError } from '../validation.js';

/**
 * The work-item serializer's input rules for create and PATCH: DRF field
 * errors first (`{"field": ["..."]}`), then the object-level checks as `non_field_errors`. Assignees
 * and labels that exist but do not belong are dropped silently, as Plane does.
 */

const DATE_ERROR = 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.';

function readDate(value: unknown): string | null | undefined {
  if (value === null) return null;
  if (typeof value !== 'string' || !/^\d{4}-\d{1,2}-\d{1,2}$/.test(value)) return undefined;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() + 1 !== m || date.getUTCDate() !== d) return undefined;
  return date.toISOString().slice(0, 10);
}

/** PrimaryKeyRelatedField: a UUID of an existing row, else one of DRF's two messages. */
function primaryKeyError(value: unknown, exists: (id: string) => boolean): string | undefined {
  if (typeof value !== 'string') return `Incorrect type. Expected pk value, received ${typeof value === 'number' ? 'int' : typeof value}.`;
  if (!isUuid(value)) return `“${value}” is not a valid UUID.`;
  if (!exists(value.toLowerCase())) return `Invalid pk "${value}" - object does not exist.`;
  return undefined;
}

/** ListField(child=PrimaryKeyRelatedField): errors keyed by index. */
function readIdList(value: unknown, exists: (id: string) => boolean, errors: FieldErrors, field: string): string[] | undefined {
  if (!Array.isArray(value)) {
    errors[field] = [
      `Expected a list of items but got type "${value === null ? 'NoneType' : typeof value === 'string' ? 'str' : 'dict'}".`,
    ];
    return undefined;
  }
  const itemErrors: Record<string, string[]> = {};
  value.forEach((entry, index) => {
    const error = primaryKeyError(entry, exists);
    if (error) itemErrors[String(index)] = [error];
  });
  if (Object.keys(itemErrors).length > 0) {
    errors[field] = itemErrors;
    return undefined;
  }
  return [...new Set((value as string[]).map((id) => id.toLowerCase()))];
}

function readName(value: unknown, errors: FieldErrors): string | undefined {
  if (value === null) errors.name = ['This field may not be null.'];
  else if (typeof value !== 'string' && typeof value !== 'number') errors.name = ['Not a valid string.'];
  else {
    const name = String(value).trim();
    if (name === '') errors.name = ['This field may not be blank.'];
    else if (name.length > 255) errors.name = ['Ensure this field has no more than 255 characters.'];
    else return name;
  }
  return undefined;
}

export function readWorkItemInput(db: FakePlaneDb, project: ProjectRecord, rawBody: unknown, partial: boolean): Partial<WorkItemFields> {
  const body = dictionaryBody(rawBody);
  const errors: FieldErrors = {};
  const fields: Partial<WorkItemFields> = {};
  const has = (key: string) => Object.hasOwn(body, key);
  let invalidHtml = false;

  if (has('name')) {
    const name = readName(body.name, errors);
    if (name !== undefined) fields.name = name;
  } else if (!partial) errors.name = ['This field is required.'];

  if (has('description_html')) {
    if (typeof body.description_html === 'string') {
      const stored = normaliseDescription(body.description_html);
      if (stored === undefined) invalidHtml = true;
      else fields.description_html = stored;
    } else errors.description_html = [body.description_html === null ? 'This field may not be null.' : 'Not a valid string.'];
  }

  if (has('priority')) {
    if (PRIORITIES.includes(body.priority as Priority)) fields.priority = body.priority as Priority;
    else errors.priority = [body.priority === null ? 'This field may not be null.' : `"${String(body.priority)}" is not a valid choice.`];
  }

  for (const key of ['state', 'parent'] as const) {
    if (!has(key)) continue;
    const value = body[key];
    if (value === null) {
      fields[key] = null;
      continue;
    }
    const rows: Map<string, unknown> = key === 'state' ? db.states : db.workItems;
    const error = primaryKeyError(value, (id) => rows.has(id));
    if (error) errors[key] = [error];
    else fields[key] = (value as string).toLowerCase();
  }

  if (has('assignees')) {
    const ids = readIdList(body.assignees, (id) => db.users.has(id), errors, 'assignees');
    // Only active project members with role ≥ 15 stay; the rest vanish without an error.
    if (ids) {
      fields.assignees = ids.filter((id) => {
        const member = db.projectMember(project.id, id);
        return member?.is_active === true && member.role >= 15;
      });
    }
  }
  if (has('labels')) {
    const ids = readIdList(body.labels, (id) => db.labels.has(id), errors, 'labels');
    if (ids) fields.labels = ids.filter((id) => db.labels.get(id)?.project === project.id);
  }

  for (const key of ['start_date', 'target_date'] as const) {
    if (!has(key)) continue;
    const date = readDate(body[key]);
    if (date === undefined) errors[key] = [DATE_ERROR];
    else fields[key] = date;
  }

  if (has('is_draft')) {
    if (typeof body.is_draft === 'boolean') fields.is_draft = body.is_draft;
    else errors.is_draft = ['Must be a valid boolean.'];
  }
  for (const key of ['external_id', 'external_source'] as const) {
    if (!has(key)) continue;
    const value = body[key];
    if (value === null || typeof value === 'string') fields[key] = value;
    else errors[key] = ['Not a valid string.'];
  }
  // Honoured on create: attribution to another user and back-dating.
  if (has('created_by')) {
    const error = primaryKeyError(body.created_by, (id) => db.users.has(id));
    if (error) errors.created_by = [error];
    else fields.created_by = (body.created_by as string).toLowerCase();
  }
  if (has('created_at')) {
    const at = readDateTime(body.created_at);
    if (at === undefined)
      errors.created_at = ['Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].'];
    else fields.created_at = at;
  }

  if (Object.keys(errors).length > 0) throw validationError(errors);
  if (invalidHtml) throw validationError({ non_field_errors: ['Invalid HTML passed'] });

  // Object-level validate(): runs only once every field is valid.
  if (fields.state && db.states.get(fields.state)?.project !== project.id) {
    throw validationError({ non_field_errors: ['State is not valid please pass a valid state_id'] });
  }
  if (fields.parent && db.workItems.get(fields.parent)?.project !== project.id) {
    throw validationError({ non_field_errors: ['Parent is not valid issue_id please pass a valid issue_id'] });
  }
  if (fields.start_date && fields.target_date && fields.start_date > fields.target_date) {
    throw validationError({ non_field_errors: ['Start date cannot exceed target date'] });
  }
  return fields;
}

/** 409 for a duplicate external_id + external_source pair. */
export function externalConflict(message: string, existingId: string): ApiError {
  return new ApiError(409, { error: message, id: existingId });
}
