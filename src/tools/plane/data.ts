import { z } from 'zod';
import type { ItemView } from '../../plane/item-view.js';
import type { DescriptionImage } from '../../plane/read-html.js';
import { PRIORITIES, STATE_GROUPS } from '../../plane/types.js';

/**
 * What the Plane tools answer besides their text for the model: plain JSON, keys and names, never
 * ids, for the front ends that render it (Slack cards and listings, MCP structured content). The
 * types come from the schemas, which MCP declares as the tools' output schemas.
 */

const itemState = z.object({ name: z.string(), group: z.enum(STATE_GROUPS) });

export const workItemDataSchema = z.object({
  key: z.string(),
  title: z.string(),
  url: z.string(),
  project: z.object({ identifier: z.string(), name: z.string() }),
  state: itemState.nullable(),
  priority: z.enum(PRIORITIES),
  assignees: z.array(z.string()),
  labels: z.array(z.string()),
  startDate: z.string().nullable(),
  targetDate: z.string().nullable(),
  created: z.string().optional(),
  updated: z.string().optional(),
});
export type WorkItemData = z.infer<typeof workItemDataSchema>;

/** A work item in full: its description as text, where each image is an `[image n]` marker. */
export const workItemDetailsSchema = workItemDataSchema.extend({
  description: z.string(),
  images: z
    .array(z.object({ n: z.number(), src: z.string() }))
    .describe('The [image n] markers of the description: src is an asset id (uploaded) or an absolute URL'),
  descriptionHtml: z.string().optional().describe('The description as Plane stores it (HTML), for front ends that show rich text'),
});
export type WorkItemDetails = z.infer<typeof workItemDetailsSchema>;

/** Work items that matched, cut to the limit. */
export const workItemListSchema = z.object({
  heading: z.string().describe('What was asked for, e.g. Work items of ACME matching "login"'),
  found: z.number().describe('How many matched before the limit cut the list'),
  limit: z.number(),
  items: z.array(workItemDataSchema),
  notes: z.array(z.string()).describe('What the reader should know (whose "me" was used, a project that could not be read)'),
});
export type WorkItemList = z.infer<typeof workItemListSchema>;

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
  return { ...workItemData(view, url), description: description.text, images: description.images, descriptionHtml: view.descriptionHtml };
}

/** The notes that are set, in order. */
export function setNotes(notes: readonly (string | undefined)[]): string[] {
  return notes.filter((note): note is string => !!note);
}
