import { afterEach, describe, expect, it } from 'vitest';
import { type Seeded, jsonBody, startSeeded } from './setup.js';

let seeded: Seeded;
afterEach(() => seeded.plane.close());

type Item = Record<string, unknown> & { id: string; sequence_id: number; name: string };
interface Page {
  total_count: number;
  results: Item[];
}

const WORK_ITEM_KEYS = [
  'id',
  'type_id',
  'created_at',
  'updated_at',
  'deleted_at',
  'point',
  'name',
  'description_html',
  'description_binary',
  'priority',
  'start_date',
  'target_date',
  'sequence_id',
  'sort_order',
  'completed_at',
  'archived_at',
  'is_draft',
  'external_source',
  'external_id',
  'created_by',
  'updated_by',
  'project',
  'workspace',
  'parent',
  'state',
  'estimate_point',
  'type',
  'assignees',
  'labels',
];

describe('work-item reads', () => {
  it('returns the documented object with UUIDs for state, assignees and labels', async () => {
    seeded = await startSeeded();
    const { db } = seeded.plane;
    const bug = db.addLabel('ACME', { name: 'bug', color: '#EF4444' });
    const item = db.addWorkItem('ACME', {
      name: 'Login',
      state: 'In Progress',
      assignees: [seeded.bot.id],
      labels: ['bug'],
      priority: 'high',
      target_date: '2026-03-10',
    });
    const body = await seeded.json<Item>(`${seeded.projectPath}/work-items/${item.id}/`);
    expect(Object.keys(body)).toEqual(WORK_ITEM_KEYS);
    expect(body).toMatchObject({
      name: 'Login',
      priority: 'high',
      target_date: '2026-03-10',
      sequence_id: 1,
      state: item.state,
      assignees: [seeded.bot.id],
      labels: [bug.id],
      project: seeded.project.id,
      description_html: '<p></p>',
    });
    expect(body.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{6})?Z$/);
  });

  it('expands state, assignees, labels, project and parent; fields filters first', async () => {
    seeded = await startSeeded();
    const { db } = seeded.plane;
    db.addLabel('ACME', { name: 'bug' });
    const parent = db.addWorkItem('ACME', { name: 'Epic' });
    const item = db.addWorkItem('ACME', { name: 'Child', parent: parent.id, assignees: ['dana@acme.io'], labels: ['bug'] });
    const expanded = await seeded.json<Item>(
      `${seeded.projectPath}/work-items/${item.id}/?expand=state,assignees,labels,project,parent,bogus`,
    );
    expect(expanded.state).toEqual({ id: item.state, name: 'Backlog', color: '#60646C', group: 'backlog' });
    expect(expanded.assignees).toEqual([
      {
        id: seeded.dana.id,
        first_name: 'Dana',
        last_name: 'Kim',
        email: 'dana@acme.io',
        avatar: '',
        avatar_url: null,
        display_name: 'dana',
      },
    ]);
    expect((expanded.labels as Array<Record<string, unknown>>)[0]).toMatchObject({ name: 'bug', project: seeded.project.id, parent: null });
    expect(expanded.project).toMatchObject({ id: seeded.project.id, identifier: 'ACME', name: 'Website' });
    expect(expanded.parent).toEqual({ id: parent.id, sequence_id: 1, project_id: seeded.project.id });

    const compact = await seeded.json<Item>(`${seeded.projectPath}/work-items/${item.id}/?fields=id,name,state&expand=state,assignees`);
    expect(Object.keys(compact)).toEqual(['id', 'name', 'state']);
    expect(compact.state).toMatchObject({ group: 'backlog' });
  });

  it('gets by human key, splitting at the last hyphen', async () => {
    seeded = await startSeeded();
    const { db } = seeded.plane;
    db.addProject('acme', { identifier: 'WEB2', name: 'Web 2' });
    db.addManyWorkItems('WEB2', 7);
    const item = db.addWorkItem('ACME', { name: 'First' });
    expect((await seeded.json<Item>('/api/v1/workspaces/acme/work-items/ACME-1/')).id).toBe(item.id);
    expect((await seeded.json<Item>('/api/v1/workspaces/acme/issues/ACME-1/?fields=id,name')).name).toBe('First');
    expect((await seeded.json<Item>('/api/v1/workspaces/acme/work-items/WEB2-7/')).name).toBe('Work item 7');
  });

  it('answers by-key errors as the reference says: 403 unknown or wrong-case identifier, 404 number, 500 non-numeric', async () => {
    seeded = await startSeeded();
    seeded.plane.db.addWorkItem('ACME', { name: 'First' });
    const cases: Array<[string, number, unknown]> = [
      ['acme-1', 403, { detail: 'You do not have permission to perform this action.' }],
      ['NOPE-1', 403, { detail: 'You do not have permission to perform this action.' }],
      ['ACME-99', 404, { error: 'The requested resource does not exist.' }],
      ['ACME-abc', 500, { error: 'Something went wrong please try again later' }],
    ];
    for (const [key, status, body] of cases) {
      const response = await seeded.api(`/api/v1/workspaces/acme/work-items/${key}/`);
      expect(response.status, key).toBe(status);
      expect(await response.json()).toEqual(body);
    }
  });

  it('hides archived, draft and triage items from lists and lookups', async () => {
    seeded = await startSeeded();
    const { db } = seeded.plane;
    db.addState('ACME', { name: 'Triage', group: 'triage' });
    const visible = db.addWorkItem('ACME', { name: 'Visible' });
    const hidden = [
      db.addWorkItem('ACME', { name: 'Archived', archived_at: '2026-01-01' }),
      db.addWorkItem('ACME', { name: 'Draft', is_draft: true }),
      db.addWorkItem('ACME', { name: 'In triage', state: 'Triage' }),
    ];
    const page = await seeded.json<Page>(`${seeded.projectPath}/work-items/`);
    expect(page.results.map((r) => r.id)).toEqual([visible.id]);
    expect(page.total_count).toBe(1);
    for (const item of hidden) {
      const response = await seeded.api(`${seeded.projectPath}/work-items/${item.id}/`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'The requested resource does not exist.' });
    }
    expect((await seeded.api(`/api/v1/workspaces/acme/work-items/ACME-${hidden[0]?.sequence_id}/`)).status).toBe(404);
  });

  it('ignores every filter parameter on Community Edition', async () => {
    seeded = await startSeeded();
    const { db } = seeded.plane;
    const done = db.addWorkItem('ACME', { name: 'Done one', state: 'Done', assignees: [seeded.dana.id], priority: 'low' });
    db.addWorkItem('ACME', { name: 'Mine', assignees: [seeded.bot.id], priority: 'urgent' });
    const state = done.state ?? '';
    const filtered = await seeded.json<Page>(
      `${seeded.projectPath}/work-items/?state=${state}&assignee=${seeded.dana.id}&priority=low&group_by=state&sequence_id=1&pql=x`,
    );
    expect(filtered.results).toHaveLength(2);
  });

  it('honours state and assignee filters on Cloud', async () => {
    seeded = await startSeeded({ edition: 'cloud' });
    const { db } = seeded.plane;
    const done = db.addWorkItem('ACME', { name: 'Done one', state: 'Done', assignees: [seeded.dana.id] });
    const mine = db.addWorkItem('ACME', { name: 'Mine', assignees: [seeded.bot.id] });
    const byState = await seeded.json<Page>(`${seeded.projectPath}/work-items/?state=${done.state}`);
    expect(byState.results.map((r) => r.id)).toEqual([done.id]);
    const byAssignee = await seeded.json<Page>(`${seeded.projectPath}/work-items/?assignee=${seeded.bot.id}`);
    expect(byAssignee.results.map((r) => r.id)).toEqual([mine.id]);
  });

  it('orders by -created_at by default, honours order_by, and fails 500 on an unknown field', async () => {
    seeded = await startSeeded();
    const { db } = seeded.plane;
    db.addWorkItem('ACME', { name: 'low', priority: 'low' });
    db.addWorkItem('ACME', { name: 'urgent', priority: 'urgent' });
    db.addWorkItem('ACME', { name: 'none' });
    const names = async (query: string) =>
      (await seeded.json<Page>(`${seeded.projectPath}/work-items/${query}`)).results.map((r) => r.name);
    expect(await names('')).toEqual(['none', 'urgent', 'low']);
    expect(await names('?order_by=priority')).toEqual(['urgent', 'low', 'none']);
    expect(await names('?order_by=-priority')).toEqual(['none', 'low', 'urgent']);
    expect(await names('?order_by=sequence_id')).toEqual(['low', 'urgent', 'none']);
    expect((await seeded.api(`${seeded.projectPath}/work-items/?order_by=nonsense`)).status).toBe(500);
  });

  it('answers one object, not an envelope, for external_id + external_source', async () => {
    seeded = await startSeeded();
    const item = seeded.plane.db.addWorkItem('ACME', { name: 'Imported', external_id: 'J-1', external_source: 'jira' });
    const found = await seeded.json<Item>(`${seeded.projectPath}/work-items/?external_id=J-1&external_source=jira`);
    expect(found.id).toBe(item.id);
    expect((await seeded.api(`${seeded.projectPath}/work-items/?external_id=J-2&external_source=jira`)).status).toBe(404);
  });

  it("renders datetimes in the key owner's timezone, with microseconds", async () => {
    seeded = await startSeeded({ apiKeys: { plane_api_kolkata: 'asha@acme.io' } });
    seeded.plane.db.addMember('acme', { email: 'asha@acme.io', timezone: 'Asia/Kolkata' });
    seeded.plane.db.addProjectMember('ACME', 'asha@acme.io');
    const item = seeded.plane.db.addWorkItem('ACME', { name: 'Zoned', created_at: '2026-03-04T16:05:11.902Z' });
    const utc = await seeded.json<Item>(`${seeded.projectPath}/work-items/${item.id}/`);
    expect(utc.created_at).toBe('2026-03-04T16:05:11.902000Z');
    const zoned = await seeded.json<Item>(`${seeded.projectPath}/work-items/${item.id}/`, {
      headers: { 'X-Api-Key': 'plane_api_kolkata' },
    });
    expect(zoned.created_at).toBe('2026-03-04T21:35:11.902000+05:30');
  });

  it('serves both path families; PUT is not routed', async () => {
    seeded = await startSeeded();
    const item = seeded.plane.db.addWorkItem('ACME', { name: 'Twice' });
    const viaIssues = await seeded.json<Item>(`${seeded.projectPath}/issues/${item.id}/`);
    const viaWorkItems = await seeded.json<Item>(`${seeded.projectPath}/work-items/${item.id}/`);
    expect(viaIssues).toEqual(viaWorkItems);
    const put = await seeded.api(`${seeded.projectPath}/work-items/${item.id}/`, jsonBody({ name: 'x' }, 'PUT'));
    expect(put.status).toBe(405);
    expect(await put.json()).toEqual({ detail: 'Method "PUT" not allowed.' });
  });
});

