import { z } from 'zod';
import { viewOne } from '../../plane/item-view.js';
import type { ChatThread, PlaneKit } from '../../plane/kit.js';
import { changedFields } from '../../plane/changes.js';
import { resolveMe } from '../../plane/me.js';
import { readHtml } from '../../plane/read-html.js';
import { findWorkItem } from '../../plane/resolve.js';
import { workItemBody } from '../../plane/work-item-body.js';
import { ADDS_OR_CHANGES, toolArgs, type Requester } from '../registry.js';
import { setNotes, workItemDetails, workItemDetailsSchema } from './data.js';
import { definePlaneTool } from './define.js';
import { previewUpdate } from './preview.js';
import { describeFields } from './describe-fields.js';
import { itemDetails, withNotes } from './render.js';
import { date, description, key, labels, members, priority, slug, title } from './schemas.js';
import { writeNote, type Undoable } from './write-note.js';

const FIELDS = ['title', 'description', 'state', 'priority', 'assignees', 'labels', 'start_date', 'target_date'] as const;

export const updatedWorkItemSchema = z.object({
  item: workItemDetailsSchema,
  changed: z.array(z.enum(FIELDS)).describe('The fields the call set'),
  notes: z.array(z.string()),
});
export type UpdatedWorkItem = z.infer<typeof updatedWorkItemSchema>;

export const updateIssueInput = z
  .object({
    slug,
    key,
    title: title.optional(),
    description: description.optional(),
    state: z.string().trim().min(1).optional().describe('A state name of the project'),
    priority: priority.optional(),
    assignees: members.optional(),
    labels: labels.optional(),
    start_date: date.nullable().optional().describe('YYYY-MM-DD, or null to clear'),
    target_date: date.nullable().optional().describe('YYYY-MM-DD, or null to clear'),
  })
  .refine((input) => FIELDS.some((field) => input[field] !== undefined), {
    message: `give at least one field to change: ${FIELDS.join(', ')}`,
  });

/** The input as a front end that calls the action directly reads it: checked by this tool's schema, named after it. */
export const updateIssueArgs = toolArgs('plane_update_issue', updateIssueInput);

/**
 * Changes the given fields of a work item, as the requester (the tool, and a card's buttons and
 * state menu). `confirmedIn` is the thread where the caller tells the requester. The write is kept
 * with the values before it: `undo` takes it back.
 */
export async function updateWorkItem(
  kit: PlaneKit,
  input: z.output<typeof updateIssueInput>,
  requester: Requester | undefined,
  confirmedIn?: ChatThread,
): Promise<Undoable<UpdatedWorkItem>> {
  const api = kit.api();
  const workspace = kit.slug(input.slug);
  const { project, keyed, item } = await findWorkItem(api, workspace, input.key);
  const { body, me } = await workItemBody(api, workspace, project, input, () => resolveMe(api, workspace, requester));
  await kit.noteWrite(writeNote(keyed.key, Object.keys(body), requester, confirmedIn));
  const updated = await api.updateWorkItem(workspace, keyed, body);
  const changed = FIELDS.filter((field) => input[field] !== undefined);
  const undo = await kit.recordChange({
    kind: 'update',
    slug: workspace,
    item: keyed,
    fields: changedFields(changed, item, updated),
    by: requester?.id,
  });
  const view = await viewOne(api, workspace, project, updated);
  return {
    ...(undo && { undo }),
    item: workItemDetails(view, kit.itemUrl(workspace, view.key), readHtml(view.descriptionHtml)),
    changed,
    notes: setNotes([me?.note]),
  };
}

export function updateIssueTool(kit: PlaneKit) {
  return definePlaneTool({
    name: updateIssueArgs.tool,
    description:
      'Changes only the given fields of a work item. assignees and labels replace the whole list, description replaces the whole description, a null date clears it. At least one field is required.',
    input: updateIssueInput,
    output: updatedWorkItemSchema,
    effects: ADDS_OR_CHANGES,
    permission: 'ask',
    preview: (input) => previewUpdate(kit, input),
    progress: (input, t) => t.t('tool.step.updateItem', { key: input.key.toUpperCase() }),
    describe(input, t) {
      const said = { key: input.key.toUpperCase(), fields: describeFields(input, 'update', t) };
      return input.slug ? t.t('tool.does.updateItemIn', { ...said, slug: input.slug }) : t.t('tool.does.updateItem', said);
    },
    async run(input, context) {
      const { undo, ...data } = await updateWorkItem(kit, input, context.requester, context.thread);
      return {
        text: withNotes(`Updated ${data.item.key} (${data.changed.join(', ')}).\n\n${itemDetails(data.item)}`, data.notes),
        data,
        ...(undo && { undo }),
      };
    },
  });
}
