import type { FieldsInput } from '../../plane/work-item-body.js';
import { excerpt } from './render.js';

const list = (names: string[], empty: string) => (names.length > 0 ? names.join(', ') : empty);
const dateText = (value: string | null) => value ?? 'cleared';

/** Each given field and its new value in plain words, for approval messages. */
export function describeFields(input: FieldsInput, mode: 'create' | 'update'): string[] {
  const replaces = mode === 'update' ? ' (replacing the current ones)' : '';
  const parts: string[] = [];
  if (input.title !== undefined) parts.push(`title → ${excerpt(input.title)}`);
  if (input.description !== undefined)
    parts.push(`description → ${excerpt(input.description)}${mode === 'update' ? ' (replacing the whole description)' : ''}`);
  if (input.state !== undefined) parts.push(`state → "${input.state}"`);
  if (input.priority !== undefined) parts.push(`priority → ${input.priority}`);
  if (input.assignees !== undefined) parts.push(`assignees → ${list(input.assignees, 'nobody')}${replaces}`);
  if (input.labels !== undefined) parts.push(`labels → ${list(input.labels, 'none')}${replaces}`);
  if (input.start_date !== undefined) parts.push(`start date → ${dateText(input.start_date)}`);
  if (input.target_date !== undefined) parts.push(`target date → ${dateText(input.target_date)}`);
  return parts;
}
