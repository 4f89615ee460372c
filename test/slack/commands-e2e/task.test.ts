import { describe, expect, it } from 'vitest';
import { channelFilesDir } from '../../../src/files/channel-files.js';
import { usageOf } from '../../../src/slack/commands/usage.js';
import { TaskStore } from '../../../src/tasks/store.js';
import { ALICE, BOB, OPS, codeLines, confirmation, expectError, firstLine, run, sharedBot, shown, type Expected } from './support.js';
import { translator } from '../../../src/i18n/index.js';
import { FileLocks } from '../../../src/files/file-lock.js';

const EN = translator('en');

const harness = sharedBot({ freshChannelFiles: true });

const task = (text: string, expected: Expected = { ephemeral: 1, channel: 1 }, user = ALICE) =>
  run(harness(), { command: '/task', text, user }, expected);

/** A change confirms to its author (ephemeral) and announces itself in the channel (the event line). */
async function change(text: string, user = ALICE): Promise<{ summary: string; lines: string[]; event: string }> {
  const { ephemeral, channel } = await task(text, { ephemeral: 1, channel: 1 }, user);
  return { ...confirmation(ephemeral[0]!), event: shown(channel[0]!) };
}

const store = () => TaskStore.open({ locks: new FileLocks(), dir: channelFilesDir(harness().dataDir, OPS) });

async function buildThreeLevels(): Promise<void> {
  await change('add Launch website !high @alice');
  await change('sub 1 Design pages <@U0BOB|bob>');
  await change('sub 1-1 Draft mock-ups !critical');
  await change('sub 1-1 Review mock-ups');
  await change('sub 1 Write copy !low');
  await change('add Plan the party');
  await change('status 1 in-progress');
  await change('status 1-1-1 done');
  await change('status 1-2 blocked');
}

