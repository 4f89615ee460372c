import { z } from 'zod';
import { assignableMembers } from '../../plane/assignable.js';
import type { PlaneKit } from '../../plane/kit.js';
import { fullName, memberName } from '../../plane/member-names.js';
import { findProject } from '../../plane/resolve.js';
import { definePlaneTool } from './define.js';
import { plural } from './render.js';
import { project, slug } from './schemas.js';

export function listMembersTool(kit: PlaneKit) {
  return definePlaneTool({
    name: 'plane_list_members',
    description: 'Who can be assigned in a project: display name, full name and e-mail.',
    input: z.object({ slug, project }),
    access: 'read',
    async run(input) {
      const api = kit.api();
      const workspace = kit.slug(input.slug);
      const target = await findProject(api, workspace, input.project);
      const { members, guestsLeftOut } = await assignableMembers(api, workspace, target);
      const lines = members.map((m) => {
        const full = fullName(m);
        const name = memberName(m);
        return `${name}${full && full !== name ? ` — ${full}` : ''}${m.email ? ` <${m.email}>` : ''}`;
      });
      const guests = guestsLeftOut ? ' (guests, who cannot be assigned, are left out)' : '';
      return [`${plural(members.length, 'member')} of ${target.identifier} can be assigned${guests}:`, ...lines].join('\n');
    },
  });
}
