import { z } from 'zod';
import type { PlaneKit } from '../../plane/kit.js';
import { definePlaneTool } from './define.js';
import { READS_ONLY } from '../registry.js';
import { plural } from '../text.js';
import { slug } from './schemas.js';

export function listProjectsTool(kit: PlaneKit) {
  return definePlaneTool({
    name: 'plane_list_projects',
    description: 'The projects of the workspace, with the identifier used in work item keys (ACME in ACME-130).',
    input: z.object({ slug }),
    output: z.object({
      workspace: z.string(),
      projects: z.array(z.object({ identifier: z.string(), name: z.string(), archived: z.boolean(), member: z.boolean() })),
    }),
    effects: READS_ONLY,
    permission: 'allow',
    progress: (_input, t) => t.t('tool.step.listProjects'),
    async run(input) {
      const api = kit.api();
      const workspace = kit.slug(input.slug);
      const projects = (await api.projects(workspace)).map((p) => ({
        identifier: p.identifier,
        name: p.name,
        archived: !!p.archived_at,
        member: p.is_member !== false,
      }));
      const lines = projects.map((p) => {
        const marks = [p.archived ? 'archived' : '', p.member ? '' : 'not a member'].filter(Boolean);
        return `${p.identifier} — ${p.name}${marks.length > 0 ? ` (${marks.join(', ')})` : ''}`;
      });
      return {
        text: [`${plural(projects.length, 'project')} in workspace ${workspace}:`, ...lines].join('\n'),
        data: { workspace, projects },
      };
    },
  });
}
