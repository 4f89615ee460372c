import { z } from 'zod';
import type { PlaneKit } from '../../plane/kit.js';
import { findProject } from '../../plane/resolve.js';
import { definePlaneTool } from './define.js';
import { plural } from './render.js';
import { project, slug } from './schemas.js';

export function listStatesTool(kit: PlaneKit) {
  return definePlaneTool({
    name: 'plane_list_states',
    description: 'The states of a project in board order, each with its group (backlog, unstarted, started, completed, cancelled).',
    input: z.object({ slug, project }),
    access: 'read',
    async run(input) {
      const api = kit.api();
      const workspace = kit.slug(input.slug);
      const target = await findProject(api, workspace, input.project);
      const states = await api.states(workspace, target);
      const lines = states.map((s) => `${s.name} — ${s.group}${s.default ? ' (default for new work items)' : ''}`);
      return [`${plural(states.length, 'state')} in ${target.identifier}:`, ...lines].join('\n');
    },
  });
}
