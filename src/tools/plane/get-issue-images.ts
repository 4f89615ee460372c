import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { z } from 'zod';
import type { PlaneKit } from '../../plane/kit.js';
import { readHtml } from '../../plane/read-html.js';
import { findWorkItem } from '../../plane/resolve.js';
import { definePlaneTool } from './define.js';
import { ADDS_OR_CHANGES } from '../registry.js';
import { key, slug } from './schemas.js';

export function getIssueImagesTool(kit: PlaneKit) {
  return definePlaneTool({
    name: 'plane_get_issue_images',
    description:
      'Downloads the images of a work item’s description, in the order of its [image n] markers, as image-<n>.<ext> files that a file-reading tool can open (default folder <tmp>/plane-mcp/<KEY>/). Each file is at most 20 MB; a failed image does not stop the others.',
    input: z.object({
      slug,
      key,
      dir: z
        .string()
        .refine(isAbsolute, 'must be an absolute folder path')
        .optional()
        .describe('An absolute folder, created when missing'),
    }),
    effects: ADDS_OR_CHANGES,
    permission: 'allow',
    progress: (input) => `Downloading the images of ${input.key.toUpperCase()}…`,
    async run(input) {
      const api = kit.api();
      const workspace = kit.slug(input.slug);
      const { item, keyed } = await findWorkItem(api, workspace, input.key);
      const { images } = readHtml(item.description_html);
      if (images.length === 0) return `${keyed.key} has no images in its description.`;
      const dir = input.dir ?? join(tmpdir(), 'plane-mcp', keyed.key);
      const outcomes = await kit.images.save(images, dir, (assetId) => api.attachmentLocation(workspace, keyed, assetId));
      const saved = outcomes.filter((o) => o.ok).length;
      const lines = outcomes.map((o) =>
        o.ok
          ? `[image ${o.n}] ${o.file} (${o.mime}, ${sizeText(o.bytes)})`
          : `[image ${o.n}] not saved: ${o.error}`,
      );
      return [`Saved ${saved} of ${images.length} images of ${keyed.key} in ${dir}:`, ...lines].join('\n');
    },
  });
}

function sizeText(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
