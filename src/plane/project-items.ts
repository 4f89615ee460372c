import type { PlaneApi } from './api.js';
import { projectNames, viewItem, type ItemView } from './item-view.js';
import type { Project } from './types.js';

export const LIST_FIELDS = [
  'id',
  'name',
  'sequence_id',
  'project',
  'state',
  'priority',
  'assignees',
  'labels',
  'start_date',
  'target_date',
  'created_at',
  'updated_at',
];

/**
 * Every work item of a project, named. Community Edition ignores list filters,
 * so callers filter these on the client; one request per 1,000 items, the names from the cache.
 */
export async function projectItems(
  api: PlaneApi,
  slug: string,
  project: Project,
  options: { withDescription?: boolean } = {},
): Promise<ItemView[]> {
  const fields = options.withDescription ? [...LIST_FIELDS, 'description_html'] : LIST_FIELDS;
  const items = await api.workItems(slug, project, fields);
  const names = await projectNames(api, slug, project, items);
  return items.map((item) => viewItem(item, project, names));
}
