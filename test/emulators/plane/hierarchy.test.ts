import { afterEach, describe, expect, it } from 'vitest';
import { type Seeded, startSeeded } from './setup.js';

let seeded: Seeded;
afterEach(() => seeded.plane.close());

const post = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
const patch = (body: unknown) => ({ method: 'PATCH', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });

describe('sub-work-items: parent', () => {
  it('sets, changes and clears a parent in the same project, lists children only through the whole list, and refuses another project’s parent', async () => {
    seeded = await startSeeded();
    const { db } = seeded.plane;
    const epic = db.addWorkItem('ACME', { name: 'Epic' });
    const child = await seeded.json<{ id: string; parent: string | null }>(
      `${seeded.projectPath}/work-items/`,
      post({ name: 'Child', parent: epic.id }),
    );
    expect(child.parent).toBe(epic.id);
    // No children route and no parent filter: the list answers the whole project, each row with its parent.
    const listed = await seeded.json<{ results: { id: string; parent: string | null }[] }>(
      `${seeded.projectPath}/work-items/?parent=${epic.id}`,
    );
    expect(listed.results.map((row) => [row.id, row.parent]).sort()).toEqual(
      [
        [epic.id, null],
        [child.id, epic.id],
      ].sort(),
    );
    expect((await seeded.api(`${seeded.projectPath}/work-items/${epic.id}/sub-issues/`)).status).toBe(404);
    const cleared = await seeded.json<{ parent: string | null }>(`${seeded.projectPath}/work-items/${child.id}/`, patch({ parent: null }));
    expect(cleared.parent).toBeNull();

    db.addProject('acme', { identifier: 'OPS', name: 'Ops' });
    const elsewhere = db.addWorkItem('OPS', { name: 'Elsewhere' });
    const refused = await seeded.api(`${seeded.projectPath}/work-items/`, post({ name: 'Stray', parent: elsewhere.id }));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ non_field_errors: ['Parent is not valid issue_id please pass a valid issue_id'] });
  });
});

describe('work-item relations', () => {
  it('stores blocking as the other item’s blocked_by, one relation per pair, and lists them from both sides', async () => {
    seeded = await startSeeded();
    const { db } = seeded.plane;
    const [a, b, c] = ['Build', 'Test', 'Ship'].map((name) => db.addWorkItem('ACME', { name }));
    const path = (id: string) => `${seeded.projectPath}/work-items/${id}/relations/`;
    const answered = await seeded.api(path(c!.id), post({ relation_type: 'blocked_by', issues: [b!.id] }));
    expect(answered.status).toBe(201);
    expect(await answered.json()).toMatchObject([{ id: b!.id, sequence_id: b!.sequence_id, relation_type: 'blocked_by', name: 'Test' }]);
    await seeded.json(path(a!.id), post({ relation_type: 'blocking', issues: [b!.id] }));
    // A second type for a pair already related is dropped, still 201.
    expect((await seeded.api(path(c!.id), post({ relation_type: 'relates_to', issues: [b!.id] }))).status).toBe(201);
    expect(db.relations.map((r) => [r.issue, r.relation_type, r.related_issue])).toEqual([
      [c!.id, 'blocked_by', b!.id],
      [b!.id, 'blocked_by', a!.id],
    ]);
    const ofB = await seeded.json<Record<string, { issue_id: string }[]>>(path(b!.id));
    expect(Object.keys(ofB).sort()).toEqual([
      'blocked_by',
      'blocking',
      'duplicate',
      'finish_after',
      'finish_before',
      'relates_to',
      'start_after',
      'start_before',
    ]);
    expect(ofB.blocked_by!.map((r) => r.issue_id)).toEqual([a!.id]);
    expect(ofB.blocking!.map((r) => r.issue_id)).toEqual([c!.id]);
  });

  it('has no remove route and no /issues/ alias, answers 400 for a bad body, and does not exist before v1.3.0', async () => {
    seeded = await startSeeded();
    const { db } = seeded.plane;
    const [a, b] = ['One', 'Two'].map((name) => db.addWorkItem('ACME', { name }));
    expect((await seeded.api(`${seeded.projectPath}/work-items/${a!.id}/relations/remove/`, post({ related_issue: b!.id }))).status).toBe(
      404,
    );
    expect((await seeded.api(`${seeded.projectPath}/issues/${a!.id}/relations/`)).status).toBe(404);
    const empty = await seeded.api(
      `${seeded.projectPath}/work-items/${a!.id}/relations/`,
      post({ relation_type: 'blocked_by', issues: [] }),
    );
    expect([empty.status, await empty.json()]).toEqual([400, { issues: ['This list may not be empty.'] }]);
    const unknown = await seeded.api(
      `${seeded.projectPath}/work-items/${a!.id}/relations/`,
      post({ relation_type: 'blocked_by', issues: ['00000000-0000-4000-8000-000000000000'] }),
    );
    expect([unknown.status, await unknown.json()]).toEqual([400, { error: 'The payload is not valid' }]);
    await seeded.plane.close();

    seeded = await startSeeded({ instanceVersion: '1.2.3' });
    const old = seeded.plane.db.addWorkItem('ACME', { name: 'Old' });
    const answer = await seeded.api(`${seeded.projectPath}/work-items/${old.id}/relations/`);
    expect([answer.status, await answer.json()]).toEqual([404, { error: 'Page not found.' }]);
  });
});
