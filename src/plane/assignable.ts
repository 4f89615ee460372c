import type { Freshness, PlaneApi } from './api.js';
import { PlaneError } from './errors.js';
import type { Member, Project } from './types.js';

const GUEST = 5;

/**
 * The project's members who can be assigned. Plane silently drops guests from `assignees`,
 * and the project member list carries no role, so guests are recognised by their
 * workspace role when the workspace member list is readable.
 */
export async function assignableMembers(
  api: PlaneApi,
  slug: string,
  project: Project,
  opts: Freshness = {},
): Promise<{ members: Member[]; guestsLeftOut: boolean }> {
  const members = await api.projectMembers(slug, project, opts);
  let workspace: Member[];
  try {
    workspace = await api.workspaceMembers(slug, opts);
  } catch (error) {
    if (error instanceof PlaneError) return { members, guestsLeftOut: false };
    throw error;
  }
  const guests = new Set(workspace.filter((m) => m.role === GUEST).map((m) => m.id));
  return { members: members.filter((m) => !guests.has(m.id)), guestsLeftOut: members.some((m) => guests.has(m.id)) };
}
