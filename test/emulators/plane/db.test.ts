import { describe, expect, it } from 'vitest';
import { FakePlaneDb } from '../../../src/emulators/plane/index.js';

describe('FakePlaneDb seeding helpers', () => {
  it('numbers work items per project and resolves refs by id, name, e-mail and key', () => {
    const db = new FakePlaneDb();
    const dana = db.addMember('acme', { email: 'dana@acme.io', display_name: 'dana', role: 20 });
    const acme = db.addProject('acme', { identifier: 'acme', name: 'Website' });
    const ops = db.addProject('acme', { identifier: 'OPS', name: 'Ops' });
    db.addLabel('ACME', { name: 'bug' });
    const first = db.addWorkItem('ACME', { name: 'One', state: 'Done', labels: ['bug'], assignees: ['dana'] });
    const second = db.addWorkItem(acme.id, { name: 'Two', assignees: ['dana@acme.io'] });
    const other = db.addWorkItem('OPS', { name: 'Elsewhere' });
    expect(acme.identifier).toBe('ACME');
    expect([first.sequence_id, second.sequence_id, other.sequence_id]).toEqual([1, 2, 1]);
    expect(db.workItem('ACME-2')).toBe(second);
    expect(db.workItem('OPS-1')).toBe(other);
    expect(first.assignees).toEqual([dana.id]);
    expect(db.states.get(first.state ?? '')?.group).toBe('completed');
    expect(first.completed_at).not.toBeNull();
    expect(db.projectMember(ops.id, dana.id)?.role).toBe(20);
    expect(() => db.workItem('ACME-9')).toThrow(/no work item/);
    expect(() => db.addWorkItem('ACME', { name: 'x', state: 'Nope' })).toThrow(/no state/);
  });

  it('adds many work items with increasing creation times', () => {
    const db = new FakePlaneDb(() => 1_000);
    db.addProject('acme', { identifier: 'ACME', name: 'Website' });
    const items = db.addManyWorkItems('ACME', 1200, (i) => ({ priority: i % 2 === 0 ? 'high' : 'low' }));
    expect(items).toHaveLength(1200);
    expect(items[1199]?.name).toBe('Work item 1200');
    expect(items[1]?.priority).toBe('low');
    expect(new Set(items.map((i) => i.created_at)).size).toBe(1200);
  });

  it("resolves an API key's owner by e-mail when the request comes, and honours expiry", () => {
    let now = 0;
    const db = new FakePlaneDb(() => now);
    db.addApiKey('k1', 'late@acme.io', { expiresAt: 10 });
    expect(db.apiKeyOwner('k1')).toBeUndefined();
    const user = db.addMember('acme', { email: 'late@acme.io' });
    expect(db.apiKeyOwner('k1')).toBe(user);
    now = 10;
    expect(db.apiKeyOwner('k1')).toBeUndefined();
  });

  it('can create a project without default states and with explicit members', () => {
    const db = new FakePlaneDb();
    db.addMember('acme', { email: 'a@acme.io' });
    const b = db.addMember('acme', { email: 'b@acme.io' });
    const project = db.addProject('acme', { identifier: 'BARE', name: 'Bare', defaultStates: false, members: [{ user: b.id, role: 5 }] });
    expect(db.projectStates(project.id)).toEqual([]);
    expect(db.projectMembers.filter((m) => m.project === project.id).map((m) => [m.member, m.role])).toEqual([[b.id, 5]]);
    expect(db.addWorkItem('BARE', { name: 'Stateless' }).state).toBeNull();
  });
});