describe('work-item writes', () => {
  it("creates with defaults: default state, priority none, next sequence id, the key's user as creator", async () => {
    seeded = await startSeeded();
    seeded.plane.db.addWorkItem('ACME', { name: 'Existing' });
    const response = await seeded.api(`${seeded.projectPath}/work-items/?expand=state`, jsonBody({ name: '  New item  ' }));
    expect(response.status).toBe(201);
    const created = (await response.json()) as Item;
    expect(Object.keys(created)).toEqual(WORK_ITEM_KEYS);
    const backlog = seeded.plane.db.defaultState(seeded.project.id);
    expect(created).toMatchObject({
      name: 'New item',
      sequence_id: 2,
      priority: 'none',
      state: backlog?.id,
      created_by: seeded.bot.id,
      assignees: [],
      labels: [],
      description_html: '<p></p>',
    });
  });

  it('drops assignees who are not members (or guests) and labels of other projects, silently', async () => {
    seeded = await startSeeded();
    const { db } = seeded.plane;
    const outsider = db.addUser({ email: 'out@else.io' });
    const mine = db.addLabel('ACME', { name: 'bug' });
    const other = db.addProject('acme', { identifier: 'OPS', name: 'Ops' });
    const foreign = db.addLabel(other.id, { name: 'infra' });
    const response = await seeded.api(
      `${seeded.projectPath}/work-items/`,
      jsonBody({ name: 'Filtered', assignees: [seeded.dana.id, seeded.guest.id, outsider.id], labels: [mine.id, foreign.id] }),
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ assignees: [seeded.dana.id], labels: [mine.id] });
  });

  it("answers validation errors in DRF's shapes", async () => {
    seeded = await startSeeded();
    const { db } = seeded.plane;
    const other = db.addProject('acme', { identifier: 'OPS', name: 'Ops' });
    const foreignState = db.projectStates(other.id)[0]?.id;
    const missing = '00000000-0000-4000-8000-000000000000';
    const cases: Array<[unknown, unknown]> = [
      [{}, { name: ['This field is required.'] }],
      [{ name: '' }, { name: ['This field may not be blank.'] }],
      [{ name: 'x'.repeat(256) }, { name: ['Ensure this field has no more than 255 characters.'] }],
      [{ name: 'a', priority: 'p0' }, { priority: ['"p0" is not a valid choice.'] }],
      [
        { name: 'a', start_date: '2026-03-03T10:00:00Z' },
        { start_date: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'] },
      ],
      [{ name: 'a', start_date: '2026-03-10', target_date: '2026-03-01' }, { non_field_errors: ['Start date cannot exceed target date'] }],
      [{ name: 'a', state: foreignState }, { non_field_errors: ['State is not valid please pass a valid state_id'] }],
      [{ name: 'a', state: missing }, { state: [`Invalid pk "${missing}" - object does not exist.`] }],
      [{ name: 'a', state: 'Done' }, { state: ['“Done” is not a valid UUID.'] }],
      [{ name: 'a', assignees: [missing] }, { assignees: { '0': [`Invalid pk "${missing}" - object does not exist.`] } }],
      [[{ name: 'a' }], { non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] }],
    ];
    for (const [body, errors] of cases) {
      const response = await seeded.api(`${seeded.projectPath}/work-items/`, jsonBody(body));
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toEqual(errors);
    }
    const malformed = await seeded.api(`${seeded.projectPath}/work-items/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"name":',
    });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { detail: string }).detail).toMatch(/^JSON parse error - /);
    expect(db.workItems.size).toBe(0);
  });

  it('refuses non-JSON bodies with 415 and bodies over FILE_SIZE_LIMIT with 413', async () => {
    seeded = await startSeeded();
    const text = await seeded.api(`${seeded.projectPath}/work-items/`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'name',
    });
    expect(text.status).toBe(415);
    expect(await text.json()).toEqual({ detail: 'Unsupported media type "text/plain" in request.' });
    const huge = await seeded.api(`${seeded.projectPath}/work-items/`, jsonBody({ name: 'big', description_html: 'x'.repeat(5_242_880) }));
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ error: 'REQUEST_BODY_TOO_LARGE' });
    expect(seeded.plane.db.workItems.size).toBe(0);
  });

  it('answers 409 with the existing id for a duplicate external pair', async () => {
    seeded = await startSeeded();
    const existing = seeded.plane.db.addWorkItem('ACME', { name: 'Once', external_id: 'slack-1', external_source: 'slack' });
    const response = await seeded.api(
      `${seeded.projectPath}/work-items/`,
      jsonBody({ name: 'Twice', external_id: 'slack-1', external_source: 'slack' }),
    );
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: 'Issue with the same external id and external source already exists', id: existing.id });
  });

  it('patches only what is sent: lists replace, null clears, a null state falls back to the default', async () => {
    seeded = await startSeeded();
    const { db } = seeded.plane;
    db.addLabel('ACME', { name: 'bug' });
    const docs = db.addLabel('ACME', { name: 'docs' });
    const item = db.addWorkItem('ACME', {
      name: 'Patch me',
      state: 'In Progress',
      assignees: [seeded.dana.id],
      labels: ['bug'],
      target_date: '2026-03-10',
      priority: 'high',
    });
    const path = `${seeded.projectPath}/work-items/${item.id}/?expand=state`;
    const patched = await seeded.json<Item>(path, jsonBody({ assignees: [seeded.bot.id], labels: [docs.id], target_date: null }, 'PATCH'));
    expect(patched).toMatchObject({
      name: 'Patch me',
      priority: 'high',
      assignees: [seeded.bot.id],
      labels: [docs.id],
      target_date: null,
      updated_by: seeded.bot.id,
    });
    // expand is not applied to update responses.
    expect(typeof patched.state).toBe('string');
    const reset = await seeded.json<Item>(path, jsonBody({ state: null }, 'PATCH'));
    expect(reset.state).toBe(db.defaultState(seeded.project.id)?.id);
  });

  it("sets completed_at when the state's group becomes completed and clears it otherwise", async () => {
    seeded = await startSeeded();
    const { db } = seeded.plane;
    const item = db.addWorkItem('ACME', { name: 'Finish me' });
    const states = Object.fromEntries(db.projectStates(seeded.project.id).map((s) => [s.group, s.id]));
    const path = `${seeded.projectPath}/work-items/${item.id}/`;
    expect((await seeded.json<Item>(path, jsonBody({ state: states.completed }, 'PATCH'))).completed_at).toEqual(expect.any(String));
    expect((await seeded.json<Item>(path, jsonBody({ state: states.started }, 'PATCH'))).completed_at).toBeNull();
  });

  it('answers 404 for an unknown work item and "Page not found." for a malformed id', async () => {
    seeded = await startSeeded();
    const unknown = await seeded.api(
      `${seeded.projectPath}/work-items/00000000-0000-4000-8000-000000000000/`,
      jsonBody({ name: 'x' }, 'PATCH'),
    );
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'The requested resource does not exist.' });
    const malformed = await seeded.api(`${seeded.projectPath}/work-items/ACME-1/`);
    expect(malformed.status).toBe(404);
    expect(await malformed.json()).toEqual({ error: 'Page not found.' });
  });
});
