import type { Translator } from '../../i18n/index.js';
import type { FieldsInput } from '../../plane/work-item-body.js';
import { excerpt } from './render.js';

/** Each given field and its new value in plain words, for approval messages, joined in `t`'s language. */
export function describeFields(input: FieldsInput, mode: 'create' | 'update', t: Translator): string {
  const update = mode === 'update';
  const names = (values: string[], empty: string) => (values.length > 0 ? values.join(', ') : empty);
  const date = (value: string | null) => value ?? t.t('tool.field.cleared');
  const parts: string[] = [];
  if (input.title !== undefined) parts.push(t.t('tool.field.title', { value: excerpt(input.title) }));
  if (input.description !== undefined)
    parts.push(t.t(update ? 'tool.field.descriptionReplaced' : 'tool.field.description', { value: excerpt(input.description) }));
  if (input.state !== undefined) parts.push(t.t('tool.field.state', { value: input.state }));
  if (input.priority !== undefined)
    parts.push(t.t('tool.field.priority', { value: t.t('workItem.priorityName', { priority: input.priority }) }));
  if (input.assignees !== undefined)
    parts.push(
      t.t(update ? 'tool.field.assigneesReplaced' : 'tool.field.assignees', { value: names(input.assignees, t.t('tool.field.nobody')) }),
    );
  if (input.labels !== undefined)
    parts.push(t.t(update ? 'tool.field.labelsReplaced' : 'tool.field.labels', { value: names(input.labels, t.t('tool.field.none')) }));
  if (input.start_date !== undefined) parts.push(t.t('tool.field.startDate', { value: date(input.start_date) }));
  if (input.target_date !== undefined) parts.push(t.t('tool.field.targetDate', { value: date(input.target_date) }));
  // Created without assignees, a work item is the requester's.
  if (!update && input.assignees === undefined) parts.push(t.t('tool.field.assigneesMe'));
  return parts.join(t.t('tool.field.separator'));
}
