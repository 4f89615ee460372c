import { afterEach, describe, expect, it } from 'vitest';
import { imageComponent } from '../../src/emulators/plane/index.js';
import { closeTestbeds, startTestbed, type PlaneTestbed } from './setup.js';

afterEach(closeTestbeds);

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

function seedItems(t: PlaneTestbed) {
  const { bot, dana, lee } = t.users;
  const db = t.plane.db;
  db.addWorkItem('ACME', {
    name: 'Login button broken',
    state: 'In Progress',
    priority: 'high',
    assignees: [bot.id, dana.id],
    labels: ['bug'],
    target_date: '2026-03-10',
  });
  db.addWorkItem('ACME', {
    name: 'Write docs',
    state: 'Backlog',
    priority: 'low',
    assignees: [bot.id],
    description_html: '<p>Explain the <strong>signup</strong> flow</p>',
  });
  db.addWorkItem('ACME', { name: 'Old thing', state: 'Done', assignees: [bot.id] });
  db.addWorkItem('ACME', { name: 'Dana only', state: 'Todo', priority: 'urgent', assignees: [dana.id] });
  db.addWorkItem('ACME', { name: 'Urgent todo', state: 'Todo', priority: 'urgent', assignees: [bot.id] });
  db.addWorkItem('OPS', { name: 'Rotate keys', state: 'Todo', assignees: [bot.id] });
  db.addWorkItem('ACME', { name: 'Lee login', state: 'Cancelled', assignees: [lee.id] });
}

describe('plane_list_projects', () => {
  it('lists identifiers and names, marking archived projects and projects the key’s user is not in', async () => {
    const t = await startTestbed();
    t.plane.db.addProject('acme', { identifier: 'OLD', name: 'Old site', archived_at: '2026-01-01' });
    t.plane.db.addProject('acme', { identifier: 'PUB', name: 'Public', members: [t.users.dana.id] });
    const out = await t.call('plane_list_projects', {});
    expect(out).toContain('ACME — Acme Web\n');
    expect(out).toContain('OLD — Old site (archived)');
    expect(out).toContain('PUB — Public (not a member)');
    expect(out).not.toMatch(UUID);
  });
});

describe('plane_list_my_issues', () => {
  it('lists my open items in all projects, in progress first then by priority', async () => {
    const t = await startTestbed();
    seedItems(t);
    const out = await t.call('plane_list_my_issues', {});
    expect(out.split('\n')).toEqual([
      'Work items assigned to plane-bot (Slack Bot, plane-bot@acme.io) in all projects of acme, state groups backlog, unstarted, started: 4 items.',
      'ACME-1 · Login button broken · In Progress (started) · priority high · plane-bot, dana · due 2026-03-10',
      'ACME-5 · Urgent todo · Todo (unstarted) · priority urgent · plane-bot',
      'OPS-1 · Rotate keys · Todo (unstarted) · priority none · plane-bot',
      'ACME-2 · Write docs · Backlog (backlog) · priority low · plane-bot',
    ]);
  });

  it('takes a project and state groups', async () => {
    const t = await startTestbed();
    seedItems(t);
    const out = await t.call('plane_list_my_issues', { project: 'ACME', state_groups: ['completed'] });
    expect(out).toContain('in project ACME, state groups completed: 1 item.');
    expect(out).toContain('ACME-3 · Old thing · Done (completed)');
  });

  it('says when the limit cut the list', async () => {
    const t = await startTestbed();
    seedItems(t);
    const out = await t.call('plane_list_my_issues', { limit: 2 });
    expect(out).toMatch(/: 4 found; the limit of 2 cut the list to the first 2\./);
    expect(out.split('\n')).toHaveLength(3);
  });

  it('checks its limit', async () => {
    const t = await startTestbed();
    expect(await t.fail('plane_list_my_issues', { limit: 500 })).toMatch(/Invalid input for plane_list_my_issues:\n- limit:/);
  });

  it('reads a 2,500-item project in three requests and filters on the client', async () => {
    const t = await startTestbed();
    t.plane.db.addManyWorkItems('ACME', 2500, (i) => ({ assignees: i % 10 === 0 ? [t.users.bot.id] : [t.users.dana.id], state: 'Todo' }));
    await t.call('plane_list_states', { project: 'ACME' });
    await t.call('plane_list_members', { project: 'ACME' });
    await t.call('plane_list_labels', { project: 'ACME' });
    await t.call('plane_whoami', {});
    t.plane.resetRequests();
    const out = await t.call('plane_list_my_issues', { project: 'ACME', limit: 200 });
    expect(out).toMatch(/: 250 found; the limit of 200 cut the list to the first 200\./);
    expect(t.apiRequests()).toHaveLength(3);
  });
});

