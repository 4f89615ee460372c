import { afterEach, describe, expect, it } from 'vitest';
import { closeTestbeds, startTestbed } from './setup.js';

afterEach(closeTestbeds);

const dana = { id: 'U-DANA', name: 'Dana', email: 'Dana@Acme.io' };
const stranger = { id: 'U-X', name: 'Xavier', email: 'xavier@elsewhere.org' };

describe('"me" is the requester when their e-mail matches a workspace member', () => {
  it('lists the requester’s items', async () => {
    const t = await startTestbed();
    t.plane.db.addWorkItem('ACME', { name: 'for dana', assignees: [t.users.dana.id] });
    t.plane.db.addWorkItem('ACME', { name: 'for the bot', assignees: [t.users.bot.id] });
    const out = await t.call('plane_list_my_issues', {}, dana);
    expect(out).toMatch(/^Work items assigned to dana \(Dana Kim, dana@acme.io\)/);
    expect(out).toContain('for dana');
    expect(out).not.toContain('for the bot');
    expect(out).not.toContain('Note:');
  });

  it('assigns the requester when assignees is not given', async () => {
    const t = await startTestbed();
    const out = await t.call('plane_create_issue', { project: 'ACME', title: 'mine' }, dana);
    expect(out).toContain('Assignees: dana\n');
    expect(t.plane.db.workItem('ACME-1').assignees).toEqual([t.users.dana.id]);
  });

  it('reports both the key’s user and the requester in plane_whoami', async () => {
    const t = await startTestbed();
    expect(await t.call('plane_whoami', {}, dana)).toBe(
      [
        'API key user: plane-bot (Slack Bot, plane-bot@acme.io)',
        '"me": the requester, dana (Dana Kim, dana@acme.io)',
        'Workspace: acme (the default)',
        `Base URL: ${t.plane.url}`,
        'API: v1 (instance v1.3.1, Community Edition, work items under /work-items/)',
      ].join('\n'),
    );
  });

  it('creates unassigned, and says why, when the requester cannot be assigned in that project', async () => {
    const t = await startTestbed();
    const lee = { id: 'U-LEE', email: 'lee@acme.io' };
    const out = await t.call('plane_create_issue', { project: 'OPS', title: 'ops work' }, lee);
    expect(out).toContain('Assignees: nobody');
    expect(out).toMatch(/Note: lee \(Lee Park, lee@acme.io\) cannot be assigned in OPS, so nobody is assigned\.$/);
    expect(t.plane.db.workItem('OPS-1').assignees).toEqual([]);
  });
});

describe('without a match "me" falls back to the key’s user, and the answer says so', () => {
  it('in plane_list_my_issues', async () => {
    const t = await startTestbed();
    t.plane.db.addWorkItem('ACME', { name: 'for the bot', assignees: [t.users.bot.id] });
    const out = await t.call('plane_list_my_issues', {}, stranger);
    expect(out).toContain('for the bot');
    expect(out).toMatch(
      /Note: Xavier's e-mail xavier@elsewhere.org matches no member of workspace acme, so "me" means the API key's user, plane-bot \(Slack Bot, plane-bot@acme.io\)\.$/,
    );
  });

  it('in plane_create_issue and plane_whoami', async () => {
    const t = await startTestbed();
    const created = await t.call('plane_create_issue', { project: 'ACME', title: 'x' }, stranger);
    expect(created).toContain('Assignees: plane-bot\n');
    expect(created).toMatch(/Note: Xavier's e-mail .* so "me" means the API key's user/);
    expect(await t.call('plane_whoami', {}, stranger)).toMatch(
      /"me": the API key's user, plane-bot .*\. Xavier's e-mail xavier@elsewhere.org matches no member/,
    );
  });

  it('when the requester’s e-mail is unknown', async () => {
    const t = await startTestbed();
    expect(await t.call('plane_list_my_issues', {}, { id: 'U-1', name: 'Kim' })).toMatch(
      /Note: Kim's e-mail is not known, so "me" means the API key's user/,
    );
  });

  it('says nothing when there is no requester at all (a script, an MCP client)', async () => {
    const t = await startTestbed();
    const out = await t.call('plane_list_my_issues', {});
    expect(out).toMatch(/^Work items assigned to plane-bot/);
    expect(out).not.toContain('Note:');
  });

  it('in plane_search_issues with assignee "me"', async () => {
    const t = await startTestbed();
    expect(await t.call('plane_search_issues', { project: 'ACME', assignee: 'me' }, stranger)).toMatch(/Note: Xavier's e-mail/);
    expect(await t.call('plane_search_issues', { project: 'ACME', assignee: 'dana' }, stranger)).not.toContain('Note:');
  });
});
