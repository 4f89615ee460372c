import { z } from 'zod';
import type { PlaneKit } from '../../plane/kit.js';
import { findProject } from '../../plane/resolve.js';
import { definePlaneTool } from './define.js';
import { plural } from './render.js';
import { project, slug } from './schemas.js';

export function listLabelsTool(kit: PlaneKit) {
  return definePlaneTool({
    name: 'plane_list_labels',
    description: 'The labels of a project.',
    input: z.object({ slug, project }),
    access: 'read',
    async run(input) {
      const api = kit.api();
      const workspace = kit.slug(input.slug);
      const target = await findProject(api, workspace, input.project);
      const labels = await api.labels(workspace, target);
      const names = new Map(labels.map((l) => [l.id, l.name]));
      const lines = labels.map((l) => {
        const parent = l.parent ? names.get(l.parent) : undefined;
        return parent ? `${l.name} (under ${parent})` : l.name;
      });
      return [`${plural(labels.length, 'label')} in ${target.identifier}:`, ...lines].join('\n');
    },
  });
}
