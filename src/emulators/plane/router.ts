import type { Access } from './auth.js';
import type { BaseContext, Handler } from './context.js';

/**
 * Django-style URL patterns: `:name` matches one path segment, and names ending in `_id` match only
 * a lower-case UUID (Django's uuid converter), so anything else is "no route" → 404.
 */

export type RouteAccess = Access | 'v2';

/** `allow`: the view's methods as Plane's `Allow` header names them, when more than the fake serves. */
export type Route =
  | { path: string; access: 'public'; methods: Record<string, Handler<BaseContext>>; allow?: string }
  | { path: string; access: RouteAccess; methods: Record<string, Handler>; allow?: string };

export interface Match {
  route: Route;
  params: Record<string, string>;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

function compile(path: string): RegExp {
  const source = path
    .split(/(:[a-z_]+)/)
    .map((part) => {
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const name = part.slice(1);
      // `[^/]+` is greedy, so `:a-:b` splits at the last hyphen, as Django does.
      return `(?<${name}>${name.endsWith('_id') ? UUID : '[^/]+'})`;
    })
    .join('');
  return new RegExp(`^${source}$`);
}

export class Router {
  private readonly compiled: Array<{ route: Route; regex: RegExp }>;

  constructor(routes: readonly Route[]) {
    this.compiled = routes.map((route) => ({ route, regex: compile(route.path) }));
  }

  match(path: string): Match | undefined {
    for (const { route, regex } of this.compiled) {
      const found = regex.exec(path);
      if (found) return { route, params: { ...found.groups } };
    }
    return undefined;
  }

  /**
   * Django's CommonMiddleware (APPEND_SLASH): a path without its slash that would match with one is
   * answered 301 to the slashed path, query kept, for every method.
   */
  slashRedirect(path: string, search: string): string | undefined {
    if (path.endsWith('/') || !this.match(`${path}/`)) return undefined;
    return `${path}/${search}`;
  }
}
