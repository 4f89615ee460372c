import type { PlaneApi } from './api.js';
import { PlaneError } from './errors.js';
import { memberName } from './member-names.js';

/** Each workspace member's name by id (a PlaneError propagates; callers decide what it costs). */
export async function workspaceMemberNames(api: PlaneApi, slug: string): Promise<Map<string, string>> {
  return new Map((await api.workspaceMembers(slug)).map((m) => [m.id, memberName(m)]));
}

/**
 * Names for the user mentions of some HTML, from the workspace members (only fetched when there is
 * a mention); a mention that cannot be named is left to the reader as "@someone".
 */
export async function mentionNames(
  api: PlaneApi,
  slug: string,
  html: string,
): Promise<((userId: string) => string | undefined) | undefined> {
  if (!html.includes('<mention-component')) return undefined;
  try {
    const names = await workspaceMemberNames(api, slug);
    return (id) => names.get(id);
  } catch (error) {
    if (error instanceof PlaneError) return undefined;
    throw error;
  }
}
