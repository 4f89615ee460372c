import type { ItemView } from '../../plane/item-view.js';
import type { DescriptionImage } from '../../plane/read-html.js';
import { plural } from '../text.js';

/** How the Plane tools print things: keys and names, dates as YYYY-MM-DD, never ids. */

function stateText(view: ItemView): string {
  return view.state ? `${view.state.name} (${view.state.group})` : 'no state';
}

/** One line per work item in lists. */
function itemLine(view: ItemView): string {
  const parts = [view.key, view.title, stateText(view), `priority ${view.priority}`];
  parts.push(view.assignees.length > 0 ? view.assignees.join(', ') : 'unassigned');
  if (view.targetDate) parts.push(`due ${view.targetDate}`);
  return parts.join(' · ');
}

/** A list of work items cut to `limit`: `<heading>: N items.` (or how the limit cut it), then a line each. */
export function itemList(heading: string, found: readonly ItemView[], limit: number): string {
  const shown = found.slice(0, limit);
  const count =
    shown.length < found.length
      ? `${found.length} found; the limit of ${limit} cut the list to the first ${shown.length}.`
      : `${plural(found.length, 'item')}.`;
  return [`${heading}: ${count}`, ...shown.map(itemLine)].join('\n');
}

function imageList(images: readonly DescriptionImage[]): string[] {
  return images.map(({ n, src }) => `[image ${n}] ${/^https?:/i.test(src) ? `external image ${src}` : 'uploaded image'}`);
}

/** A work item in full: fields, link, description as text with [image n] markers, the images. */
export function itemDetails(view: ItemView, url: string, description: string, images: readonly DescriptionImage[]): string {
  const lines = [
    `${view.key}: ${view.title}`,
    `URL: ${url}`,
    `Project: ${view.project.name} (${view.project.identifier})`,
    `State: ${stateText(view)}`,
    `Priority: ${view.priority}`,
    `Assignees: ${view.assignees.length > 0 ? view.assignees.join(', ') : 'nobody'}`,
    `Labels: ${view.labels.length > 0 ? view.labels.join(', ') : 'none'}`,
    `Start date: ${view.startDate ?? 'none'}`,
    `Target date: ${view.targetDate ?? 'none'}`,
  ];
  if (view.created) lines.push(`Created: ${view.created}`);
  if (view.updated) lines.push(`Updated: ${view.updated}`);
  lines.push('', 'Description:', description || '(empty)');
  if (images.length > 0) lines.push('', 'Images (plane_get_issue_images saves them):', ...imageList(images));
  return lines.join('\n');
}

/** Appends the notes that are set (e.g. whose "me" was used) after a blank line. */
export function withNotes(text: string, notes: readonly (string | undefined)[]): string {
  const set = notes.filter((n): n is string => !!n);
  return set.length > 0 ? `${text}\n\n${set.map((n) => `Note: ${n}`).join('\n')}` : text;
}

/** A user-supplied text shortened for an approval message. */
export function excerpt(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return `"${flat.length > max ? `${flat.slice(0, max - 1)}…` : flat}"`;
}
