import { z } from 'zod';
import { phrase, PhrasedError } from '../i18n/index.js';

/** Field rules shared by the task tree and the todo list, so both say the same thing about bad input. */

export function requireTitle(title: string | undefined, kind: 'task' | 'todo'): string {
  const trimmed = title?.trim() ?? '';
  if (trimmed === '') throw new PhrasedError(phrase('taskError.emptyTitle', { kind }));
  return trimmed;
}

/** Tags without `#`, blanks or repeats; `undefined` when none are left, so the key stays out of the file. */
export function normalizeTags(tags: readonly string[] | undefined): string[] | undefined {
  const clean = [...new Set((tags ?? []).map((tag) => tag.trim().replace(/^#+/, '')).filter((tag) => tag !== ''))];
  return clean.length > 0 ? clean : undefined;
}

/** A name without a leading `@`, as the task file format stores it (`alice`, shown `@alice`). */
export function normalizeAssignee(assignee: string): string {
  const name = assignee.trim().replace(/^@+/, '');
  if (name === '') throw new PhrasedError(phrase('taskError.emptyAssignee'));
  return name;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A due date as given, once checked: `2024-12-15` or `2024-12-15T17:00:00Z`. */
export function checkDue(due: string): string {
  const text = due.trim();
  const valid = (DATE.test(text) || DATE_TIME.test(text)) && !Number.isNaN(Date.parse(text));
  if (!valid || (DATE.test(text) && new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) !== text)) {
    throw new PhrasedError(phrase('taskError.notADate', { due }));
  }
  return text;
}

/** `2024-12-15`, or `2024-12-15 17:00 UTC` for a date-time. */
export function formatDue(due: string): string {
  if (DATE.test(due)) return due;
  const time = Date.parse(due);
  return Number.isNaN(time) ? due : `${new Date(time).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** An id as printed (`1-2`), forgiving the brackets and `#` people copy along with it. */
export function cleanId(id: string): string {
  return id
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/^#/, '')
    .trim();
}

const SHOWN_IDS = 30;

export function unknownId(kind: 'task' | 'todo', id: string, known: readonly string[], file: string): PhrasedError {
  if (known.length === 0) return new PhrasedError(phrase('taskError.noIdInEmpty', { kind, id, file }));
  const ids = known.slice(0, SHOWN_IDS).join(', ');
  return new PhrasedError(phrase('taskError.noId', { kind, id, file, ids, more: Math.max(0, known.length - SHOWN_IDS) }));
}

/** The changes both kinds of item accept; `null` removes an optional field. */
export interface CommonChanges {
  title?: string;
  description?: string | null;
  dueAt?: string | null;
  tags?: string[];
}
export type CommonField = keyof CommonChanges;
export type FieldValue = string | string[] | undefined;

/** The changes given, checked and normalized, as field and new value (`undefined`: remove). */
export function checkCommonChanges(changes: CommonChanges, kind: 'task' | 'todo'): [CommonField, FieldValue][] {
  const fields: [CommonField, FieldValue][] = [];
  if (changes.title !== undefined) fields.push(['title', requireTitle(changes.title, kind)]);
  if (changes.description !== undefined) fields.push(['description', changes.description?.trim() || undefined]);
  if (changes.dueAt !== undefined) fields.push(['dueAt', changes.dueAt === null ? undefined : checkDue(changes.dueAt)]);
  if (changes.tags !== undefined) fields.push(['tags', normalizeTags(changes.tags)]);
  return fields;
}

/** A field of an item as it was and as it is (`undefined`: absent). */
export interface FieldChange<Field extends string = string> {
  field: Field;
  from?: string | string[];
  to?: string | string[];
}

/** The schema of a FieldChange of these fields, for the tools' output schemas. */
export function fieldChangeSchema<const Field extends string>(fields: readonly [Field, ...Field[]]) {
  const value = z
    .union([z.string(), z.array(z.string())])
    .optional()
    .describe('Absent: the field was not set');
  return z.object({ field: z.enum(fields), from: value, to: value });
}

/**
 * Sets each field to its new value (`undefined` removes it) and returns what actually changed,
 * in the order given; values equal to the current ones are skipped.
 */
export function applyFields<Field extends string>(target: object, values: readonly (readonly [Field, FieldValue])[]): FieldChange<Field>[] {
  const record = target as Record<string, FieldValue>;
  const changes: FieldChange<Field>[] = [];
  for (const [field, to] of values) {
    const from = record[field];
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    if (to === undefined) delete record[field];
    else record[field] = to;
    changes.push({ field, from, to });
  }
  return changes;
}

/** Parses a value with a schema whose messages are written for people; the first message is the error. */
export function parseWith<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new PhrasedError(parsed.error.issues[0]?.message ?? 'Invalid value.');
  return parsed.data;
}

/**
 * A check for a tool input with an `action`: each action's required fields, so a missing one is
 * reported by name, with the action that needs it, before anything runs.
 */
export function requiredPerAction<Action extends string>(required: Partial<Record<Action, readonly string[]>>) {
  return (input: { action: Action }, context: z.RefinementCtx): void => {
    const values = input as unknown as Record<string, unknown>;
    for (const field of required[input.action] ?? []) {
      if (values[field] === undefined || values[field] === null) {
        context.addIssue({ code: 'custom', path: [field], message: `${field} is required for action "${input.action}"` });
      }
    }
  };
}
