import type { KeyedItem } from './api.js';

/**
 * A write through the kit as it can be taken back: what it changed, with the values before, and who
 * asked (a front end's user id). Field values are as Plane's API writes them (ids for a state,
 * assignees and labels; HTML for a description), `field` is the writable field's name as the tools
 * take it (`title`, `state`…), `api` Plane's.
 */
export type PlaneChange =
  | { kind: 'update'; slug: string; item: KeyedItem; fields: ChangedField[]; by?: string }
  | { kind: 'comment'; slug: string; item: KeyedItem; commentId: string; by?: string }
  | { kind: 'create'; slug: string; item: KeyedItem; by?: string };

export interface ChangedField {
  field: string;
  api: string;
  before: FieldValue;
  after: FieldValue;
}

export type FieldValue = string | string[] | null;

/** Plane's API name of each writable field the tools take. */
export const API_FIELDS: Record<string, string> = {
  title: 'name',
  description: 'description_html',
  state: 'state',
  priority: 'priority',
  assignees: 'assignees',
  labels: 'labels',
  start_date: 'start_date',
  target_date: 'target_date',
};

/**
 * A field of a work item as Plane answers it, in the shape it is written back: an expanded state,
 * assignee or label becomes its id, lists are sorted (their order means nothing), a missing value is null.
 */
export function fieldValue(value: unknown): FieldValue {
  const id = (v: unknown): string => (typeof v === 'object' && v !== null && 'id' in v ? String((v as { id: unknown }).id) : String(v));
  if (Array.isArray(value)) return value.map(id).sort();
  if (value === undefined || value === null) return null;
  return typeof value === 'object' ? id(value) : String(value);
}

export function sameValue(a: FieldValue, b: FieldValue): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The fields a write set, each with its value before (`item`) and after (`updated`). */
export function changedFields(fields: readonly string[], item: object, updated: object): ChangedField[] {
  return fields.flatMap((field) => {
    const api = API_FIELDS[field];
    if (!api) return [];
    return [
      {
        field,
        api,
        before: fieldValue((item as Record<string, unknown>)[api]),
        after: fieldValue((updated as Record<string, unknown>)[api]),
      },
    ];
  });
}
