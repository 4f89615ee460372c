import { z } from 'zod';
import { assignableMembers } from '../../plane/assignable.js';
import type { PlaneKit } from '../../plane/kit.js';
import { fullName, memberName } from '../../plane/member-names.js';
import { projectListTool } from './project-list.js';
import { plural } from '../text.js';

export function listMembersTool(kit: PlaneKit) {
  return projectListTool(kit, {
    name: 'plane_list_members',
    description: 'Who can be assigned in a project: display name, full name and e-mail.',
    things: 'members',
    entry: z.object({ name: z.string(), fullName: z.string().nullable(), email: z.string().nullable() }),
    async list(api, workspace, project) {
      const { members, guestsLeftOut } = await assignableMembers(api, workspace, project);
      const guests = guestsLeftOut ? ' (guests, who cannot be assigned, are left out)' : '';
      return {
        heading: `${plural(members.length, 'member')} of ${project.identifier} can be assigned${guests}:`,
        entries: members.map((m) => {
          const full = fullName(m);
          const name = memberName(m);
          return { name, fullName: full && full !== name ? full : null, email: m.email || null };
        }),
      };
    },
    line: (member) => `${member.name}${member.fullName ? ` — ${member.fullName}` : ''}${member.email ? ` <${member.email}>` : ''}`,
  });
}
