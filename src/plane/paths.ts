/**
 * Work items live under `/work-items/` since CE v1.1.0 and under `/issues/` before (still
 * routed); attachments are `attachments/` in the first family, `issue-attachments/` in
 * the second. Everything else is the same in both.
 */
export const PATH_STYLES = ['work-items', 'issues'] as const;
export type PathStyle = (typeof PATH_STYLES)[number];

const seg = encodeURIComponent;

export function workspacePath(slug: string): string {
  return `/api/v1/workspaces/${seg(slug)}`;
}

export function projectPath(slug: string, projectId: string): string {
  return `${workspacePath(slug)}/projects/${seg(projectId)}`;
}

export function workItemPaths(style: PathStyle) {
  const family = style === 'work-items' ? 'work-items' : 'issues';
  const attachments = style === 'work-items' ? 'attachments' : 'issue-attachments';
  const one = (slug: string, projectId: string, id: string) => `${projectPath(slug, projectId)}/${family}/${seg(id)}`;
  return {
    byKey: (slug: string, key: string) => `${workspacePath(slug)}/${family}/${seg(key)}/`,
    list: (slug: string, projectId: string) => `${projectPath(slug, projectId)}/${family}/`,
    one: (slug: string, projectId: string, id: string) => `${one(slug, projectId, id)}/`,
    comments: (slug: string, projectId: string, id: string) => `${one(slug, projectId, id)}/comments/`,
    links: (slug: string, projectId: string, id: string) => `${one(slug, projectId, id)}/links/`,
    attachment: (slug: string, projectId: string, id: string, assetId: string) =>
      `${one(slug, projectId, id)}/${attachments}/${seg(assetId)}/`,
    /** Only under `/work-items/` (CE v1.3.0 on): there is no `/issues/` alias. */
    relations: (slug: string, projectId: string, id: string) => `${projectPath(slug, projectId)}/work-items/${seg(id)}/relations/`,
  };
}

/** Work-item relations (`…/work-items/{id}/relations/`) came with CE v1.3.0; an instance that does not tell its release (Cloud) is assumed to serve them. */
export function servesRelations(version: string | undefined): boolean {
  const match = /(\d+)\.(\d+)(?:\.(\d+))?/.exec(version ?? '');
  if (!match) return version === undefined;
  const [major, minor] = [Number(match[1]), Number(match[2])];
  return major > 1 || (major === 1 && minor >= 3);
}

/** Releases older than v1.1.0 only know `/issues/`; anything unknown (Cloud) serves `/work-items/`. */
export function pathStyleFor(version: string | undefined): PathStyle {
  const match = /(\d+)\.(\d+)(?:\.(\d+))?/.exec(version ?? '');
  if (!match) return 'work-items';
  const [major, minor] = [Number(match[1]), Number(match[2])];
  return major > 1 || (major === 1 && minor >= 1) ? 'work-items' : 'issues';
}
