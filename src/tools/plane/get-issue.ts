import { z } from 'zod';
import { readWorkItem } from '../../plane/item-view.js';
import type { PlaneKit } from '../../plane/kit.js';
import { READS_ONLY, type ToolImage, toolArgs } from '../registry.js';
import { workItemDetails, workItemDetailsSchema, type WorkItemDetails } from './data.js';
import { definePlaneTool } from './define.js';
import { chosenImages, createImageViewer, imageFacts, MAX_IMAGES_SHOWN, noImagesText, onlyImages, sightText } from './image-views.js';
import { itemDetails } from './render.js';
import { key, slug } from './schemas.js';

export const getIssueInput = z.object({ slug, key });

/** The input as a front end that calls the action directly reads it: checked by this tool's schema, named after it. */
export const getIssueArgs = toolArgs('plane_get_issue', getIssueInput);

/** One work item by key, in full (the tool and `/plane show`). */
export async function getWorkItem(kit: PlaneKit, input: z.output<typeof getIssueInput>): Promise<WorkItemDetails> {
  return (await readItem(kit, input)).item;
}

async function readItem(kit: PlaneKit, input: z.output<typeof getIssueInput>) {
  const api = kit.api();
  const workspace = kit.slug(input.slug);
  const { view, description, keyed } = await readWorkItem(api, workspace, input.key);
  return { item: workItemDetails(view, kit.itemUrl(workspace, view.key), description), keyed, workspace, api };
}

export function getIssueTool(kit: PlaneKit) {
  return definePlaneTool({
    name: getIssueArgs.tool,
    description: `One work item by key: state and group, priority, assignees and labels by name, dates, URL and the description as text, where each image is an [image n] marker. With images: true the description's images come back too, as images (up to ${MAX_IMAGES_SHOWN}, scaled; plane_get_issue_images also saves them as files).`,
    input: getIssueInput.extend({
      images: z
        .boolean()
        .optional()
        .describe('Also show the description’s images (costs tokens: ask for them when the question is about them)'),
      only: onlyImages,
    }),
    output: workItemDetailsSchema,
    effects: READS_ONLY,
    permission: 'allow',
    progress: (input, t) => t.t('tool.step.readItem', { key: input.key.toUpperCase() }),
    async run(input) {
      const { item, keyed, workspace, api } = await readItem(kit, input);
      if (!input.images) return { text: itemDetails(item), data: item };
      const images = chosenImages(item.images, input.only);
      if (images.length === 0) return { text: `${itemDetails(item)}\n\n${noImagesText(item.key, input.only)}`, data: item };
      const viewer = createImageViewer(item.key);
      const shown: ToolImage[] = [];
      const lines: string[] = [];
      for await (const image of kit.images.fetch(images, (assetId) => api.attachmentLocation(workspace, keyed, assetId))) {
        if (!image.ok) {
          lines.push(`[image ${image.n}] could not be fetched: ${image.error}`);
          continue;
        }
        const sight = await viewer.look(image.n, image.content, image.mime);
        if (sight.image) shown.push(sight.image);
        lines.push(`[image ${image.n}] ${imageFacts(image.mime, image.content.length, sight.original)}: ${sightText(sight)}`);
      }
      return { text: itemDetails(item, lines), data: item, images: shown };
    },
  });
}
