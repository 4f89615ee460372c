import { z } from 'zod';
import type { KeyedItem } from '../../plane/api.js';
import { assignableMembers } from '../../plane/assignable.js';
import { viewOne } from '../../plane/item-view.js';
import type { ChatThread, PlaneKit } from '../../plane/kit.js';
import { resolveMe } from '../../plane/me.js';
import { memberLabel } from '../../plane/member-names.js';
import { findProject } from '../../plane/resolve.js';
import { workItemBody } from '../../plane/work-item-body.js';
import { readHtml } from '../../plane/read-html.js';
import { ADDS_OR_CHANGES, toolArgs, type Requester } from '../registry.js';
import { setNotes, workItemDetails, workItemDetailsSchema } from './data.js';
import { definePlaneTool } from './define.js';
import { previewCreate } from './preview.js';
import { describeFields } from './describe-fields.js';
import { itemDetails, withNotes } from './render.js';
import { date, description, labels, members, priority, project, slug, title } from './schemas.js';
import { writeNote, type Undoable } from './write-note.js';

export const createIssueInput = z.object({
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
});

/** The input as a front end that calls the action directly reads it: checked by this tool's schema, named after it. */
export const createIssueArgs = toolArgs('plane_create_issue', createIssueInput);

export const createdWorkItemSchema = z.object({
  item: workItemDetailsSchema,
  notes: z.array(z.string()).describe('Whose "me" was used, or why nobody could be assigned'),
});
export type CreatedWorkItem = z.infer<typeof createdWorkItemSchema>;

/**
 * Creates a work item; without assignees it goes to "me" when "me" can be assigned (the tool and
 * `/plane new`). `confirmedIn` is the thread where the caller tells the requester.
 */
export async function createWorkItem(
  kit: PlaneKit,
  input: z.output<typeof createIssueInput>,
  requester: Requester | undefined,
  confirmedIn?: ChatThread,
): Promise<Undoable<CreatedWorkItem>> {
  const { created, undo } = await createWorkItemAndRef(kit, input, requester, confirmedIn);
  return { ...created, ...(undo && { undo }) };
}

/**
 * The same, with the new item's ids for what follows at once (a link on it), which no answer shows.
 * The creation is kept: `undo` takes it back (the item is cancelled, not deleted).
 */
export async function createWorkItemAndRef(
  kit: PlaneKit,
  input: z.output<typeof createIssueInput>,
  requester: Requester | undefined,
  confirmedIn?: ChatThread,
): Promise<{ created: CreatedWorkItem; ref: KeyedItem; undo?: string }> {
  const api = kit.api();
  const workspace = kit.slug(input.slug);
  const target = await findProject(api, workspace, input.project);
  const me = () => resolveMe(api, workspace, requester);
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
  await kit.noteWrite(writeNote(view.key, ['created'], requester, confirmedIn));
  const ref = { id: created.id, projectId: target.id, key: view.key };
  const undo = await kit.recordChange({ kind: 'create', slug: workspace, item: ref, by: requester?.id });
  return {
    ...(undo && { undo }),
    created: { item: workItemDetails(view, kit.itemUrl(workspace, view.key), readHtml(view.descriptionHtml)), notes: setNotes(notes) },
    ref,
  };
}

export function createIssueTool(kit: PlaneKit) {
  return definePlaneTool({
    name: createIssueArgs.tool,
    description:
      'Creates a work item, with state, labels and assignees by name. Without `assignees` it is assigned to me (the requester’s Plane member, else the API key’s user); [] means nobody.',
    input: createIssueInput,
    output: createdWorkItemSchema,
    effects: ADDS_OR_CHANGES,
    permission: 'ask',
    preview: async (input) => previewCreate(input),
    progress: (input, t) => t.t('tool.step.createItem', { title: input.title, project: input.project }),
    describe(input, t) {
      const said = { project: input.project, fields: describeFields(input, 'create', t) };
      return input.slug ? t.t('tool.does.createItemIn', { ...said, slug: input.slug }) : t.t('tool.does.createItem', said);
    },
    async run(input, context) {
      const { undo, ...created } = await createWorkItem(kit, input, context.requester, context.thread);
      return {
        text: withNotes(`Created ${created.item.key}.\n\n${itemDetails(created.item)}`, created.notes),
        data: created,
        ...(undo && { undo }),
      };
    },
  });
}
