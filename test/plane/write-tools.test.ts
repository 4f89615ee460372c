import { afterEach, describe, expect, it } from 'vitest';
import { closeTestbeds, startTestbed } from './setup.js';
import { translator } from '../../src/i18n/index.js';

const EN = translator('en');

afterEach(closeTestbeds);

const lastBody = (t: Awaited<ReturnType<typeof startTestbed>>, method: string) =>
  JSON.parse(t.plane.requests.filter((r) => r.method === method).at(-1)!.body) as Record<string, unknown>;

describe('plane_create_issue', () => {
  it('writes state, labels, assignees and dates by name, and answers with the new key', async () => {
    const t = await startTestbed();
    const out = await t.call('plane_create_issue', {
      project: 'Acme Web',
      title: 'Checkout fails',
      description: 'Steps:\nopen <cart>',
      state: 'todo',
      priority: 'urgent',
      assignees: ['dana', 'lee@acme.io'],
      labels: ['bug'],
      start_date: '2026-04-01',
      target_date: '2026-04-30',
    });
    expect(out).toMatch(/^Created ACME-1\.\n\nACME-1: Checkout fails\nURL: https:\/\/plane.example.com\/acme\/browse\/ACME-1\//);
    expect(out).toContain(
      'State: Todo (unstarted)\nPriority: urgent\nAssignees: dana, lee\nLabels: bug\nStart date: 2026-04-01\nTarget date: 2026-04-30',
    );
    expect(out).toContain('Description:\nSteps:\nopen <cart>');
    const item = t.plane.db.workItem('ACME-1');
    expect(item.assignees).toEqual([t.users.dana.id, t.users.lee.id]);
    expect(item.description_html).toBe('<div><p>Steps:</p><p>open &lt;cart&gt;</p></div>');
  });

  it('assigns the key’s user when assignees is not given, and nobody for []', async () => {
    const t = await startTestbed();
    await t.call('plane_create_issue', { project: 'ACME', title: 'default' });
    expect(t.plane.db.workItem('ACME-1').assignees).toEqual([t.users.bot.id]);
    await t.call('plane_create_issue', { project: 'ACME', title: 'nobody', assignees: [] });
    expect(t.plane.db.workItem('ACME-2').assignees).toEqual([]);
    expect(lastBody(t, 'POST').assignees).toEqual([]);
  });

  it('leaves out what was not given, so the project’s default state applies', async () => {
    const t = await startTestbed();
    await t.call('plane_create_issue', { project: 'ACME', title: 'plain', assignees: [] });
    expect(Object.keys(lastBody(t, 'POST')).sort()).toEqual(['assignees', 'name']);
    expect(await t.call('plane_get_issue', { key: 'ACME-1' })).toContain('State: Backlog (backlog)');
  });

  it('costs one request with a warm cache', async () => {
    const t = await startTestbed();
    await t.call('plane_create_issue', { project: 'ACME', title: 'warm-up', state: 'Todo', labels: ['ui'], assignees: ['me'] });
    t.plane.resetRequests();
    await t.call('plane_create_issue', {
      project: 'ACME',
      title: 'named',
      state: 'In Progress',
      labels: ['bug'],
      assignees: ['dana', 'me'],
    });
    expect(t.apiRequests().map((r) => r.method)).toEqual(['POST']);
  });

  it('checks dates and the title before calling Plane', async () => {
    const t = await startTestbed();
    expect(await t.fail('plane_create_issue', { project: 'ACME', title: 'x', target_date: '2026-02-30' })).toMatch(
      /target_date: is not a real date/,
    );
    expect(await t.fail('plane_create_issue', { project: 'ACME', title: 'x', start_date: '03/04/2026' })).toMatch(
      /start_date: must be a date as YYYY-MM-DD/,
    );
    expect(await t.fail('plane_create_issue', { project: 'ACME', title: '  ' })).toMatch(/title:/);
    expect(t.apiRequests()).toEqual([]);
  });

  it('relays Plane’s own validation readably', async () => {
    const t = await startTestbed();
    const error = await t.fail('plane_create_issue', { project: 'ACME', title: 'x', start_date: '2026-05-02', target_date: '2026-05-01' });
    expect(error).toMatch(/^Plane rejected the request for a new work item in project ACME \(400\)\. Plane said: ".*"/);
  });

  it('describes exactly what it will do', async () => {
    const t = await startTestbed();
    const tool = t.tools.get('plane_create_issue')!;
    const input = tool.input.parse({ project: 'ACME', title: 'Checkout fails', state: 'Todo', labels: [], target_date: '2026-04-30' });
    expect(tool.describe!(input, EN)).toBe(
      'Create a work item in project ACME: title → "Checkout fails"; state → “Todo”; labels → none; target date → 2026-04-30; ' +
        'assignees → me (the requester’s Plane member, else the API key’s user).',
    );
  });
});

describe('plane_update_issue', () => {
  it('changes only the given fields', async () => {
    const t = await startTestbed();
    t.plane.db.addWorkItem('ACME', {
      name: 'x',
      priority: 'low',
      assignees: [t.users.dana.id],
      labels: ['bug'],
      target_date: '2026-03-10',
    });
    const out = await t.call('plane_update_issue', { key: 'ACME-1', priority: 'high' });
    expect(lastBody(t, 'PATCH')).toEqual({ priority: 'high' });
    expect(out).toMatch(/^Updated ACME-1 \(priority\)\./);
    expect(out).toContain('Priority: high\nAssignees: dana\nLabels: bug');
  });

  it('replaces whole assignee and label lists, and the whole description', async () => {
    const t = await startTestbed();
    t.plane.db.addWorkItem('ACME', {
      name: 'x',
      assignees: [t.users.dana.id, t.users.bot.id],
      labels: ['bug', 'ui'],
      description_html: '<p>old</p><p>text</p>',
    });
    await t.call('plane_update_issue', { key: 'ACME-1', assignees: ['lee'], labels: [], description: 'new' });
    const item = t.plane.db.workItem('ACME-1');
    expect(item.assignees).toEqual([t.users.lee.id]);
    expect(item.labels).toEqual([]);
    expect(item.description_html).toBe('<p>new</p>');
  });

  it('clears a date with null', async () => {
    const t = await startTestbed();
    t.plane.db.addWorkItem('ACME', { name: 'x', start_date: '2026-03-01', target_date: '2026-03-10' });
    const out = await t.call('plane_update_issue', { key: 'ACME-1', target_date: null });
    expect(lastBody(t, 'PATCH')).toEqual({ target_date: null });
    expect(out).toContain('Start date: 2026-03-01\nTarget date: none');
    expect(t.plane.db.workItem('ACME-1').target_date).toBeNull();
  });

  it('refuses a call without any field', async () => {
    const t = await startTestbed();
    expect(await t.fail('plane_update_issue', { key: 'ACME-1' })).toMatch(
      /give at least one field to change: title, description, state, priority, assignees, labels, start_date, target_date/,
    );
    expect(t.apiRequests()).toEqual([]);
  });

  it('costs two requests with a warm cache', async () => {
    const t = await startTestbed();
    t.plane.db.addWorkItem('ACME', { name: 'x' });
    // "me" is looked up only when an assignee is "me", so the warm-up names it too.
    await t.call('plane_update_issue', { key: 'ACME-1', state: 'Todo', labels: ['bug'], assignees: ['dana', 'me'] });
    t.plane.resetRequests();
    await t.call('plane_update_issue', { key: 'ACME-1', state: 'Done', labels: ['ui'], assignees: ['lee', 'me'], title: 'y' });
    expect(t.apiRequests().map((r) => r.method)).toEqual(['GET', 'PATCH']);
  });

  it('asks who "me" is only when an assignee is "me"', async () => {
    const t = await startTestbed();
    t.plane.db.addWorkItem('ACME', { name: 'x' });
    await t.call('plane_update_issue', { key: 'ACME-1', assignees: ['dana'] });
    await t.call('plane_update_issue', { key: 'ACME-1', assignees: [] });
    expect(t.apiRequests().map((r) => r.path)).not.toContain('/api/v1/users/me/');
    await t.call('plane_update_issue', { key: 'ACME-1', assignees: ['me'] });
    expect(t.apiRequests().map((r) => r.path)).toContain('/api/v1/users/me/');
    expect(t.plane.db.workItem('ACME-1').assignees).toEqual([t.users.bot.id]);
  });

  it('describes each field and its new value', async () => {
    const t = await startTestbed();
    const tool = t.tools.get('plane_update_issue')!;
    const input = tool.input.parse({
      key: 'acme-130',
      state: 'In Progress',
      assignees: ['dana', 'me'],
      target_date: null,
      description: 'One\ntwo',
    });
    expect(tool.describe!(input, EN)).toBe(
      'Update ACME-130: description → "One two" (replacing the whole description); state → “In Progress”; ' +
        'assignees → dana, me (replacing the current ones); target date → cleared. Other fields stay as they are.',
    );
  });
});

describe('plane_add_comment', () => {
  it('posts text as one paragraph per line, as the key’s user', async () => {
    const t = await startTestbed();
    t.plane.db.addWorkItem('ACME', { name: 'x' });
    const out = await t.call('plane_add_comment', { key: 'acme-1', text: 'line one\nline <two>' });
    expect(out).toBe('Commented on ACME-1 as plane-bot (Slack Bot, plane-bot@acme.io): https://plane.example.com/acme/browse/ACME-1/');
    const [comment] = [...t.plane.db.comments.values()];
    expect(comment!.comment_html).toBe('<p>line one</p><p>line &#60;two&#62;</p>');
    expect(comment!.actor).toBe(t.users.bot.id);
  });

  it('renders Markdown and escapes raw HTML', async () => {
    const t = await startTestbed();
    t.plane.db.addWorkItem('ACME', { name: 'x' });
    await t.call('plane_add_comment', {
      key: 'ACME-1',
      text: '## Done\n- [x] **tests**\n<img src=x onerror=alert(1)>',
      format: 'markdown',
    });
    const html = [...t.plane.db.comments.values()][0]!.comment_html;
    expect(html).toContain('<h2>Done</h2>');
    expect(html).toContain('<input checked="" disabled="" type="checkbox"> <strong>tests</strong>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;');
  });

  it('describes the comment for approval', async () => {
    const t = await startTestbed();
    const tool = t.tools.get('plane_add_comment')!;
    expect(tool.describe!(tool.input.parse({ key: 'ACME-1', text: 'Shipped in 1.4' }), EN)).toBe(
      'Add a comment to ACME-1 as the API key’s user (text): "Shipped in 1.4".',
    );
  });
});
