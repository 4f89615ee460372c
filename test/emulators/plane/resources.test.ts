import { afterEach, describe, expect, it } from 'vitest';
import { type Seeded, startSeeded } from './setup.js';

let seeded: Seeded;
afterEach(() => seeded.plane.close());

interface Page<T> {
  results: T[];
}
type Row = Record<string, unknown> & { id: string; name: string };

describe('projects', () => {
  it('lists member projects and public ones (is_member false), not secret ones', async () => {
    seeded = await startSeeded();
    const { db } = seeded.plane;
    const publicOther = db.addProject('acme', { identifier: 'OPS', name: 'Ops', members: [seeded.dana.id] });
    db.addProject('acme', { identifier: 'HR', name: 'Hiring', network: 0, members: [seeded.dana.id] });
    const archived = db.addProject('acme', { identifier: 'OLD', name: 'Old site', archived_at: '2025-12-01' });
    const page = await seeded.json<Page<Row>>('/api/v1/workspaces/acme/projects/');
    expect(page.results.map((p) => p.identifier)).toEqual(['ACME', 'OLD', 'OPS']);
    expect(page.results[0]).toMatchObject({ is_member: true, member_role: 15, network: 2, identifier: 'ACME', total_members: 3 });
    expect(page.results.find((p) => p.id === publicOther.id)).toMatchObject({ is_member: false, member_role: null });
    expect(page.results.find((p) => p.id === archived.id)?.archived_at).toBe('2025-12-01');
  });

  it('gets one project, 404 when unknown', async () => {
    seeded = await startSeeded();
    const project = await seeded.json<Row>(`${seeded.projectPath}/?expand=project_lead&fields=id,name,identifier`);
    expect(project).toEqual({ id: seeded.project.id, name: 'Website', identifier: 'ACME' });
    const missing = await seeded.api('/api/v1/workspaces/acme/projects/00000000-0000-4000-8000-000000000000/');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'The requested resource does not exist.' });
  });
});

describe('states and labels', () => {
  it('lists states unordered (creation order) with triage hidden', async () => {
    seeded = await startSeeded();
    const { db } = seeded.plane;
    db.addState('ACME', { name: 'Needs triage', group: 'triage' });
    const review = db.addState('ACME', { name: 'In Review', group: 'started', sequence: 40000 });
    const page = await seeded.json<Page<Row>>(`${seeded.projectPath}/states/`);
    expect(page.results.map((s) => [s.name, s.group, s.sequence])).toEqual([
      ['Backlog', 'backlog', 15000],
      ['Todo', 'unstarted', 25000],
      ['In Progress', 'started', 35000],
      ['Done', 'completed', 45000],
      ['Cancelled', 'cancelled', 55000],
      ['In Review', 'started', 40000],
    ]);
    expect(page.results[0]).toMatchObject({ default: true, is_triage: false, project: seeded.project.id });
    expect((await seeded.json<Row>(`${seeded.projectPath}/states/${review.id}/`)).name).toBe('In Review');
  });

  it('lists labels newest first', async () => {
    seeded = await startSeeded();
    const { db } = seeded.plane;
    db.addLabel('ACME', { name: 'bug', color: '#EF4444' });
    const feature = db.addLabel('ACME', { name: 'feature' });
    const page = await seeded.json<Page<Row>>(`${seeded.projectPath}/labels/`);
    expect(page.results.map((l) => l.name)).toEqual(['feature', 'bug']);
    expect(Object.keys(page.results[0] ?? {})).toEqual([
      'id',
      'created_at',
      'updated_at',
      'deleted_at',
      'name',
      'description',
      'color',
      'sort_order',
      'external_source',
      'external_id',
      'created_by',
      'updated_by',
      'project',
      'workspace',
      'parent',
    ]);
    expect((await seeded.json<Row>(`${seeded.projectPath}/labels/${feature.id}/`)).name).toBe('feature');
  });
});

describe('members', () => {
  it('lists project members as plain user objects without role, under both paths', async () => {
    seeded = await startSeeded();
    const members = await seeded.json<Row[]>(`${seeded.projectPath}/members/`);
    expect(members.map((m) => m.email)).toEqual(['bot@acme.io', 'dana@acme.io', 'guest@acme.io']);
    expect(Object.keys(members[0] ?? {})).toEqual(['id', 'first_name', 'last_name', 'email', 'avatar', 'avatar_url', 'display_name']);
    expect(await seeded.json(`${seeded.projectPath}/project-members/`)).toEqual(members);
  });

  it('lists workspace members with their role, deactivated ones included', async () => {
    seeded = await startSeeded();
    seeded.plane.db.addMember('acme', { email: 'gone@acme.io', is_active: false });
    const members = await seeded.json<Array<Row & { role: number }>>('/api/v1/workspaces/acme/members/');
    expect(members.map((m) => [m.email, m.role])).toEqual([
      ['bot@acme.io', 15],
      ['dana@acme.io', 20],
      ['guest@acme.io', 5],
      ['gone@acme.io', 15],
    ]);
  });
});

describe('text search', () => {
  it('matches name, sequence number or identifier across member projects', async () => {
    seeded = await startSeeded();
    const { db } = seeded.plane;
    const login = db.addWorkItem('ACME', { name: 'Login button broken', description_html: '<p>checkout</p>' });
    db.addWorkItem('ACME', { name: 'Pricing page' });
    const ops = db.addProject('acme', { identifier: 'OPS', name: 'Ops' });
    const opsFirst = db.addWorkItem(ops.id, { name: 'Rotate keys' });
    const secret = db.addProject('acme', { identifier: 'HR', name: 'Hiring', network: 0, members: [seeded.dana.id] });
    db.addWorkItem(secret.id, { name: 'Login for candidates' });
    const search = async (query: string) =>
      (
        await seeded.json<{ issues: Array<{ id: string; project__identifier: string }> }>(
          `/api/v1/workspaces/acme/work-items/search/?${query}`,
        )
      ).issues;

    expect((await search('search=LOGIN')).map((i) => i.id)).toEqual([login.id]);
    expect(await search('search=checkout')).toEqual([]);
    expect((await search('search=1')).map((i) => i.id).sort()).toEqual([login.id, opsFirst.id].sort());
    expect((await search(`search=1&project_id=${ops.id}`)).map((i) => i.id)).toEqual([opsFirst.id]);
    expect(await search(`search=1&project_id=${ops.id}&workspace_search=true`)).toHaveLength(2);
    expect((await search('search=ops')).map((i) => i.project__identifier)).toEqual(['OPS']);
    expect(await search('search=')).toEqual([]);
    expect(await search('search=a&limit=1')).toHaveLength(1);
    const first = (await search('search=Login'))[0];
    expect(first).toEqual({
      name: 'Login button broken',
      id: login.id,
      sequence_id: 1,
      project__identifier: 'ACME',
      project_id: seeded.project.id,
      workspace__slug: 'acme',
    });
  });

  it('answers 500 for a non-integer limit and 400 for a non-UUID project_id', async () => {
    seeded = await startSeeded();
    expect((await seeded.api('/api/v1/workspaces/acme/issues/search/?search=a&limit=ten')).status).toBe(500);
    const bad = await seeded.api('/api/v1/workspaces/acme/issues/search/?search=a&project_id=ACME');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'Please provide valid detail' });
  });
});
