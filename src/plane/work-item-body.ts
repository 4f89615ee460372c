import type { PlaneApi } from './api.js';
import type { Me } from './me.js';
import { findLabels, findMembers, findState } from './resolve.js';
import type { Project } from './types.js';
import { textToHtml } from './write-html.js';

/** The writable fields of a work item, by name, as the create and update tools take them. */
export interface FieldsInput {
  title?: string;
  /** Plain text: every line becomes a paragraph; replaces the whole description. */
  description?: string;
  state?: string;
  priority?: string;
  /** Replace the whole set; [] clears. */
  assignees?: string[];
  labels?: string[];
  /** null clears. */
  start_date?: string | null;
  target_date?: string | null;
}

export interface WorkItemBody {
  body: Record<string, unknown>;
  /** Set when "me" was among the assignees (its note, if any, belongs in the answer). */
  me?: Me;
}

/** Names to ids for a create or update request; only the given fields are in the body. */
export async function workItemBody(
  api: PlaneApi,
  slug: string,
  project: Project,
  input: FieldsInput,
  resolveMe: () => Promise<Me>,
): Promise<WorkItemBody> {
  const body: Record<string, unknown> = {};
  let me: Me | undefined;
  if (input.title !== undefined) body.name = input.title;
  if (input.description !== undefined) body.description_html = textToHtml(input.description);
  if (input.state !== undefined) body.state = (await findState(api, slug, project, input.state)).id;
  if (input.priority !== undefined) body.priority = input.priority;
  if (input.assignees !== undefined) {
    const found = await findMembers(api, slug, project, input.assignees, resolveMe);
    body.assignees = found.members.map((m) => m.id);
    me = found.me;
  }
  if (input.labels !== undefined) body.labels = (await findLabels(api, slug, project, input.labels)).map((l) => l.id);
  if (input.start_date !== undefined) body.start_date = input.start_date;
  if (input.target_date !== undefined) body.target_date = input.target_date;
  return { body, me };
}
