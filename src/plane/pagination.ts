import type { z } from 'zod';
import { pageAnswer } from './answers.js';
import { PlaneError } from './errors.js';
import type { PlaneHttp, PlaneRequest } from './http.js';

// A guard against a server that never says "no more pages": a million rows.
const MAX_PAGES = 1000;

/**
 * Every row of a paginated list. `per_page` is sent with every cursor, because since v0.28 the
 * offset is `page index × per_page of this request`; the loop follows `next_page_results`, since
 * `next_cursor` is always a string. A server with a smaller maximum (Plane Cloud documents 100)
 * says so in a 400, and the list starts again with that size.
 */
export async function fetchAllPages<T>(http: PlaneHttp, req: PlaneRequest, row: z.ZodType<T>): Promise<T[]> {
  const perPage = http.pageSize;
  const page = pageAnswer(row);
  try {
    return await pages(http, req, perPage, page);
  } catch (error) {
    const smaller = error instanceof PlaneError && error.status === 400 && /Cannot exceed (\d+)/.exec(error.message);
    if (!smaller || Number(smaller[1]) >= perPage) throw error;
    http.pageSize = Number(smaller[1]);
    return pages(http, req, http.pageSize, page);
  }
}

async function pages<T>(http: PlaneHttp, req: PlaneRequest, perPage: number, page: ReturnType<typeof pageAnswer<T>>): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | undefined;
  for (let count = 0; count < MAX_PAGES; count++) {
    const answer = await http.json({ ...req, query: { ...req.query, per_page: perPage, cursor } }, page);
    // Some list routes (members, attachments) are plain arrays.
    if (Array.isArray(answer)) return answer;
    rows.push(...answer.results);
    if (!answer.next_page_results || answer.results.length === 0) break;
    cursor = answer.next_cursor;
  }
  return rows;
}