describe('/task', () => {
  it('posts the tree of three levels, every status shown, in the channel', async () => {
    await buildThreeLevels();
    const { channel } = await task('tree', { ephemeral: 0, channel: 1 });
    const [tree] = channel;
    expect(tree!.thread_ts).toBeUndefined();
    const lines = [
      '→ [1] Launch website [HIGH] (@alice)',
      '├─ ○ [1-1] Design pages [NORMAL] (@bob)',
      '│  ├─ ✓ [1-1-1] Draft mock-ups [CRITICAL]',
      '│  └─ ○ [1-1-2] Review mock-ups [NORMAL]',
      '└─ ⛔ [1-2] Write copy [LOW]',
      '○ [2] Plan the party [NORMAL]',
    ];
    expect(codeLines(tree!)).toEqual(lines);
    expect(tree!.blocks).toEqual([
      { type: 'header', block_id: expect.any(String), text: { type: 'plain_text', text: 'Task tree of #ops', emoji: true } },
      {
        type: 'section',
        block_id: expect.any(String),
        text: {
          type: 'mrkdwn',
          verbatim: true,
          text: ['```', ...lines, '```'].join('\n'),
        },
      },
    ]);
    expect(tree!.text).toBe('Task tree of #ops');
  });

  it('lists the top-level tasks with their subtasks done, in the channel', async () => {
    await buildThreeLevels();
    const { channel } = await task('list', { ephemeral: 0, channel: 1 });
    expect(firstLine(channel[0]!)).toBe('Top-level tasks of #ops');
    expect(codeLines(channel[0]!)).toEqual(['→ [1] Launch website [HIGH] (@alice) — 1/4 subtasks done', '○ [2] Plan the party [NORMAL]']);
  });

  it('shows an empty tree with how to add a task', async () => {
    const { channel } = await task('tree', { ephemeral: 0, channel: 1 });
    expect(shown(channel[0]!)).toContain('No tasks yet. Add one with /task add <title>.');
  });

  it('confirms each change privately with the changed line as the tree shows it', async () => {
    // The command, then the summary and the changed lines it confirms with.
    const steps: [string, string, string[]][] = [
      [
        'add "Fix #42 for @home" !critical @carol due:2031-02-03 #web #ops',
        '✓ Added task 1 to the tree of #ops',
        ['○ [1] Fix #42 for @home [CRITICAL] (@carol)'],
      ],
      ['sub 1 Find the cause', '✓ Added subtask 1-1 under [1] in the tree of #ops', ['○ [1-1] Find the cause [NORMAL]']],
      ['status 1-1 in-progress', '✓ [1-1] todo → in-progress', ['→ [1-1] Find the cause [NORMAL]']],
      ['assign 1-1 <@U0BOB|bob>', '✓ [1-1] assigned to @bob', ['→ [1-1] Find the cause [NORMAL] (@bob)']],
      [
        'update 1 title:"Fix issue 42" !low desc:"Seen on Safari"',
        '✓ Updated title, description, priority of [1]',
        ['○ [1] Fix issue 42 [LOW] (@carol)'],
      ],
      [
        'remove 1',
        '✓ Removed [1] with 1 subtask from the tree of #ops',
        ['○ [1] Fix issue 42 [LOW] (@carol)', '→ [1-1] Find the cause [NORMAL] (@bob)'],
      ],
    ];
    for (const [text, summary, lines] of steps) expect(await change(text), text).toMatchObject({ summary, lines });
    const { tasks } = await (await store()).read();
    expect(tasks).toEqual([]);
  });

  it('writes the fields given in the file the agent reads, by the requester', async () => {
    await change('add Ship it !high <@U0BOB|bob> due:2031-01-15 #release');
    const { tasks } = await (await store()).read();
    expect(tasks[0]).toMatchObject({
      id: '1',
      title: 'Ship it',
      status: 'todo',
      priority: 'high',
      assignee: 'bob',
      dueAt: '2031-01-15',
      tags: ['release'],
    });
  });

  it('says when nothing changed, and writes nothing', async () => {
    await change('add Ship it');
    const { ephemeral } = await task('status 1 todo', { ephemeral: 1, channel: 0 });
    expect(firstLine(ephemeral[0]!)).toBe('ℹ️ Nothing changed: [1] is already todo');
  });

  it('says a task marked done still waits on others', async () => {
    await change('add Ship it');
    await change('add Test it');
    await (await store()).update('1', { depends: ['2'] });
    const { ephemeral } = await task('status 1 done');
    expect(shown(ephemeral[0]!)).toContain('It still waits on [2] Test it (todo).');
  });

  it('shows the help privately', async () => {
    const { ephemeral } = await task('help', { ephemeral: 1, channel: 0 });
    const text = shown(ephemeral[0]!);
    for (const action of ['add', 'sub', 'list', 'tree', 'status', 'assign', 'update', 'remove']) {
      expect(text).toContain(usageOf('task', action, EN));
    }
  });

  it.each([
    ['add', /^Missing the title$/, 'add'],
    ['add !high', /^Missing the title$/, 'add'],
    ['add Fix !urgent', /^Unknown priority "!urgent"/, 'add'],
    ['add Fix due:2031-02-30', /is not a date/, 'add'],
    ['sub x Title', /"x" is not an parent id/, 'sub'],
    ['sub 1', /^Missing the title$/, 'sub'],
    ['list all', /takes nothing more/, 'list'],
    ['tree please', /takes nothing more/, 'tree'],
    ['status 1 flying', /"flying" is not a status/, 'status'],
    ['status 1', /^Missing the status$/, 'status'],
    ['assign 1', /^Missing the assignee/, 'assign'],
    ['update 1', /^Nothing to update/, 'update'],
    ['update 1 new title', /is not an option; to rename, write title:/, 'update'],
    ['remove', /^Missing the id$/, 'remove'],
    ['remove 1 2', /takes nothing more/, 'remove'],
  ])('answers bad input %j with one line and the usage of the sub-command', async (text, reason, action) => {
    const { ephemeral } = await task(text, { ephemeral: 1, channel: 0 });
    expectError(ephemeral[0]!, reason, usageOf('task', action, EN));
  });

  it.each([
    ['status 9 done', 'status'],
    ['sub 9 Title', 'sub'],
    ['assign 9 bob', 'assign'],
    ['update 9 !low', 'update'],
    ['remove 9', 'remove'],
  ])('answers %j about a task that does not exist with the ids there are', async (text, action) => {
    await change('add Ship it');
    const { ephemeral } = await task(text, { ephemeral: 1, channel: 0 });
    expectError(ephemeral[0]!, /No task with id "9" in tasks\.json\. Valid ids: 1\./, usageOf('task', action, EN));
  });

  it('names the person who changed a task in the event line, by name', async () => {
    await change('add Ship it');
    const { event } = await change('status 1 done', BOB);
    expect(event).toBe('Task [1] Ship it → done (by bob)');
  });
});
