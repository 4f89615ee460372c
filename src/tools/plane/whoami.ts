import { z } from 'zod';
import type { PlaneKit } from '../../plane/kit.js';
import { resolveMe } from '../../plane/me.js';
import { memberLabel } from '../../plane/member-names.js';
import { definePlaneTool } from './define.js';
import { slug } from './schemas.js';

export function whoamiTool(kit: PlaneKit) {
  return definePlaneTool({
    name: 'plane_whoami',
    description:
      "Who the Plane API key acts as, who \"me\" means for this requester, the workspace, the base URL and which API (v1/v2) the instance serves.",
    input: z.object({ slug }),
    access: 'read',
    async run(input, context) {
      const api = kit.api();
      const [keyUser, server] = await Promise.all([api.me(), api.server()]);
      const workspace = input.slug ?? kit.workspace;
      const lines = [`API key user: ${memberLabel(keyUser)}`];
      if (workspace) {
        const me = await resolveMe(api, workspace, context.requester);
        const whose = me.isRequester ? 'the requester' : "the API key's user";
        lines.push(`"me": ${memberLabel(me.member)} (${whose})${me.note ? ` — ${me.note}` : ''}`);
        lines.push(`Workspace: ${workspace}${workspace === kit.workspace ? ' (the default)' : ''}`);
      } else {
        lines.push(`"me": ${memberLabel(keyUser)} (the API key's user)`);
        lines.push('Workspace: none by default (set PLANE_WORKSPACE or pass slug)');
      }
      const instance = [
        server.version ? `instance ${server.version}` : 'instance version unknown',
        server.edition === 'PLANE_COMMUNITY' ? 'Community Edition' : server.edition,
        `work items under /${server.pathStyle}/`,
      ].filter(Boolean);
      lines.push(`Base URL: ${kit.baseUrl}`, `API: ${server.v2 ? 'v1 and v2' : 'v1'} (${instance.join(', ')})`);
      return lines.join('\n');
    },
  });
}
