import type { PlaneKit } from '../../plane/kit.js';
import { lookUpOrNone } from '../../plane/resolve.js';
import type { WorkItemDetails } from '../../tools/plane/data.js';
import type { CardActions } from '../blocks/work-item-card.js';

/**
 * The actions a work item's card offers: its project's states for the menu (from the Plane cache:
 * no request when warm), and Stop syncing when the card is in a thread linked to it.
 */
export async function cardActionsFor(kit: PlaneKit, item: Pick<WorkItemDetails, 'project' | 'state'>, linked = false): Promise<CardActions> {
  const api = kit.api();
  const slug = kit.slug();
  const project = await lookUpOrNone((opts) => api.projects(slug, opts), (all) => all.find((p) => p.identifier === item.project.identifier));
  const states = project ? await api.states(slug, project) : [];
  return { states: states.map((s) => s.name), state: item.state?.name, linked };
}
