import { afterEach, describe, expect, it } from 'vitest';
import { type Seeded, jsonBody, startSeeded } from './setup.js';

let seeded: Seeded;
afterEach(() => seeded.plane.close());

type Comment = Record<string, unknown> & { id: string; comment_html: string };
interface Page {
  results: Comment[];
}

describe('comments', () => {
  it('lists newest first in the paginated envelope, with is_member', async () => {
    seeded = await startSeeded();
    const { db } = seeded.plane;
    const item = db.addWorkItem('ACME', { name: 'Discussed' });
    db.addComment(item.id, { comment_html: '<p>first</p>', actor: seeded.dana.id, created_at: '2026-03-01T10:00:00Z' });
    db.addComment(item.id, { comment_html: '<p>third</p>', actor: seeded.bot.id, created_at: '2026-03-03T10:00:00Z' });
    db.addComment(item.id, { comment_html: '<p>second</p>', actor: seeded.dana.id, created_at: '2026-03-02T10:00:00Z' });
    const page = await seeded.json<Page>(`${seeded.projectPath}/work-items/${item.id}/comments/`);
    expect(page.results.map((c) => c.comment_html)).toEqual(['<p>third</p>', '<p>second</p>', '<p>first</p>']);
    expect(Object.keys(page.results[0] ?? {})).toEqual([
      'id',
      'is_member',
      'created_at',
      'updated_at',
      'deleted_at',
      'comment_html',
      'attachments',
      'access',
      'external_source',
      'external_id',
      'edited_at',
      'created_by',
      'updated_by',
      'project',
      'workspace',
      'issue',
      'actor',
      'description',
      'parent',
    ]);
    expect(page.results[0]).toMatchObject({
      is_member: true,
      actor: seeded.bot.id,
      access: 'INTERNAL',
      created_at: '2026-03-03T10:00:00Z',
    });
  });

  it('expands actor into the user object', async () => {
    seeded = await startSeeded();
    const item = seeded.plane.db.addWorkItem('ACME', { name: 'Who said it' });
    seeded.plane.db.addComment(item.id, { comment_html: '<p>hi</p>', actor: seeded.dana.id });
    const page = await seeded.json<Page>(`${seeded.projectPath}/work-items/${item.id}/comments/?expand=actor&per_page=20`);
    expect(page.results[0]?.actor).toMatchObject({ id: seeded.dana.id, display_name: 'dana', email: 'dana@acme.io' });
  });

  it("creates as the key's user: 201, no is_member, created_by overridable but actor not", async () => {
    seeded = await startSeeded();
    const item = seeded.plane.db.addWorkItem('ACME', { name: 'Commented' });
    const path = `${seeded.projectPath}/work-items/${item.id}/comments/?expand=actor`;
    const response = await seeded.api(path, jsonBody({ comment_html: '<p>From Slack</p>' }));
    expect(response.status).toBe(201);
    const created = (await response.json()) as Comment;
    expect(created).not.toHaveProperty('is_member');
    expect(created).toMatchObject({ comment_html: '<p>From Slack</p>', actor: seeded.bot.id, created_by: seeded.bot.id, issue: item.id });
    const attributed = (await (
      await seeded.api(path, jsonBody({ comment_html: '<p>x</p>', created_by: seeded.dana.id }))
    ).json()) as Comment;
    expect(attributed).toMatchObject({ actor: seeded.bot.id, created_by: seeded.dana.id });
  });

  it('answers 409 with the id for a duplicate external pair, and 400 for a bad access value', async () => {
    seeded = await startSeeded();
    const item = seeded.plane.db.addWorkItem('ACME', { name: 'Idempotent' });
    const path = `${seeded.projectPath}/work-items/${item.id}/comments/`;
    const body = { comment_html: '<p>once</p>', external_id: 'slack-ts-1', external_source: 'slack' };
    const first = (await (await seeded.api(path, jsonBody(body))).json()) as Comment;
    const again = await seeded.api(path, jsonBody(body));
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: 'Comment with the same external id and external source already exists', id: first.id });
    const bad = await seeded.api(path, jsonBody({ comment_html: '<p>x</p>', access: 'PUBLIC' }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ access: ['"PUBLIC" is not a valid choice.'] });
  });

  it('lists nothing for an unknown work item and refuses to comment on it', async () => {
    seeded = await startSeeded();
    const path = `${seeded.projectPath}/work-items/00000000-0000-4000-8000-000000000000/comments/`;
    expect((await seeded.json<Page>(path)).results).toEqual([]);
    const response = await seeded.api(path, jsonBody({ comment_html: '<p>x</p>' }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'The payload is not valid' });
  });

  it('on CE v0.28.0 creates the comment yet answers 400', async () => {
    seeded = await startSeeded({ instanceVersion: '0.28.0' });
    const item = seeded.plane.db.addWorkItem('ACME', { name: 'Old server' });
    const response = await seeded.api(`${seeded.projectPath}/issues/${item.id}/comments/`, jsonBody({ comment_html: '<p>x</p>' }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'The required key does not exist.' });
    expect(seeded.plane.db.comments.size).toBe(1);
  });
});
