import { z } from 'zod';
import { PlaneError } from '../../plane/errors.js';
import type { ItemView } from '../../plane/item-view.js';
import type { PlaneKit } from '../../plane/kit.js';
import { resolveMe, type RequesterIdentity } from '../../plane/me.js';
import { memberLabel } from '../../plane/member-names.js';
import { projectItems } from '../../plane/project-items.js';
import { findProject } from '../../plane/resolve.js';
import { PRIORITIES, type StateGroup } from '../../plane/types.js';
import { READS_ONLY, toolArgs } from '../registry.js';
import { workItemData, workItemListSchema, type WorkItemData, type WorkItemList } from './data.js';
import { definePlaneTool } from './define.js';
import { listText, workItemList } from './render.js';
import { limit, project, slug, stateGroups } from './schemas.js';

const OPEN: StateGroup[] = ['backlog', 'unstarted', 'started'];
// Work in progress first, then what is next, then the rest; within a group the most urgent.
const GROUP_ORDER: StateGroup[] = ['started', 'unstarted', 'backlog', 'completed', 'cancelled'];

export const listMyIssuesInput = z.object({
  slug,
  project: project.optional().describe('Project identifier (ACME), name or id; all projects when omitted'),
  state_groups: stateGroups.default(OPEN),
  limit: limit(50),
});

/** The input as a front end that calls the action directly reads it: checked by this tool's schema, named after it. */
export const listMyIssuesArgs = toolArgs('plane_list_my_issues', listMyIssuesInput);

/** The work items assigned to the requester's "me", most urgent first, cut to the input's limit (the tool and `/plane mine`). */
export async function listMyWorkItems(
  kit: PlaneKit,
  input: z.output<typeof listMyIssuesInput>,
  requester: RequesterIdentity | undefined,
): Promise<WorkItemList> {
  const mine = await findMyWorkItems(kit, input, requester);
  return workItemList(mine.heading, mine.items, input.limit, mine.notes);
}

/** Every work item assigned to the requester's "me", most urgent first, uncut (the Home tab looks through them all). */
export async function findMyWorkItems(
  kit: PlaneKit,
  input: Omit<z.output<typeof listMyIssuesInput>, 'limit'>,
  requester: RequesterIdentity | undefined,
): Promise<{ heading: string; items: WorkItemData[]; notes: (string | undefined)[] }> {
  const api = kit.api();
  const workspace = kit.slug(input.slug);
  const me = await resolveMe(api, workspace, requester);
  const projects = input.project
    ? [await findProject(api, workspace, input.project)]
    : (await api.projects(workspace)).filter((p) => !p.archived_at && p.is_member !== false);
  const found: ItemView[] = [];
  const unreadable: string[] = [];
  for (const p of projects) {
    try {
      found.push(...(await projectItems(api, workspace, p)).filter((v) => isMine(v, me.member.id, input.state_groups)));
    } catch (error) {
      if (!(error instanceof PlaneError) || input.project) throw error;
      unreadable.push(`${p.identifier} (${error.message})`);
    }
  }
  found.sort(byUrgency);
  const where = input.project ? `project ${projects[0]!.identifier}` : `all projects of ${workspace}`;
  const heading = `Work items assigned to ${memberLabel(me.member)} in ${where}, state groups ${input.state_groups.join(', ')}`;
  return {
    heading,
    items: found.map((view) => workItemData(view, kit.itemUrl(workspace, view.key))),
    notes: [me.note, unreadable.length > 0 ? `could not read ${unreadable.join('; ')}` : undefined],
  };
}

export function listMyIssuesTool(kit: PlaneKit) {
  return definePlaneTool({
    name: listMyIssuesArgs.tool,
    description:
      'Work items assigned to me (the requester’s Plane member, else the API key’s user), open ones by default, in one project or in all.',
    input: listMyIssuesInput,
    output: workItemListSchema,
    effects: READS_ONLY,
    permission: 'allow',
    progress: (input, t) => (input.project ? t.t('tool.step.listMineIn', { project: input.project }) : t.t('tool.step.listMine')),
    async run(input, context) {
      const list = await listMyWorkItems(kit, input, context.requester);
      return { text: listText(list), data: list };
    },
  });
}

function isMine(view: ItemView, memberId: string, groups: readonly StateGroup[]): boolean {
  return view.assigneeIds.includes(memberId) && !!view.state && groups.includes(view.state.group);
}

function byUrgency(a: ItemView, b: ItemView): number {
  const group = (v: ItemView) => GROUP_ORDER.indexOf(v.state!.group);
  return (
    group(a) - group(b) ||
    PRIORITIES.indexOf(a.priority) - PRIORITIES.indexOf(b.priority) ||
    (b.updated ?? '').localeCompare(a.updated ?? '')
  );
}
