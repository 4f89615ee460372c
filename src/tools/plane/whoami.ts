import { z } from 'zod';
import type { PlaneKit } from '../../plane/kit.js';
import { resolveMe } from '../../plane/me.js';
import { memberLabel } from '../../plane/member-names.js';
import { PATH_STYLES } from '../../plane/paths.js';
import { releaseName } from '../../plane/version.js';
import { definePlaneTool } from './define.js';
import { READS_ONLY } from '../registry.js';
import { slug } from './schemas.js';

export function whoamiTool(kit: PlaneKit) {
  return definePlaneTool({
    name: 'plane_whoami',
    description:
      'Who the Plane API key acts as, who "me" means for this requester, the workspace, the base URL and which API (v1/v2) the instance serves.',
    input: z.object({ slug }),
    output: z.object({
      keyUser: z.string().describe("The API key's user"),
      me: z
        .object({ member: z.string(), isRequester: z.boolean(), note: z.string().nullable() })
        .describe('Who "me" means for this requester'),
      workspace: z.string().nullable(),
      baseUrl: z.string(),
      api: z.object({ v2: z.boolean(), version: z.string().nullable(), edition: z.string().nullable(), pathStyle: z.enum(PATH_STYLES) }),
    }),
    effects: READS_ONLY,
    permission: 'allow',
    progress: (_input, t) => t.t('tool.step.whoami'),
    async run(input, context) {
      const api = kit.api();
      const [keyUser, instance, v2] = await Promise.all([api.me(), api.instance(), api.servesV2()]);
      const workspace = input.slug ?? kit.workspace;
      const me = workspace ? await resolveMe(api, workspace, context.requester) : undefined;
      const data = {
        keyUser: memberLabel(keyUser),
        me: me
          ? { member: memberLabel(me.member), isRequester: me.isRequester, note: me.note ?? null }
          : { member: memberLabel(keyUser), isRequester: false, note: null },
        workspace: workspace ?? null,
        baseUrl: kit.baseUrl,
        api: { v2, version: instance.version ?? null, edition: instance.edition ?? null, pathStyle: instance.pathStyle },
      };
      const lines = [`API key user: ${data.keyUser}`];
      if (workspace) {
        const whose = data.me.isRequester ? 'the requester' : "the API key's user";
        lines.push(`"me": ${whose}, ${data.me.member}${data.me.note ? `. ${data.me.note}` : ''}`);
        lines.push(`Workspace: ${workspace}${workspace === kit.workspace ? ' (the default)' : ''}`);
      } else {
        lines.push(`"me": the API key's user, ${data.keyUser}`);
        lines.push('Workspace: none by default (set PLANE_WORKSPACE or pass slug)');
      }
      const about = [
        instance.version ? `instance ${releaseName(instance.version)}` : 'instance version unknown',
        instance.edition === 'PLANE_COMMUNITY' ? 'Community Edition' : instance.edition,
        `work items under /${instance.pathStyle}/`,
      ].filter(Boolean);
      lines.push(`Base URL: ${kit.baseUrl}`, `API: ${v2 ? 'v1 and v2' : 'v1'} (${about.join(', ')})`);
      return { text: lines.join('\n'), data };
    },
  });
}
