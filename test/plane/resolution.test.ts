import { afterEach, describe, expect, it } from 'vitest';
import { closeTestbeds, startTestbed } from './setup.js';

afterEach(closeTestbeds);

describe('projects', () => {
  it('resolve by identifier (any case), by name and by id', async () => {
    const t = await startTestbed();
    const id = t.plane.db.project('ACME').id;
    for (const project of ['ACME', 'acme', 'Acme Web', 'acme web', id]) {
      expect(await t.call('plane_list_states', { project })).toMatch(/^5 states in ACME:/);
    }
  });

  it('fail with the list of projects', async () => {
    const t = await startTestbed();
    expect(await t.fail('plane_list_labels', { project: 'WEB' })).toBe(
      'No project "WEB" in workspace acme. Projects: ACME (Acme Web), OPS (Operations).',
    );
  });

  it('name an unknown key prefix instead of letting Plane answer 403', async () => {
    const t = await startTestbed();
    expect(await t.fail('plane_get_issue', { key: 'NOPE-1' })).toBe(
      'No project with identifier NOPE (from NOPE-1) in workspace acme. Projects: ACME (Acme Web), OPS (Operations).',
    );
  });

  it('answer the model in English whatever the requester’s language, the phrase kept for people', async () => {
    const t = await startTestbed();
    const camille = { id: 'U0CAMILLE', name: 'camille', locale: 'fr-FR' };
    expect(await t.fail('plane_get_issue', { key: 'ACME-999' }, camille)).toBe('Plane has no work item ACME-999 in workspace acme (404).');
    expect(await t.fail('plane_list_labels', { project: 'WEB' }, camille)).toBe(
      'No project "WEB" in workspace acme. Projects: ACME (Acme Web), OPS (Operations).',
    );
  });

  it('find a project created after the list was cached', async () => {
    const t = await startTestbed();
    await t.call('plane_list_projects', {});
    t.plane.db.addProject('acme', { identifier: 'NEW', name: 'Brand new' });
    expect(await t.call('plane_list_states', { project: 'NEW' })).toMatch(/in NEW:/);
  });
});

describe('states and labels', () => {
  it('resolve by name in any case, and fail with the project’s options', async () => {
    const t = await startTestbed();
    t.plane.db.addWorkItem('ACME', { name: 'x' });
    expect(await t.call('plane_update_issue', { key: 'ACME-1', state: 'in progress', labels: ['BUG', 'ui'] })).toMatch(
      /State: In Progress \(started\)[\s\S]*Labels: bug, ui/,
    );
    expect(await t.fail('plane_update_issue', { key: 'ACME-1', state: 'Doing' })).toBe(
      'No state "Doing" in project ACME. States: Backlog (backlog), Todo (unstarted), In Progress (started), Done (completed), Cancelled (cancelled).',
    );
    expect(await t.fail('plane_update_issue', { key: 'ACME-1', labels: ['bug', 'urgent', 'p0'] })).toBe(
      'No labels "urgent", "p0" in project ACME. Labels: bug, feature, ui.',
    );
  });

  it('look in the work item’s own project', async () => {
    const t = await startTestbed();
    t.plane.db.addLabel('OPS', { name: 'infra' });
    t.plane.db.addWorkItem('ACME', { name: 'x' });
    expect(await t.fail('plane_update_issue', { key: 'ACME-1', labels: ['infra'] })).toMatch(/No label "infra" in project ACME/);
  });
});

describe('members', () => {
  it('resolve by "me", e-mail, display name, full name and id', async () => {
    const t = await startTestbed();
    t.plane.db.addWorkItem('ACME', { name: 'x' });
    const cases: [string, string][] = [
      ['me', 'plane-bot'],
      ['DANA@acme.io', 'dana'],
      ['lee', 'lee'],
      ['Dana Kim', 'dana'],
      [t.users.lee.id, 'lee'],
    ];
    for (const [ref, name] of cases) {
      const out = await t.call('plane_update_issue', { key: 'ACME-1', assignees: [ref] });
      expect(out).toContain(`Assignees: ${name}\n`);
    }
    expect(t.plane.db.workItem('ACME-1').assignees).toEqual([t.users.lee.id]);
  });

  it('fail with the assignable members, guests left out', async () => {
    const t = await startTestbed();
    t.plane.db.addWorkItem('ACME', { name: 'x' });
    expect(await t.fail('plane_update_issue', { key: 'ACME-1', assignees: ['dana', 'zoe'] })).toBe(
      'No member "zoe" can be assigned in project ACME. Members (guests cannot be assigned): ' +
        'plane-bot (Slack Bot, plane-bot@acme.io), dana (Dana Kim, dana@acme.io), lee (Lee Park, lee@acme.io).',
    );
    expect(await t.fail('plane_update_issue', { key: 'ACME-1', assignees: ['gus'] })).toMatch(/No member "gus" can be assigned/);
  });

  it('refuse someone who is not in the project, "me" included', async () => {
    const t = await startTestbed();
    t.plane.db.addWorkItem('OPS', { name: 'x' });
    expect(await t.fail('plane_update_issue', { key: 'OPS-1', assignees: ['lee'] })).toMatch(
      /^No member "lee" can be assigned in project OPS\. Members: plane-bot .*, dana .*\.$/,
    );
    const lee = { id: 'U-lee', email: 'lee@acme.io' };
    expect(await t.fail('plane_update_issue', { key: 'OPS-1', assignees: ['me'] }, lee)).toMatch(
      /^"me" is lee \(Lee Park, lee@acme.io\), who cannot be assigned in project OPS/,
    );
  });

  it('ask for the e-mail when a name is ambiguous', async () => {
    const t = await startTestbed();
    t.plane.db.addMember('acme', { email: 'dana.two@acme.io', first_name: 'Dana', last_name: 'Kim', display_name: 'dk2' });
    t.plane.db.addProjectMember('ACME', 'dana.two@acme.io');
    t.plane.db.addWorkItem('ACME', { name: 'x' });
    expect(await t.fail('plane_update_issue', { key: 'ACME-1', assignees: ['Dana Kim'] })).toMatch(
      /^"Dana Kim" matches several members \(dana \(Dana Kim, dana@acme.io\); dk2 \(Dana Kim, dana.two@acme.io\)\); use the e-mail/,
    );
  });

  it('find a member who joined after the list was cached', async () => {
    const t = await startTestbed();
    t.plane.db.addWorkItem('ACME', { name: 'x' });
    await t.call('plane_list_members', { project: 'ACME' });
    t.plane.db.addMember('acme', { email: 'new@acme.io', display_name: 'newbie' });
    t.plane.db.addProjectMember('ACME', 'new@acme.io');
    expect(await t.call('plane_update_issue', { key: 'ACME-1', assignees: ['newbie'] })).toContain('Assignees: newbie\n');
  });
});

describe('keys and workspaces', () => {
  it('refuses a malformed key and a missing workspace', async () => {
    const t = await startTestbed({ kit: { workspace: undefined } });
    expect(await t.fail('plane_get_issue', { key: 'ACME-1' })).toMatch(/No workspace given: pass `slug`.*or set PLANE_WORKSPACE/);
    expect(await t.fail('plane_get_issue', { slug: 'acme', key: 'ACME 1' })).toBe(
      '"ACME 1" is not a work item key; keys look like ACME-130.',
    );
  });

  it('takes the workspace from slug when given', async () => {
    const t = await startTestbed({ kit: { workspace: undefined } });
    expect(await t.call('plane_list_projects', { slug: 'acme' })).toMatch(/^2 projects in workspace acme:/);
  });
});
