import { z } from 'zod';
import type { PlaneKit } from '../../plane/kit.js';
import { day } from '../../plane/item-view.js';
import { memberName } from '../../plane/member-names.js';
import { mentionNames, workspaceMemberNames } from '../../plane/mentions.js';
import { readHtml } from '../../plane/read-html.js';
import { findWorkItem } from '../../plane/resolve.js';
import type { Comment } from '../../plane/types.js';
import { definePlaneTool } from './define.js';
import { READS_ONLY } from '../registry.js';
import { plural } from '../text.js';
import { key, slug } from './schemas.js';

export function listCommentsTool(kit: PlaneKit) {
  return definePlaneTool({
    name: 'plane_list_comments',
    description: 'The comments of a work item, oldest first: author, date and text.',
    input: z.object({ slug, key }),
    output: z.object({
      key: z.string(),
      comments: z.array(z.object({ author: z.string(), date: z.string().nullable(), text: z.string() })).describe('Oldest first'),
    }),
    effects: READS_ONLY,
    permission: 'allow',
    progress: (input, t) => t.t('tool.step.readComments', { key: input.key.toUpperCase() }),
    async run(input) {
      const api = kit.api();
      const workspace = kit.slug(input.slug);
      const { keyed } = await findWorkItem(api, workspace, input.key);
      // Plane returns the newest first.
      const comments = [...(await api.comments(workspace, keyed))].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
      if (comments.length === 0) return { text: `${keyed.key} has no comments.`, data: { key: keyed.key, comments: [] } };
      const authors = await authorNames(kit, workspace, comments);
      const mentions = await mentionNames(api, workspace, comments.map((c) => c.comment_html).join(''));
      const data = {
        key: keyed.key,
        comments: comments.map((c) => ({ author: authors(c), date: day(c.created_at), text: readHtml(c.comment_html, mentions).text })),
      };
      const blocks = data.comments.map((c) => `${c.author} · ${c.date}\n${c.text}`);
      return { text: [`${plural(comments.length, 'comment')} on ${keyed.key}, oldest first:`, ...blocks].join('\n\n'), data };
    },
  });
}

/** Authors come expanded (`expand=actor`); a bare id is named from the workspace members. */
async function authorNames(kit: PlaneKit, workspace: string, comments: Comment[]): Promise<(c: Comment) => string> {
  const bare = comments.some((c) => typeof c.actor === 'string');
  const names = bare ? await workspaceMemberNames(kit.api(), workspace) : new Map<string, string>();
  return (c) => {
    const name = typeof c.actor === 'string' ? names.get(c.actor) : c.actor && memberName(c.actor);
    return name ?? 'someone';
  };
}
