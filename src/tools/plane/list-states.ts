import { z } from 'zod';
import type { PlaneKit } from '../../plane/kit.js';
import { STATE_GROUPS } from '../../plane/types.js';
import { projectListTool } from './project-list.js';
import { plural } from '../text.js';

export function listStatesTool(kit: PlaneKit) {
  return projectListTool(kit, {
    name: 'plane_list_states',
    description: 'The states of a project in board order, each with its group (backlog, unstarted, started, completed, cancelled).',
    things: 'states',
    entry: z.object({ name: z.string(), group: z.enum(STATE_GROUPS), default: z.boolean() }),
    async list(api, workspace, project) {
      const states = await api.states(workspace, project);
      return {
        heading: `${plural(states.length, 'state')} in ${project.identifier}:`,
        entries: states.map((s) => ({ name: s.name, group: s.group, default: !!s.default })),
      };
    },
    line: (state) => `${state.name} — ${state.group}${state.default ? ' (default for new work items)' : ''}`,
  });
}
