import type { ItemView } from '../../plane/item-view.js';
import type { DescriptionImage } from '../../plane/read-html.js';

/**
 * What the Plane tools answer besides their text for the model: plain JSON, keys and names, never
 * ids, for the front ends that render it (Slack cards and listings, MCP structured content).
 */

/** The fields of a work item's view that are already plain names and dates, shown as they are. */
type ShownFields = 'key' | 'title' | 'priority' | 'assignees' | 'labels' | 'startDate' | 'targetDate' | 'created' | 'updated';

export interface WorkItemData extends Pick<ItemView, ShownFields> {
  url: string;
  project: { identifier: string; name: string };
  state: NonNullable<ItemView['state']> | null;
}

/** A work item in full: its description as text, where each image is an `[image n]` marker. */
export interface WorkItemDetails extends WorkItemData {
  description: string;
  images: DescriptionImage[];
}

/** Work items that matched, cut to the limit. */
export interface WorkItemList {
  /** What was asked for, e.g. `Work items of ACME matching "login"`. */
  heading: string;
  /** How many matched before the limit cut the list. */
  found: number;
  limit: number;
  items: WorkItemData[];
  /** What the reader should know about the answer (whose "me" was used, a project that could not be read). */
  notes: string[];
}

export function workItemData(view: ItemView, url: string): WorkItemData {
  return {
    key: view.key,
    title: view.title,
    url,
    project: { identifier: view.project.identifier, name: view.project.name },
    state: view.state ?? null,
    priority: view.priority,
    assignees: view.assignees,
    labels: view.labels,
    startDate: view.startDate,
    targetDate: view.targetDate,
    ...(view.created !== undefined && { created: view.created }),
    ...(view.updated !== undefined && { updated: view.updated }),
  };
}

export function workItemDetails(view: ItemView, url: string, description: { text: string; images: DescriptionImage[] }): WorkItemDetails {
  return { ...workItemData(view, url), description: description.text, images: description.images };
}

/** The notes that are set, in order. */
export function setNotes(notes: readonly (string | undefined)[]): string[] {
  return notes.filter((note): note is string => !!note);
}
