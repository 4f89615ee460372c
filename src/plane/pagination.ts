import type { PlaneHttp, PlaneRequest } from './http.js';
import type { Page } from './types.js';

/** Plane's maximum page size (reference §3): one request per 1,000 rows. */
export const MAX_PER_PAGE = 1000;
// A guard against a server that never says "no more pages": a million rows.
const MAX_PAGES = 1000;

/**
 * Every row of a paginated list. `per_page` is sent with every cursor, because since v0.28 the
 * offset is `page index × per_page of this request`; the loop follows `next_page_results`, since
 * `next_cursor` is always a string.
 */
export async function fetchAllPages<T>(http: PlaneHttp, req: PlaneRequest, perPage = MAX_PER_PAGE): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await http.json<Page<T> | T[]>({ ...req, query: { ...req.query, per_page: perPage, cursor } });
    // Some list routes (members, attachments) are plain arrays.
    if (Array.isArray(answer)) return answer;
    rows.push(...answer.results);
    if (!answer.next_page_results || answer.results.length === 0) break;
    cursor = answer.next_cursor;
  }
  return rows;
}
