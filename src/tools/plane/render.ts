import type { DescriptionImage } from '../../plane/read-html.js';
import { plural } from '../text.js';
import { setNotes, type WorkItemData, type WorkItemDetails, type WorkItemList } from './data.js';

/** How the Plane tools print their data for the model: keys and names, dates as YYYY-MM-DD, never ids. */

function stateText(item: WorkItemData): string {
  return item.state ? `${item.state.name} (${item.state.group})` : 'no state';
}

/** A work item's line in lists after its key: title, state, priority, assignees, due date. */
export function itemFacts(item: WorkItemData): string {
  const parts = [item.title, stateText(item), `priority ${item.priority}`];
  parts.push(item.assignees.length > 0 ? item.assignees.join(', ') : 'unassigned');
  if (item.targetDate) parts.push(`due ${item.targetDate}`);
  return parts.join(' · ');
}

/** Work items that matched, cut to `limit`. */
export function workItemList(
  heading: string,
  found: readonly WorkItemData[],
  limit: number,
  notes: readonly (string | undefined)[],
): WorkItemList {
  return { heading, found: found.length, limit, items: found.slice(0, limit), notes: setNotes(notes) };
}

/** The line above a list: `<heading>: N items.`, or how the limit cut it. */
export function listHead(list: WorkItemList): string {
  const count =
    list.items.length < list.found
      ? `${list.found} found; the limit of ${list.limit} cut the list to the first ${list.items.length}.`
      : `${plural(list.found, 'item')}.`;
  return `${list.heading}: ${count}`;
}

/** A list as the model reads it: the head, a line per work item, then the notes. */
export function listText(list: WorkItemList): string {
  return withNotes([listHead(list), ...list.items.map((item) => `${item.key} · ${itemFacts(item)}`)].join('\n'), list.notes);
}

function imageList(images: readonly DescriptionImage[]): string[] {
  return images.map(({ n, src }) => `[image ${n}] ${/^https?:/i.test(src) ? `external image ${src}` : 'uploaded image'}`);
}

/**
 * A work item in full: fields, link, description as text with [image n] markers, the images (where
 * they come from, or `imageLines` when the call showed them).
 */
export function itemDetails(item: WorkItemDetails, imageLines?: readonly string[]): string {
  const lines = [
    `${item.key}: ${item.title}`,
    `URL: ${item.url}`,
    `Project: ${item.project.name} (${item.project.identifier})`,
    `State: ${stateText(item)}`,
    `Priority: ${item.priority}`,
    `Assignees: ${item.assignees.length > 0 ? item.assignees.join(', ') : 'nobody'}`,
    `Labels: ${item.labels.length > 0 ? item.labels.join(', ') : 'none'}`,
    `Start date: ${item.startDate ?? 'none'}`,
    `Target date: ${item.targetDate ?? 'none'}`,
  ];
  if (item.created) lines.push(`Created: ${item.created}`);
  if (item.updated) lines.push(`Updated: ${item.updated}`);
  lines.push('', 'Description:', item.description || '(empty)');
  if (imageLines) lines.push('', 'Images:', ...imageLines);
  else if (item.images.length > 0) lines.push('', 'Images (plane_get_issue with images: true shows them):', ...imageList(item.images));
  return lines.join('\n');
}

/** Appends the notes that are set (e.g. whose "me" was used) after a blank line. */
export function withNotes(text: string, notes: readonly (string | undefined)[]): string {
  const set = setNotes(notes);
  return set.length > 0 ? `${text}\n\n${set.map((n) => `Note: ${n}`).join('\n')}` : text;
}

/** A user-supplied text shortened for an approval message. */
export function excerpt(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return `"${flat.length > max ? `${flat.slice(0, max - 1)}…` : flat}"`;
}
