import { PlaneError } from './errors.js';
import type { PlaneHttp, PlaneRequest } from './http.js';
import type { Page } from './types.js';

// A guard against a server that never says "no more pages": a million rows.
const MAX_PAGES = 1000;

/**
 * Every row of a paginated list. `per_page` is sent with every cursor, because since v0.28 the
 * offset is `page index × per_page of this request`; the loop follows `next_page_results`, since
 * `next_cursor` is always a string. A server with a smaller maximum (Plane Cloud documents 100)
 * says so in a 400, and the list starts again with that size.
 */
export async function fetchAllPages<T>(http: PlaneHttp, req: PlaneRequest): Promise<T[]> {
  const perPage = http.pageSize;
  try {
    return await pages<T>(http, req, perPage);
  } catch (error) {
    const smaller = error instanceof PlaneError && error.status === 400 && /Cannot exceed (\d+)/.exec(error.message);
    if (!smaller || Number(smaller[1]) >= perPage) throw error;
    http.pageSize = Number(smaller[1]);
    return pages<T>(http, req, http.pageSize);
  }
}

async function pages<T>(http: PlaneHttp, req: PlaneRequest, perPage: number): Promise<T[]> {
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
