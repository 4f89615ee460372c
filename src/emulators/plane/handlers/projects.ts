import { type Handler, ok, workspaceOf } from '../context.js';
import { notFound } from '../errors.js';
import { orderRows } from '../order.js';
import { paginate } from '../pagination.js';
import type { ProjectRecord } from '../records.js';
import { readShape } from '../shape.js';

/**
 * Projects: the key owner's projects plus every public one of the workspace
 * (`is_member: false`); archived projects are not filtered out.
 */

export const listProjects: Handler = (context) => {
  const { db, user } = context;
  const workspace = workspaceOf(context);
  const visible = [...db.projects.values()].filter(
    (p) => p.workspace === workspace.id && (db.projectMember(p.id, user.id)?.is_active === true || p.network === 2),
  );
  // Default order: the owner's sidebar sort_order (null for non-member projects, so they come last).
  const sortOrder = (p: ProjectRecord) => {
    const member = db.projectMember(p.id, user.id);
    return member?.is_active ? member.sort_order : null;
  };
  const rows = orderRows(visible, context.query.get('order_by') ?? 'sort_order', {
    sort_order: sortOrder,
    name: (p) => p.name,
    identifier: (p) => p.identifier,
    created_at: (p) => p.created_at,
    updated_at: (p) => p.updated_at,
  });
  const query = readShape(context.query);
  return ok(paginate(rows, context.query, context.pageRules, (p) => context.out.project(p, query, true)));
};

export const getProject: Handler = (context) => {
  const { db, user } = context;
  const workspace = workspaceOf(context);
  const project = db.projects.get(context.params.project_id ?? '');
  const visible = project?.workspace === workspace.id && (project.network === 2 || db.projectMember(project.id, user.id)?.is_active);
  if (!project || !visible) throw notFound();
  return ok(context.out.project(project, readShape(context.query)));
};
