import { ApiError, serverError } from './errors.js';

/**
 * Plane's offset paginator: `per_page` and a cursor `"<size>:<page>:<is_prev>"`.
 * Since v0.28 the row offset is page × this request's per_page and the cursor's size is ignored, so
 * a cursor sent without per_page pages by the default (1000) and usually lands past the end.
 */

export interface PageRules {
  defaultPerPage: number;
  maxPerPage: number;
  /** Before v0.28 the offset used the cursor's first number instead. */
  offsetByCursorSize: boolean;
}

export interface PageEnvelope<T> {
  grouped_by: null;
  sub_grouped_by: null;
  total_count: number;
  next_cursor: string;
  prev_cursor: string;
  next_page_results: boolean;
  prev_page_results: boolean;
  count: number;
  total_pages: number;
  total_results: number;
  extra_stats: null;
  results: T[];
}

const parseError = (detail: string) => new ApiError(400, { detail });

/** Python's int(): optional sign and surrounding blanks, digits only. */
function pythonInt(text: string): number | undefined {
  return /^\s*[+-]?\d+\s*$/.test(text) ? Number(text) : undefined;
}

export function paginate<Row, Out>(
  rows: readonly Row[],
  query: URLSearchParams,
  rules: PageRules,
  render: (row: Row) => Out,
): PageEnvelope<Out> {
  const perPageText = query.get('per_page');
  const perPage = perPageText === null ? rules.defaultPerPage : pythonInt(perPageText);
  if (perPage === undefined) throw parseError('Invalid per_page parameter.');
  if (perPage > rules.maxPerPage) throw parseError(`Invalid per_page value. Cannot exceed ${rules.maxPerPage}.`);
  // Zero divides by zero and negatives fail the queryset slice in the paginator: both escape as a
  // 500 (Plane's catch-all; inferred from Plane's code for these values).
  if (perPage <= 0) throw serverError();

  const bits = (query.get('cursor') ?? `${perPage}:0:0`).split(':').map(pythonInt);
  const [size, page, isPrev] = bits;
  if (bits.length !== 3 || size === undefined || page === undefined || isPrev === undefined) {
    throw parseError('Invalid cursor parameter.');
  }
  const offset = page * (rules.offsetByCursorSize ? size : perPage);
  if (offset < 0) throw parseError('Error in parsing');

  const total = rows.length;
  const results = rows.slice(offset, offset + perPage).map(render);
  return {
    grouped_by: null,
    sub_grouped_by: null,
    total_count: total,
    // Always strings, even with no page there: clients must loop on next_page_results.
    next_cursor: `${perPage}:${page + 1}:0`,
    prev_cursor: `${perPage}:${page - 1}:1`,
    next_page_results: total > offset + perPage,
    prev_page_results: page > 0,
    count: results.length,
    total_pages: Math.ceil(total / perPage),
    total_results: total,
    extra_stats: null,
    results,
  };
}
