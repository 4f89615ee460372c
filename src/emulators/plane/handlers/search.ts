import { type Handler, isVisible, ok } from '../context.js';
import { ApiError, bodies, serverError } from '../errors.js';
import { isUuid } from '../validation.js';

/**
 * GET /workspaces/{slug}/work-items/search/: name contains the text, OR the
 * sequence id equals a whole number in the text, OR the project identifier contains the text.
 * Only projects where the key owner is an active member; no pagination, no ordering guarantee.
 * The reference names no permission class beyond authentication, so an unknown slug simply finds
 * nothing (plausible reading of the query filters).
 */
export const searchWorkItems: Handler = (context) => {
  const { db, user, query } = context;
  const text = query.get('search') ?? '';
  if (text === '') return ok({ issues: [] });
  const limitText = query.get('limit') ?? '10';
  // int(limit) raising inside the view → 500 (inferred from Plane's code).
  if (!/^\s*[+-]?\d+\s*$/.test(limitText)) throw serverError();
  const projectId = query.get('project_id');
  // A non-UUID in a UUID filter is a Django ValidationError → 400.
  if (projectId && !isUuid(projectId)) throw new ApiError(400, bodies.invalidDetail);
  const onlyProject = projectId && (query.get('workspace_search') ?? 'false') === 'false' ? projectId.toLowerCase() : null;

  const workspace = db.workspaceBySlug(context.params.slug ?? '');
  const needle = text.toLowerCase();
  const numbers = new Set((text.match(/\b\d+\b/g) ?? []).map(Number));
  const issues = [...db.workItems.values()]
    .filter((item) => {
      const project = db.projects.get(item.project);
      if (!project || project.workspace !== workspace?.id || !isVisible(db, item)) return false;
      if (onlyProject && project.id !== onlyProject) return false;
      if (db.projectMember(project.id, user.id)?.is_active !== true) return false;
      return item.name.toLowerCase().includes(needle) || numbers.has(item.sequence_id) || project.identifier.toLowerCase().includes(needle);
    })
    .slice(0, Math.max(0, Number(limitText)))
    .map((item) => ({
      name: item.name,
      id: item.id,
      sequence_id: item.sequence_id,
      project__identifier: db.projects.get(item.project)?.identifier,
      project_id: item.project,
      workspace__slug: workspace?.slug,
    }));
  return ok({ issues });
};
