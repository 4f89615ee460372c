import { z } from 'zod';
import { readWorkItem } from '../../plane/item-view.js';
import type { PlaneKit } from '../../plane/kit.js';
import { definePlaneTool } from './define.js';
import { READS_ONLY } from '../registry.js';
import { itemDetails } from './render.js';
import { key, slug } from './schemas.js';

export function getIssueTool(kit: PlaneKit) {
  return definePlaneTool({
    name: 'plane_get_issue',
    description:
      'One work item by key: state and group, priority, assignees and labels by name, dates, URL and the description as text, where each image is an [image n] marker (plane_get_issue_images saves them).',
    input: z.object({ slug, key }),
    effects: READS_ONLY,
    permission: 'allow',
    progress: (input) => `Reading ${input.key.toUpperCase()}…`,
    async run(input) {
      const api = kit.api();
      const workspace = kit.slug(input.slug);
      const { view, description } = await readWorkItem(api, workspace, input.key);
      return itemDetails(view, kit.itemUrl(workspace, view.key), description.text, description.images);
    },
  });
}
