import type { IncomingHttpHeaders } from 'node:http';
import type { FakePlaneDb } from './db.js';
import { ApiError, bodies } from './errors.js';
import type { UserRecord } from './records.js';

/**
 * API-key authentication and the permission classes of Plane's v1 views.
 * DRF runs authentication, then permissions, then the throttle: 401/403 never touch the limiter.
 */

/** Who may call a route. */
export type Access =
  /** Any valid key (users/me, search). */
  | 'user'
  /** Active workspace member of any role (projects). */
  | 'workspace'
  /** Workspace admin or member; guests get 403 (workspace members list). */
  | 'workspace-staff'
  /** ProjectEntityPermission: reads for any active project member, writes for role ≥ 15. */
  | 'project'
  /** ProjectLitePermission: any active project member, writes included (comments). */
  | 'project-lite'
  /** Membership in the project named by the URL's identifier, case-sensitive. */
  | 'project-identifier';

export function authenticate(db: FakePlaneDb, headers: IncomingHttpHeaders): { user: UserRecord; apiKey: string } {
  const header = headers['x-api-key'];
  const apiKey = Array.isArray(header) ? header[0] : header;
  if (!apiKey) throw new ApiError(401, bodies.notProvided);
  const user = db.apiKeyOwner(apiKey);
  // Plane only re-maps "not provided" to 401; a bad key stays DRF's 403.
  if (!user) throw new ApiError(403, bodies.invalidToken);
  return { user, apiKey };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isPermitted(db: FakePlaneDb, access: Access, user: UserRecord, method: string, params: Record<string, string>): boolean {
  if (access === 'user') return true;
  const workspace = db.workspaceBySlug(params.slug ?? '');
  if (!workspace) return false;
  if (access === 'workspace' || access === 'workspace-staff') {
    const member = db.workspaceMember(workspace.id, user.id);
    if (!member?.is_active) return false;
    return access === 'workspace' || member.role >= 15;
  }
  const project =
    access === 'project-identifier'
      ? [...db.projects.values()].find((p) => p.workspace === workspace.id && p.identifier === params.project_identifier)
      : db.projects.get(params.project_id ?? '');
  if (!project || project.workspace !== workspace.id) return false;
  const member = db.projectMember(project.id, user.id);
  if (!member?.is_active) return false;
  if (access === 'project' && !SAFE_METHODS.has(method)) return member.role >= 15;
  return true;
}
