import { type Handler, ok, projectOf, workspaceOf } from '../context.js';

/**
 * Members: plain arrays, not paginated. Neither list filters on is_active
 * (inferred from Plane's code), so deactivated members still appear.
 */

export const listProjectMembers: Handler = (context) => {
  const project = projectOf(context);
  const users = context.db.projectMembers.filter((m) => m.project === project.id).flatMap((m) => context.db.users.get(m.member) ?? []);
  return ok(users.map((u) => context.out.user(u)));
};

/** Same user objects plus the workspace `role` (20/15/5). */
export const listWorkspaceMembers: Handler = (context) => {
  const workspace = workspaceOf(context);
  const rows = context.db.workspaceMembers
    .filter((m) => m.workspace === workspace.id)
    .flatMap((m) => {
      const user = context.db.users.get(m.member);
      return user ? [{ ...context.out.user(user), role: m.role }] : [];
    });
  return ok(rows);
};
