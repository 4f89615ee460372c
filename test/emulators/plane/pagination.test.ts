import { afterEach, describe, expect, it } from 'vitest';
import type { PageEnvelope } from '../../../src/emulators/plane/pagination.js';
import { type Seeded, startSeeded } from './setup.js';

let seeded: Seeded;
afterEach(() => seeded.plane.close());

type Envelope = PageEnvelope<{ id: string; name: string; sequence_id: number }>;

describe('pagination', () => {
  it('builds the envelope of the reference example: 25 rows, per_page=10', async () => {
    seeded = await startSeeded();
    seeded.plane.db.addManyWorkItems('ACME', 25);
    const page = await seeded.json<Envelope & Record<string, unknown>>(`${seeded.projectPath}/work-items/?per_page=10`);
    const { results, ...envelope } = page;
    expect(envelope).toEqual({
      grouped_by: null,
      sub_grouped_by: null,
      total_count: 25,
      next_cursor: '10:1:0',
      prev_cursor: '10:-1:1',
      next_page_results: true,
      prev_page_results: false,
      count: 10,
      total_pages: 3,
      total_results: 25,
      extra_stats: null,
    });
    expect(Object.keys(page)).toEqual([
      'grouped_by',
      'sub_grouped_by',
      'total_count',
      'next_cursor',
      'prev_cursor',
      'next_page_results',
      'prev_page_results',
      'count',
      'total_pages',
      'total_results',
      'extra_stats',
      'results',
    ]);
    // Newest first by default.
    expect(results.map((r) => r.sequence_id)).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17, 16]);
  });

  it('keeps cursors as strings on the last page; clients must loop on next_page_results', async () => {
    seeded = await startSeeded();
    seeded.plane.db.addManyWorkItems('ACME', 25);
    const last = await seeded.json<Envelope>(`${seeded.projectPath}/work-items/?per_page=10&cursor=10:2:0`);
    expect(last.count).toBe(5);
    expect(last.next_page_results).toBe(false);
    expect(last.prev_page_results).toBe(true);
    expect(last.next_cursor).toBe('10:3:0');
    expect(last.prev_cursor).toBe('10:1:1');
  });

  it('pages 1,050 items by 100 when per_page is resent with every cursor', async () => {
    seeded = await startSeeded();
    seeded.plane.db.addManyWorkItems('ACME', 1050);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let guard = 0; guard < 20; guard += 1) {
      const page = await seeded.json<Envelope>(`${seeded.projectPath}/work-items/?per_page=100${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.results.map((r) => r.id));
      if (!page.next_page_results) break;
      cursor = page.next_cursor;
    }
    expect(seen).toHaveLength(1050);
    expect(new Set(seen).size).toBe(1050);
    expect(seeded.plane.requests).toHaveLength(11);
  });

  it('defaults per_page to 1000 on CE', async () => {
    seeded = await startSeeded();
    seeded.plane.db.addManyWorkItems('ACME', 1050);
    const page = await seeded.json<Envelope>(`${seeded.projectPath}/work-items/`);
    expect(page.count).toBe(1000);
    expect(page.total_pages).toBe(2);
    expect(page.next_cursor).toBe('1000:1:0');
  });

  it("ignores the cursor's size: a cursor without per_page pages by 1000 and skips rows", async () => {
    seeded = await startSeeded();
    seeded.plane.db.addManyWorkItems('ACME', 25);
    const alone = await seeded.json<Envelope>(`${seeded.projectPath}/work-items/?cursor=10:1:0`);
    expect(alone.count).toBe(0);
    expect(alone.results).toEqual([]);
    expect(alone.total_count).toBe(25);
    const mismatched = await seeded.json<Envelope>(`${seeded.projectPath}/work-items/?per_page=5&cursor=10:1:0`);
    expect(mismatched.results.map((r) => r.sequence_id)).toEqual([20, 19, 18, 17, 16]);
  });

  it("offset by the cursor's size before v0.28", async () => {
    seeded = await startSeeded({ instanceVersion: '0.27.0' });
    seeded.plane.db.addManyWorkItems('ACME', 25);
    const page = await seeded.json<Envelope>(`${seeded.projectPath}/issues/?per_page=5&cursor=10:1:0`);
    expect(page.results.map((r) => r.sequence_id)).toEqual([15, 14, 13, 12, 11]);
  });

  it("rejects bad parameters with the paginator's 400 bodies", async () => {
    seeded = await startSeeded();
    const cases: Array<[string, number, unknown]> = [
      ['per_page=1001', 400, { detail: 'Invalid per_page value. Cannot exceed 1000.' }],
      ['per_page=ten', 400, { detail: 'Invalid per_page parameter.' }],
      ['cursor=abc', 400, { detail: 'Invalid cursor parameter.' }],
      ['cursor=10:1', 400, { detail: 'Invalid cursor parameter.' }],
      ['per_page=10&cursor=10:-1:1', 400, { detail: 'Error in parsing' }],
      ['per_page=0', 500, { error: 'Something went wrong please try again later' }],
    ];
    for (const [query, status, body] of cases) {
      const response = await seeded.api(`${seeded.projectPath}/states/?${query}`);
      expect(response.status, query).toBe(status);
      expect(await response.json()).toEqual(body);
    }
    expect((await seeded.api(`${seeded.projectPath}/states/?per_page=1000`)).status).toBe(200);
  });

  it("uses Cloud's documented 20 / 100 page sizes", async () => {
    seeded = await startSeeded({ edition: 'cloud' });
    seeded.plane.db.addManyWorkItems('ACME', 30);
    const page = await seeded.json<Envelope>(`${seeded.projectPath}/work-items/`);
    expect(page.count).toBe(20);
    const tooMany = await seeded.api(`${seeded.projectPath}/work-items/?per_page=101`);
    expect(await tooMany.json()).toEqual({ detail: 'Invalid per_page value. Cannot exceed 100.' });
  });

  it('does not paginate members, attachments and search', async () => {
    seeded = await startSeeded();
    const item = seeded.plane.db.addWorkItem('ACME', { name: 'Plain arrays' });
    expect(Array.isArray(await seeded.json(`${seeded.projectPath}/members/`))).toBe(true);
    expect(Array.isArray(await seeded.json('/api/v1/workspaces/acme/members/'))).toBe(true);
    expect(Array.isArray(await seeded.json(`${seeded.projectPath}/work-items/${item.id}/attachments/`))).toBe(true);
    expect(await seeded.json('/api/v1/workspaces/acme/work-items/search/?search=plain')).toEqual({
      issues: [expect.objectContaining({ id: item.id })],
    });
  });
});
