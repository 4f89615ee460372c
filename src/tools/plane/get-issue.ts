import { z } from 'zod';
import { readWorkItem } from '../../plane/item-view.js';
import type { PlaneKit } from '../../plane/kit.js';
import { READS_ONLY } from '../registry.js';
import { workItemDetails, workItemDetailsSchema, type WorkItemDetails } from './data.js';
import { definePlaneTool } from './define.js';
import { itemDetails } from './render.js';
import { key, slug } from './schemas.js';

export const getIssueInput = z.object({ slug, key });

/** One work item by key, in full (the tool and `/plane show`). */
export async function getWorkItem(kit: PlaneKit, input: z.output<typeof getIssueInput>): Promise<WorkItemDetails> {
  const api = kit.api();
  const workspace = kit.slug(input.slug);
  const { view, description } = await readWorkItem(api, workspace, input.key);
  return workItemDetails(view, kit.itemUrl(workspace, view.key), description);
}

export function getIssueTool(kit: PlaneKit) {
  return definePlaneTool({
    name: 'plane_get_issue',
    description:
      'One work item by key: state and group, priority, assignees and labels by name, dates, URL and the description as text, where each image is an [image n] marker (plane_get_issue_images saves them).',
    input: getIssueInput,
    output: workItemDetailsSchema,
    effects: READS_ONLY,
    permission: 'allow',
    progress: (input, t) => t.t('tool.step.readItem', { key: input.key.toUpperCase() }),
    async run(input) {
      const item = await getWorkItem(kit, input);
      return { text: itemDetails(item), data: item };
    },
  });
}
