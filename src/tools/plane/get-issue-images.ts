import { tmpdir } from 'node:os';
import { basename, isAbsolute, join, posix } from 'node:path';
import { z } from 'zod';
import type { PlaneKit } from '../../plane/kit.js';
import { readHtml } from '../../plane/read-html.js';
import { findWorkItem } from '../../plane/resolve.js';
import { fileAccessError } from '../files/access-error.js';
import { resolveFolderInside } from '../files/safe-path.js';
import { ADDS_OR_CHANGES, ToolError, type ToolContext } from '../registry.js';
import { definePlaneTool } from './define.js';
import { key, slug } from './schemas.js';

/** The images saved, each file as the answer names it; `folder` is null when there were none. */
const savedImagesSchema = z.object({
  key: z.string(),
  folder: z.string().nullable(),
  images: z.array(
    z.union([
      z.object({ n: z.number(), ok: z.literal(true), file: z.string(), mime: z.string(), bytes: z.number() }),
      z.object({ n: z.number(), ok: z.literal(false), error: z.string() }),
    ]),
  ),
});

export function getIssueImagesTool(kit: PlaneKit) {
  return definePlaneTool({
    name: 'plane_get_issue_images',
    description:
      'Downloads the images of a work item’s description, in the order of its [image n] markers, as image-<n>.<ext> files that a file-reading tool can open (default folder images/<KEY>/ in the channel’s folder in chat, <tmp>/plane-mcp/<KEY>/ over MCP). Each file is at most 20 MB; a failed image does not stop the others.',
    input: z.object({
      slug,
      key,
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
      const { images } = readHtml(item.description_html);
      if (images.length === 0) return { text: `${keyed.key} has no images in its description.`, data: { key: keyed.key, folder: null, images: [] } };
      const folder = await imageFolder(input.dir, keyed.key, context);
      let outcomes;
      try {
        outcomes = await kit.images.save(images, folder.path, (assetId) => api.attachmentLocation(workspace, keyed, assetId));
      } catch (error) {
        throw folder.anywhere ? error : fileAccessError(error, `${folder.shown}/`, 'write');
      }
      const saved = outcomes.filter((o) => o.ok).length;
      const lines = outcomes.map((o) =>
        o.ok
          ? `[image ${o.n}] ${folder.show(o.file)} (${o.mime}, ${sizeText(o.bytes)})`
          : `[image ${o.n}] not saved: ${o.error}`,
      );
      return {
        text: [`Saved ${saved} of ${images.length} images of ${keyed.key} in ${folder.shown}:`, ...lines].join('\n'),
        data: { key: keyed.key, folder: folder.shown, images: outcomes.map((o) => (o.ok ? { ...o, file: folder.show(o.file) } : o)) },
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

function sizeText(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
