import { anyWorkItemOf, type Handler, ok } from '../context.js';
import { ApiError } from '../errors.js';
import { orderRows } from '../order.js';
import { paginate } from '../pagination.js';
import { plainShape, readShape } from '../shape.js';
import { dictionaryBody, validationError } from '../validation.js';

/**
 * Work item links (IssueLinkListCreateAPIEndpoint): newest first. Create reads only `url` (required,
 * Django's URLValidator, http or https) and `title` (at most 255 characters); the same URL twice on
 * one work item is refused with Plane's exact error. Plane's worker that fetches the page to fill
 * `metadata` is not emulated (it sees nothing from an offline server anyway).
 */

const TITLE_MAX = 255;

export const listLinks: Handler = (context) => {
  const item = anyWorkItemOf(context);
  const links = [...context.db.links.values()].filter((link) => link.issue === item.id);
  const rows = orderRows(links, '-created_at', { created_at: (link) => link.created_at });
  const query = readShape(context.query);
  return ok(paginate(rows, context.query, context.pageRules, (link) => context.out.link(link, query)));
};

function urlProblem(url: unknown): string | undefined {
  if (typeof url !== 'string' || url.trim() === '') return 'This field is required.';
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') return 'Invalid URL scheme.';
  try {
    const parsed = new URL(url);
    if (!/^https?:$/.test(parsed.protocol) || !/\./.test(parsed.hostname) || /\s/.test(url)) return 'Invalid URL format.';
  } catch {
    return 'Invalid URL format.';
  }
  return undefined;
}

export const createLink: Handler = (context) => {
  const { db } = context;
  const item = anyWorkItemOf(context);
  const body = dictionaryBody(context.body);
  const problem = urlProblem(body.url);
  if (problem) throw validationError({ url: [problem] });
  if (body.title !== undefined && body.title !== null && (typeof body.title !== 'string' || body.title.length > TITLE_MAX)) {
    throw validationError({
      title: typeof body.title === 'string' ? [`Ensure this field has no more than ${TITLE_MAX} characters.`] : ['Not a valid string.'],
    });
  }
  const url = body.url as string;
  if ([...db.links.values()].some((link) => link.issue === item.id && link.url === url)) {
    throw new ApiError(400, { error: 'URL already exists for this Issue' });
  }
  const link = db.createLink(item, {
    title: typeof body.title === 'string' ? body.title : null,
    url,
    created_by: context.user.id,
    created_at: db.stamp(),
  });
  return ok(context.out.link(link, plainShape), 201);
};
