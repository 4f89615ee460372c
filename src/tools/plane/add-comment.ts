import { z } from 'zod';
import type { ChatThread, PlaneKit } from '../../plane/kit.js';
import { memberLabel } from '../../plane/member-names.js';
import { findWorkItem } from '../../plane/resolve.js';
import { markdownToHtml, textToHtml } from '../../plane/write-html.js';
import { definePlaneTool } from './define.js';
import { previewComment } from './preview.js';
import { ADDS_OR_CHANGES, toolArgs, type Requester } from '../registry.js';
import { excerpt } from './render.js';
import { key, slug } from './schemas.js';
import { writeNote, type Undoable } from './write-note.js';

export const addCommentInput = z.object({
  slug,
  key,
  text: z.string().trim().min(1).describe('The comment'),
  format: z.enum(['text', 'markdown']).default('text'),
});

/** The input as a front end that calls the action directly reads it: checked by this tool's schema, named after it. */
export const addCommentArgs = toolArgs('plane_add_comment', addCommentInput);

export const addedCommentSchema = z.object({ key: z.string(), author: z.string(), url: z.string() });
export type AddedComment = z.infer<typeof addedCommentSchema>;

/**
 * Comments on a work item (the tool, and Slack's Comment button and linked threads). `html` given
 * replaces the rendering of `text` (Slack's formatting carried over); `external` names the comment's
 * origin, so Plane refuses it twice and its webhook can be told from other comments; `confirmedIn`
 * is the thread where the caller tells the requester. The comment is kept: `undo` withdraws it.
 */
export async function commentOnWorkItem(
  kit: PlaneKit,
  input: z.output<typeof addCommentInput>,
  requester: Requester | undefined,
  origin: { html?: string; external?: { source: string; id: string }; confirmedIn?: ChatThread } = {},
): Promise<Undoable<AddedComment>> {
  const api = kit.api();
  const workspace = kit.slug(input.slug);
  const { keyed } = await findWorkItem(api, workspace, input.key);
  const html = origin.html ?? (input.format === 'markdown' ? markdownToHtml(input.text) : textToHtml(input.text));
  await kit.noteWrite(writeNote(keyed.key, ['comment'], requester, origin.confirmedIn));
  const comment = await api.addComment(workspace, keyed, html, origin.external);
  const undo = await kit.recordChange({ kind: 'comment', slug: workspace, item: keyed, commentId: comment.id, by: requester?.id });
  return { ...(undo && { undo }), key: keyed.key, author: memberLabel(await api.me()), url: kit.itemUrl(workspace, keyed.key) };
}

export function addCommentTool(kit: PlaneKit) {
  return definePlaneTool({
    name: addCommentArgs.tool,
    description:
      'Comments on a work item as the API key’s user. format "text" (default) makes one paragraph per line; "markdown" renders GitHub-flavoured Markdown (headings, lists, task lists, bold) and shows raw HTML as text.',
    input: addCommentInput,
    output: addedCommentSchema,
    effects: ADDS_OR_CHANGES,
    permission: 'ask',
    preview: async (input) => previewComment(input),
    progress: (input, t) => t.t('tool.step.comment', { key: input.key.toUpperCase() }),
    describe(input, t) {
      const said = { key: input.key.toUpperCase(), format: input.format, text: excerpt(input.text, 500) };
      return input.slug ? t.t('tool.does.commentIn', { ...said, slug: input.slug }) : t.t('tool.does.comment', said);
    },
    async run(input, context) {
      const { undo, ...data } = await commentOnWorkItem(kit, input, context.requester, context.thread && { confirmedIn: context.thread });
      return { text: `Commented on ${data.key} as ${data.author}: ${data.url}`, data, ...(undo && { undo }) };
    },
  });
}