describe('plane_search_issues', () => {
  it('finds text in titles, keys and descriptions, case-insensitively', async () => {
    const t = await startTestbed();
    seedItems(t);
    const byTitle = await t.call('plane_search_issues', { project: 'acme', query: 'LOGIN' });
    expect(byTitle).toMatch(/matching "LOGIN": 2 items\./);
    expect(byTitle).toContain('ACME-1 · Login button broken');
    expect(byTitle).toContain('ACME-6 · Lee login');
    expect(await t.call('plane_search_issues', { project: 'ACME', query: 'signup flow' })).toContain('ACME-2 · Write docs');
    expect(await t.call('plane_search_issues', { project: 'ACME', query: 'acme-4' })).toContain('ACME-4 · Dana only');
  });

  it('filters by assignee (name, e-mail or "me") and state group', async () => {
    const t = await startTestbed();
    seedItems(t);
    const dana = await t.call('plane_search_issues', { project: 'ACME', assignee: 'dana@acme.io' });
    expect(dana).toMatch(/assigned to dana \(Dana Kim, dana@acme.io\): 2 items\./);
    const mineOpen = await t.call('plane_search_issues', { project: 'ACME', assignee: 'me', state_groups: ['unstarted', 'started'] });
    expect(mineOpen).toMatch(/assigned to plane-bot .*, in state groups unstarted, started: 2 items\./);
    expect(mineOpen).not.toContain('Write docs');
  });

  it('says when the limit cut the list', async () => {
    const t = await startTestbed();
    t.plane.db.addManyWorkItems('ACME', 40);
    expect(await t.call('plane_search_issues', { project: 'ACME', query: 'work item' })).toMatch(
      /matching "work item": 40 found; the limit of 30 cut the list to the first 30\./,
    );
  });

  it('fails with the options when the assignee matches nobody', async () => {
    const t = await startTestbed();
    expect(await t.fail('plane_search_issues', { project: 'ACME', assignee: 'zoe' })).toMatch(/No member "zoe" .* Members/);
  });
});

describe('plane_get_issue', () => {
  it('shows state and group, priority, names, dates, the link and the description with [image n] markers', async () => {
    const t = await startTestbed();
    const db = t.plane.db;
    const item = db.addWorkItem('ACME', {
      name: 'Login button broken',
      state: 'In Progress',
      priority: 'high',
      assignees: [t.users.dana.id],
      labels: ['bug', 'ui'],
      start_date: '2026-03-03',
      target_date: '2026-03-10',
      created_at: '2026-03-02T09:14:27Z',
    });
    const asset = db.addAsset('acme', { type: 'image/png', bytes: 'x', workItem: item.id });
    item.description_html =
      `<p>Ask <mention-component entity_identifier="${t.users.lee.id}" entity_name="user_mention"></mention-component></p>` +
      imageComponent(asset.id) +
      '<p>after</p>' +
      imageComponent('https://example.com/shot.png');
    const out = await t.call('plane_get_issue', { key: 'acme-1' });
    expect(out).toBe(
      [
        'ACME-1: Login button broken',
        'URL: https://plane.example.com/acme/browse/ACME-1/',
        'Project: Acme Web (ACME)',
        'State: In Progress (started)',
        'Priority: high',
        'Assignees: dana',
        'Labels: ui, bug',
        'Start date: 2026-03-03',
        'Target date: 2026-03-10',
        'Created: 2026-03-02',
        `Updated: 2026-03-02`,
        '',
        'Description:',
        'Ask @lee',
        '[image 1]',
        'after',
        '[image 2]',
        '',
        'Images (plane_get_issue with images: true shows them):',
        '[image 1] uploaded image',
        '[image 2] external image https://example.com/shot.png',
      ].join('\n'),
    );
  });

  it('costs one request with a warm cache', async () => {
    const t = await startTestbed();
    t.plane.db.addWorkItem('ACME', { name: 'x', assignees: [t.users.bot.id], labels: ['bug'] });
    await t.call('plane_get_issue', { key: 'ACME-1' });
    t.plane.resetRequests();
    await t.call('plane_get_issue', { key: 'ACME-1' });
    expect(t.apiRequests().map((r) => r.path)).toEqual(['/api/v1/workspaces/acme/work-items/ACME-1/']);
  });

  it('lists no states, labels or members for an item read by key, which comes expanded', async () => {
    const t = await startTestbed();
    t.plane.db.addWorkItem('ACME', { name: 'x', state: 'Todo', assignees: [t.users.dana.id], labels: ['bug'] });
    const out = await t.call('plane_get_issue', { key: 'ACME-1' });
    expect(out).toContain('State: Todo (unstarted)\nPriority: none\nAssignees: dana\nLabels: bug');
    expect(t.apiRequests().map((r) => r.path)).toEqual(['/api/v1/workspaces/acme/projects/', '/api/v1/workspaces/acme/work-items/ACME-1/']);
  });
});

