import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, isAbsolute, join, posix } from 'node:path';
import { z } from 'zod';
import type { PlaneKit } from '../../plane/kit.js';
import { readHtml } from '../../plane/read-html.js';
import { findWorkItem } from '../../plane/resolve.js';
import { fileAccessError } from '../../files/access-error.js';
import { resolveFolderInside } from '../../files/safe-path.js';
import { ADDS_OR_CHANGES, TOOL_IMAGE_TYPES, ToolError, type ToolContext, type ToolImage } from '../registry.js';
import {
  chosenImages,
  createImageViewer,
  imageFacts,
  MAX_IMAGES_SHOWN,
  MAX_LONG_SIDE,
  noImagesText,
  onlyImages,
  sightText,
} from './image-views.js';
import { definePlaneTool } from './define.js';
import { key, slug } from './schemas.js';

const sizeSchema = { width: z.number(), height: z.number() };

/** How an image is shown to whoever called (type and size once scaled), or null when it is not. */
export const shownSchema = z.object({ mime: z.enum(TOOL_IMAGE_TYPES), ...sizeSchema }).nullable();

/**
 * The images saved, each file as the answer names it; `folder` is null when there were none. A saved
 * image has its own size when it could be read, and says how it is shown or why not.
 */
const savedImagesSchema = z.object({
  key: z.string(),
  folder: z.string().nullable(),
  images: z.array(
    z.union([
      z.object({
        n: z.number(),
        ok: z.literal(true),
        file: z.string(),
        mime: z.string(),
        bytes: z.number(),
        width: z.number().optional(),
        height: z.number().optional(),
        shown: shownSchema,
        notShown: z.string().optional(),
      }),
      z.object({ n: z.number(), ok: z.literal(false), error: z.string() }),
    ]),
  ),
});

type SavedImage = z.infer<typeof savedImagesSchema>['images'][number];

export function getIssueImagesTool(kit: PlaneKit) {
  return definePlaneTool({
    name: 'plane_get_issue_images',
    description: `Shows the images of a work item’s description, in the order of its [image n] markers: up to ${MAX_IMAGES_SHOWN} per call come back as images (scaled to at most ${MAX_LONG_SIDE} px on the long side; SVG is never shown), the others are named with their size (ask for them with only). Each is also saved as an image-<n>.<ext> file (default folder images/<KEY>/ in the channel’s folder in chat, <tmp>/plane-mcp/<KEY>/ over MCP). Each file is at most 20 MB; a failed image does not stop the others.`,
    input: z.object({
      slug,
      key,
      only: onlyImages,
      dir: z
        .string()
        .min(1)
        .optional()
        .describe('The folder, created when missing: in chat, relative to the channel’s folder; over MCP, an absolute folder'),
    }),
    output: savedImagesSchema,
    effects: ADDS_OR_CHANGES,
    permission: 'allow',
    progress: (input, t) => t.t('tool.step.downloadImages', { key: input.key.toUpperCase() }),
    async run(input, context) {
      if (context.fileWrites === 'anywhere' && input.dir !== undefined && !isAbsolute(input.dir))
        throw new ToolError('Invalid input for plane_get_issue_images:\n- dir: must be an absolute folder path');
      const api = kit.api();
      const workspace = kit.slug(input.slug);
      const { item, keyed } = await findWorkItem(api, workspace, input.key);
      const images = chosenImages(readHtml(item.description_html).images, input.only);
      if (images.length === 0) return { text: noImagesText(keyed.key, input.only), data: { key: keyed.key, folder: null, images: [] } };
      const folder = await imageFolder(input.dir, keyed.key, context);
      const viewer = createImageViewer(keyed.key);
      const saved: SavedImage[] = [];
      const shown: ToolImage[] = [];
      const lines: string[] = [];
      try {
        await mkdir(folder.path, { recursive: true });
        for await (const image of kit.images.fetch(images, (assetId) => api.attachmentLocation(workspace, keyed, assetId))) {
          if (!image.ok) {
            saved.push(image);
            lines.push(`[image ${image.n}] not saved: ${image.error}`);
            continue;
          }
          const file = join(folder.path, `image-${image.n}.${image.ext}`);
          await writeFile(file, image.content);
          const sight = await viewer.look(image.n, image.content, image.mime);
          if (sight.image) shown.push(sight.image);
          const { original, notShown } = sight;
          saved.push({
            n: image.n,
            ok: true,
            file: folder.show(file),
            mime: image.mime,
            bytes: image.content.length,
            ...original,
            shown: sight.shown,
            ...(notShown && { notShown }),
          });
          lines.push(
            `[image ${image.n}] ${folder.show(file)} (${imageFacts(image.mime, image.content.length, original)}): ${sightText(sight)}`,
          );
        }
      } catch (error) {
        throw folder.anywhere ? error : fileAccessError(error, `${folder.shown}/`, 'write');
      }
      const count = saved.filter((o) => o.ok).length;
      return {
        text: [`Saved ${count} of ${images.length} images of ${keyed.key} in ${folder.shown}:`, ...lines].join('\n'),
        data: { key: keyed.key, folder: folder.shown, images: saved },
        images: shown,
      };
    },
  });
}

interface ImageFolder {
  path: string;
  /** How the folder is named in the result. */
  shown: string;
  /** How a saved file is named in the result. */
  show(file: string): string;
  anywhere: boolean;
}

/**
 * Where the images go. From chat, whoever writes a work item could steer `dir`: only a folder inside
 * the channel's own folder is taken, and named relative to it. Over MCP any absolute folder.
 */
async function imageFolder(dir: string | undefined, itemKey: string, context: ToolContext): Promise<ImageFolder> {
  if (context.fileWrites === 'anywhere') {
    const path = dir ?? join(tmpdir(), 'plane-mcp', itemKey);
    return { path, shown: path, show: (file) => file, anywhere: true };
  }
  const { path, name } = await resolveFolderInside(context.filesDir, dir ?? posix.join('images', itemKey));
  return { path, shown: name, show: (file) => posix.join(name, basename(file)), anywhere: false };
}
