import { describe, expect, it } from 'vitest';
import { usageOf } from '../../../src/slack/commands/usage.js';
import { ALICE, BOB, OPS, blockTexts, buttons, errorOf, expectError, firstLine, run, sharedBot, shown, type Expected } from './support.js';
import { translator } from '../../../src/i18n/index.js';

const EN = translator('en');

const harness = sharedBot({
  setUp({ plane: { db } }) {
    // alice and bob joined the workspace after the project was made: make them project members.
    db.addProjectMember('ACME', 'alice@acme.test');
    db.addProjectMember('ACME', 'bob@acme.test');
    const alice = db.user('alice@acme.test').id;
    for (const key of ['ACME-2', 'ACME-3', 'ACME-7']) db.workItem(key).assignees.push(alice);
  },
});

const plane = (text: string, expected: Expected, user = ALICE) => run(harness(), { command: '/plane', text, user }, expected);

function itemLink(key: string): string {
  return `${harness().plane.url}/acme/browse/${key}/`;
}

describe('/plane', () => {
  it('shows a work item as a card in the channel', async () => {
    const { channel } = await plane('show acme-1', { channel: 1 });
    const [card] = channel;
    expect(card!.text).toBe('ACME-1: Login button unresponsive on Safari (In Progress)');
    const texts = blockTexts(card!);
    expect(texts[0]).toBe('ACME-1 Login button unresponsive on Safari');
    expect(texts.slice(1, 5)).toEqual(['*State*\n→ In Progress', '*Priority*\nurgent', '*Assignees*\nleo', '*Labels*\nbug']);
    // The description as Slack formatting: Plane's <strong> is bold.
    expect(texts.join('\n')).toContain('Clicking *Sign in* does nothing on Safari 17.');
    expect(buttons(card!)).toEqual([
      expect.objectContaining({ action_id: 'work_item_open', url: itemLink('ACME-1') }),
      expect.objectContaining({ action_id: 'work_item_assign_me', value: 'ACME-1' }),
      expect.objectContaining({
        action_id: 'work_item_state',
        initial_option: { text: expect.objectContaining({ text: 'In Progress' }), value: 'In Progress' },
      }),
      expect.objectContaining({ action_id: 'work_item_comment', value: 'ACME-1' }),
    ]);
    const answer = await harness().slack.clickButton({ user: BOB, channel: OPS, messageTs: card!.ts, actionId: 'work_item_open' });
    expect(answer.status).toBe(200);
  });

  it("lists the requester's own open items privately: alice's are alice's", async () => {
    const { ephemeral } = await plane('mine', { ephemeral: 1 });
    const text = shown(ephemeral[0]!);
    expect(text.split('\n')[0]).toBe('*Your open work items in all projects: 2 items.*');
    expect(text).toContain(`<${itemLink('ACME-2')}|ACME-2> · Redesign pricing page · Todo (unstarted)`);
    expect(text).toContain(`<${itemLink('ACME-3')}|ACME-3> · Add dark mode toggle to the header`);
    expect(text).not.toContain('ACME-7');
  });

  it("lists bob's when bob asks, in one project", async () => {
    const { ephemeral } = await plane('mine ACME', { ephemeral: 1 }, BOB);
    expect(firstLine(ephemeral[0]!)).toBe('*Your open work items in ACME: 0 items.*');
  });

  it('posts search results in the channel', async () => {
    const { channel } = await plane('search ACME safari', { channel: 1 });
    const text = shown(channel[0]!);
    expect(text.split('\n')[0]).toBe('*Work items of ACME matching "safari": 1 item.*');
    expect(text).toContain(`<${itemLink('ACME-1')}|ACME-1> · Login button unresponsive on Safari`);
  });

  it('creates a work item with labels, assignee, priority and target date, without approval', async () => {
    const { ephemeral } = await plane('new ACME "Fix the footer links" #bug #design <@U0BOB|bob> !high due:2031-01-31', { ephemeral: 2 });
    const [confirmation, card] = ephemeral;
    const { db } = harness().plane;
    const created = [...db.workItems.values()].find((item) => item.name === 'Fix the footer links');
    expect(created).toBeDefined();
    const key = `ACME-${created!.sequence_id}`;
    // Its Undo under it (button labels are part of what is shown).
    expect(shown(confirmation!)).toBe(`✓ Created ${key}: Fix the footer links\nUndo`);
    expect(created).toMatchObject({ priority: 'high', target_date: '2031-01-31', assignees: [db.user('bob@acme.test').id] });
    expect(created!.labels.map((id) => db.labels.get(id)?.name).sort()).toEqual(['bug', 'design']);
    expect(blockTexts(card!)[0]).toBe(`${key} Fix the footer links`);
    expect(blockTexts(card!)).toContain('*Assignees*\nbob');
    expect(buttons(card!)[0]).toMatchObject({ url: itemLink(key) });
  });

  it('assigns the requester when no one is named', async () => {
    await plane('new ACME Tidy the changelog', { ephemeral: 2 });
    const created = [...harness().plane.db.workItems.values()].find((item) => item.name === 'Tidy the changelog');
    expect(created?.assignees).toEqual([harness().plane.db.user('alice@acme.test').id]);
  });

  it('answers an unknown project with the projects there are', async () => {
    const error = errorOf((await plane('search NOPE login', { ephemeral: 1 })).ephemeral[0]!);
    expect(error).toEqual({
      reason: 'No project "NOPE" in workspace acme. Projects: ACME (Website).',
      usage: usageOf('plane', 'search', EN),
    });
  });

  it('answers an unknown label with the labels there are, and creates nothing', async () => {
    const before = harness().plane.db.workItems.size;
    const error = errorOf((await plane('new ACME Polish #shiny', { ephemeral: 1 })).ephemeral[0]!);
    expect(error).toEqual({
      reason: 'No label "shiny" in project ACME. Labels: bug, design, docs, feature, performance.',
      usage: usageOf('plane', 'new', EN),
    });
    expect(harness().plane.db.workItems.size).toBe(before);
  });

  it('answers an unknown work item key readably', async () => {
    expectError((await plane('show ACME-999', { ephemeral: 1 })).ephemeral[0]!, /ACME-999/, usageOf('plane', 'show', EN));
  });

  it('shows the help privately', async () => {
    const { ephemeral } = await plane('help', { ephemeral: 1 });
    for (const action of ['mine', 'show', 'search', 'new']) expect(shown(ephemeral[0]!)).toContain(usageOf('plane', action, EN));
  });

  it.each([
    ['show', /^Missing the work item key/, 'show'],
    ['show login', /is not a work item key/, 'show'],
    ['show ACME-1 ACME-2', /give one key/, 'show'],
    ['search ACME', /^Missing the text to search for$/, 'search'],
    ['search', /^Missing the text to search for$/, 'search'],
    ['mine ACME OPS', /give one project at most/, 'mine'],
    ['new ACME', /^Missing the title$/, 'new'],
    ['new', /^Missing the project/, 'new'],
    ['new ACME Fix !critical', /^Unknown priority "!critical"; use !urgent, !high, !medium, !low, !none$/, 'new'],
    ['new ACME Fix due:soon', /is not a date/, 'new'],
  ])('answers bad input %j with one line and the usage of the sub-command', async (text, reason, action) => {
    expectError((await plane(text, { ephemeral: 1 })).ephemeral[0]!, reason, usageOf('plane', action, EN));
  });

  it('answers an unknown sub-command with the overview', async () => {
    const error = errorOf((await plane('frob', { ephemeral: 1 })).ephemeral[0]!);
    expect(error).toEqual({ reason: 'Unknown sub-command "frob"', usage: usageOf('plane', undefined, EN) });
  });
});

describe('/plane without a Plane key', () => {
  const off = sharedBot({ env: { PLANE_API_KEY: '' } });

  it.each([
    ['show ACME-1', 'show'],
    ['mine', 'mine'],
    ['search ACME login', 'search'],
    ['new ACME Fix it', 'new'],
  ])('says %j cannot work until Plane is turned on, and how', async (text, action) => {
    const { ephemeral } = await run(off(), { command: '/plane', text }, { ephemeral: 1 });
    expectError(ephemeral[0]!, /^Plane is off: no API key is configured\. Set PLANE_API_KEY/, usageOf('plane', action, EN));
  });
});
