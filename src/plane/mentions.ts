import type { PlaneApi } from './api.js';
import { PlaneError } from './errors.js';
import { memberName } from './member-names.js';

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
    const members = new Map((await api.workspaceMembers(slug)).map((m) => [m.id, memberName(m)]));
    return (id) => members.get(id);
  } catch (error) {
    if (error instanceof PlaneError) return undefined;
    throw error;
  }
}
