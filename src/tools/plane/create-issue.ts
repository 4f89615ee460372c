import { z } from 'zod';
import { assignableMembers } from '../../plane/assignable.js';
import { viewOne } from '../../plane/item-view.js';
import type { PlaneKit } from '../../plane/kit.js';
import { resolveMe } from '../../plane/me.js';
import { memberLabel } from '../../plane/member-names.js';
import { findProject } from '../../plane/resolve.js';
import { workItemBody } from '../../plane/work-item-body.js';
import { readHtml } from '../../plane/read-html.js';
import { definePlaneTool } from './define.js';
import { ADDS_OR_CHANGES } from '../registry.js';
import { describeFields } from './describe-fields.js';
import { itemDetails, withNotes } from './render.js';
import { date, description, labels, members, priority, project, slug, title } from './schemas.js';

export function createIssueTool(kit: PlaneKit) {
  return definePlaneTool({
    name: 'plane_create_issue',
    description:
      'Creates a work item, with state, labels and assignees by name. Without `assignees` it is assigned to me (the requester’s Plane member, else the API key’s user); [] means nobody.',
    input: z.object({
      slug,
      project,
      title,
      description: description.optional(),
      state: z.string().trim().min(1).optional().describe('A state name of the project; the project’s default when omitted'),
      priority: priority.optional(),
      assignees: members.optional(),
      labels: labels.optional(),
      start_date: date.optional(),
      target_date: date.optional(),
    }),
    effects: ADDS_OR_CHANGES,
    permission: 'ask',
    progress: (input) => `Creating “${input.title}” in ${input.project}…`,
    describe(input) {
      const where = `project ${input.project}${input.slug ? ` of workspace ${input.slug}` : ''}`;
      const fields = describeFields(input, 'create');
      if (input.assignees === undefined) fields.push('assignees → me (the requester’s Plane member, else the API key’s user)');
      return `Create a work item in ${where}: ${fields.join('; ')}.`;
    },
    async run(input, context) {
      const api = kit.api();
      const workspace = kit.slug(input.slug);
      const target = await findProject(api, workspace, input.project);
      const me = () => resolveMe(api, workspace, context.requester);
      const { body, me: usedMe } = await workItemBody(api, workspace, target, input, me);
      const notes: (string | undefined)[] = [usedMe?.note];
      if (input.assignees === undefined) {
        const mine = await me();
        const { members } = await assignableMembers(api, workspace, target);
        const assignable = members.some((m) => m.id === mine.member.id);
        body.assignees = assignable ? [mine.member.id] : [];
        notes.push(mine.note);
        if (!assignable) notes.push(`${memberLabel(mine.member)} cannot be assigned in ${target.identifier}, so nobody is assigned.`);
      }
      const created = await api.createWorkItem(workspace, target, body);
      const view = await viewOne(api, workspace, target, created);
      await kit.noteWrite({ key: view.key, fields: ['created'], ...(context.requester?.name && { by: context.requester.name }) });
      const text = readHtml(view.descriptionHtml);
      return withNotes(
        `Created ${view.key}.\n\n${itemDetails(view, kit.itemUrl(workspace, view.key), text.text, text.images)}`,
        notes,
      );
    },
  });
}
