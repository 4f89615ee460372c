import { z } from 'zod';
import type { ItemView } from '../../plane/item-view.js';
import type { PlaneKit } from '../../plane/kit.js';
import { resolveMe, type RequesterIdentity } from '../../plane/me.js';
import { memberLabel } from '../../plane/member-names.js';
import { projectItems } from '../../plane/project-items.js';
import { readHtml } from '../../plane/read-html.js';
import { findMembers, findProject } from '../../plane/resolve.js';
import { STATE_GROUPS } from '../../plane/types.js';
import { READS_ONLY, toolArgs } from '../registry.js';
import { workItemData, workItemListSchema, type WorkItemList } from './data.js';
import { definePlaneTool } from './define.js';
import { listText, workItemList } from './render.js';
import { limit, project, slug, stateGroups } from './schemas.js';

export const searchIssuesInput = z.object({
  slug,
  project,
  query: z.string().trim().min(1).optional().describe('Text to find in the title, key or description'),
  assignee: z.string().trim().min(1).optional().describe('A member by name, e-mail or "me"'),
  state_groups: stateGroups.optional().describe('State groups to include; all when omitted'),
  limit: limit(30),
});

/** The input as a front end that calls the action directly reads it: checked by this tool's schema, named after it. */
export const searchIssuesArgs = toolArgs('plane_search_issues', searchIssuesInput);

/** The work items of a project that match, newest first (the tool and `/plane search`). */
export async function searchWorkItems(
  kit: PlaneKit,
  input: z.output<typeof searchIssuesInput>,
  requester: RequesterIdentity | undefined,
): Promise<WorkItemList> {
  const api = kit.api();
  const workspace = kit.slug(input.slug);
  const target = await findProject(api, workspace, input.project);
  const byAssignee = input.assignee
    ? await findMembers(api, workspace, target, [input.assignee], () => resolveMe(api, workspace, requester))
    : undefined;
  const assignee = byAssignee?.members[0];
  const groups = input.state_groups ?? STATE_GROUPS;
  const views = await projectItems(api, workspace, target, { withDescription: !!input.query });
  const found = views.filter(
    (v) =>
      (!assignee || v.assigneeIds.includes(assignee.id)) &&
      (!v.state || groups.includes(v.state.group)) &&
      (!input.query || matches(v, input.query)),
  );
  const criteria = [
    input.query ? `matching "${input.query}"` : '',
    assignee ? `assigned to ${memberLabel(assignee)}` : '',
    input.state_groups ? `in state groups ${groups.join(', ')}` : '',
  ].filter(Boolean);
  const heading = `Work items of ${target.identifier}${criteria.length > 0 ? ` ${criteria.join(', ')}` : ''}`;
  const items = found.map((view) => workItemData(view, kit.itemUrl(workspace, view.key)));
  return workItemList(heading, items, input.limit, [byAssignee?.me?.note]);
}

export function searchIssuesTool(kit: PlaneKit) {
  return definePlaneTool({
    name: searchIssuesArgs.tool,
    description: 'Work items of a project by text (in the title, key or description), assignee and state group. Newest first.',
    input: searchIssuesInput,
    output: workItemListSchema,
    effects: READS_ONLY,
    permission: 'allow',
    progress: (input, t) =>
      input.query
        ? t.t('tool.step.search', { project: input.project, query: input.query })
        : t.t('tool.step.searchAll', { project: input.project }),
    async run(input, context) {
      const list = await searchWorkItems(kit, input, context.requester);
      return { text: listText(list), data: list };
    },
  });
}

function matches(view: ItemView, query: string): boolean {
  const q = query.toLowerCase();
  if (view.title.toLowerCase().includes(q) || view.key.toLowerCase() === q) return true;
  return readHtml(view.descriptionHtml).text.toLowerCase().includes(q);
}
