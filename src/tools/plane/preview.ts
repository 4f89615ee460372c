import { viewOne, type ItemView } from '../../plane/item-view.js';
import type { PlaneKit } from '../../plane/kit.js';
import { readHtml } from '../../plane/read-html.js';
import { findWorkItem } from '../../plane/resolve.js';
import type { FieldsInput } from '../../plane/work-item-body.js';
import type { ChangeRow } from '../registry.js';

/** How long a previewed value may be: a preview is read at a glance. */
const VALUE_MAX = 120;
const NONE = '—';

function shown(value: string | readonly string[] | null | undefined): string {
  const text = Array.isArray(value) ? value.join(', ') : ((value as string | null | undefined) ?? '');
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat === '') return NONE;
  return flat.length > VALUE_MAX ? `${flat.slice(0, VALUE_MAX - 1)}…` : flat;
}

/** Each field as the item shows it now, by the tools' field names. */
function now(view: ItemView): Record<string, string> {
  return {
    title: shown(view.title),
    description: shown(readHtml(view.descriptionHtml).text),
    state: shown(view.state?.name),
    priority: shown(view.priority),
    assignees: shown(view.assignees),
    labels: shown(view.labels),
    start_date: shown(view.startDate),
    target_date: shown(view.targetDate),
  };
}

const FIELDS = ['title', 'description', 'state', 'priority', 'assignees', 'labels', 'start_date', 'target_date'] as const;

/** An update's fields, each from its value now to the one asked (names as given). */
export async function previewUpdate(kit: PlaneKit, input: FieldsInput & { slug?: string; key: string }): Promise<ChangeRow[]> {
  const api = kit.api();
  const workspace = kit.slug(input.slug);
  const { project, item, keyed } = await findWorkItem(api, workspace, input.key);
  const before = now(await viewOne(api, workspace, project, item));
  return FIELDS.filter((field) => input[field] !== undefined).map((field) => ({
    key: keyed.key,
    field,
    from: before[field]!,
    to: shown(input[field]),
  }));
}

/** A creation: the new item in its project, with its title. */
export function previewCreate(input: { project: string; title: string }): ChangeRow[] {
  return [{ key: shown(input.project), field: 'created', from: NONE, to: shown(input.title) }];
}

/** A comment: the item, and the comment's text. */
export function previewComment(input: { key: string; text: string }): ChangeRow[] {
  return [{ key: input.key.toUpperCase(), field: 'comment', from: NONE, to: shown(input.text) }];
}
