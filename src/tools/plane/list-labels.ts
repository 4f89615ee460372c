import { z } from 'zod';
import type { PlaneKit } from '../../plane/kit.js';
import { projectListTool } from './project-list.js';
import { plural } from '../text.js';

export function listLabelsTool(kit: PlaneKit) {
  return projectListTool(kit, {
    name: 'plane_list_labels',
    description: 'The labels of a project.',
    things: 'labels',
    entry: z.object({ name: z.string(), parent: z.string().nullable().describe('The parent label') }),
    async list(api, workspace, project) {
      const labels = await api.labels(workspace, project);
      const names = new Map(labels.map((l) => [l.id, l.name]));
      return {
        heading: `${plural(labels.length, 'label')} in ${project.identifier}:`,
        entries: labels.map((l) => ({ name: l.name, parent: (l.parent && names.get(l.parent)) || null })),
      };
    },
    line: (label) => (label.parent ? `${label.name} (under ${label.parent})` : label.name),
  });
}