describe('plane_list_comments', () => {
  it('lists comments oldest first with author names and dates', async () => {
    const t = await startTestbed();
    t.plane.db.addWorkItem('ACME', { name: 'x' });
    t.plane.db.addComment('ACME-1', { comment_html: '<p>first, by dana</p>', actor: t.users.dana.id, created_at: '2026-03-04T10:00:00Z' });
    t.plane.db.addComment('ACME-1', {
      comment_html: '<p>second</p><ul><li><p>a point</p></li></ul>',
      actor: t.users.lee.id,
      created_at: '2026-03-05T10:00:00Z',
    });
    t.plane.db.addComment('ACME-1', { comment_html: '<p>third</p>', actor: t.users.bot.id, created_at: '2026-03-06T10:00:00Z' });
    const out = await t.call('plane_list_comments', { key: 'ACME-1' });
    expect(out).toBe(
      '3 comments on ACME-1, oldest first:\n\ndana · 2026-03-04\nfirst, by dana\n\nlee · 2026-03-05\nsecond\n * a point\n\nplane-bot · 2026-03-06\nthird',
    );
  });

  it('says when there are none', async () => {
    const t = await startTestbed();
    t.plane.db.addWorkItem('ACME', { name: 'x' });
    expect(await t.call('plane_list_comments', { key: 'ACME-1' })).toBe('ACME-1 has no comments.');
  });
});

describe('plane_list_states, plane_list_labels, plane_list_members', () => {
  it('list states in board order with their groups', async () => {
    const t = await startTestbed();
    t.plane.db.addState('ACME', { name: 'In Review', group: 'started', sequence: 40000 });
    expect(await t.call('plane_list_states', { project: 'ACME' })).toBe(
      '6 states in ACME:\nBacklog — backlog (default for new work items)\nTodo — unstarted\nIn Progress — started\nIn Review — started\nDone — completed\nCancelled — cancelled',
    );
  });

  it('list labels by name, nested ones under their parent', async () => {
    const t = await startTestbed();
    const bug = t.plane.db.project('ACME') && [...t.plane.db.labels.values()].find((l) => l.name === 'bug')!;
    t.plane.db.addLabel('ACME', { name: 'crash', parent: bug.id });
    expect(await t.call('plane_list_labels', { project: 'ACME' })).toBe('4 labels in ACME:\nbug\ncrash (under bug)\nfeature\nui');
  });

  it('list who can be assigned, without guests', async () => {
    const t = await startTestbed();
    expect(await t.call('plane_list_members', { project: 'ACME' })).toBe(
      '3 members of ACME can be assigned (guests, who cannot be assigned, are left out):\n' +
        'plane-bot — Slack Bot <plane-bot@acme.io>\ndana — Dana Kim <dana@acme.io>\nlee — Lee Park <lee@acme.io>',
    );
  });
});
