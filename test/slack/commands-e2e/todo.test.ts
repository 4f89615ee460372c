import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { channelFilesDir } from '../../../src/files/channel-files.js';
import { usageOf } from '../../../src/slack/commands/usage.js';
import { TodoStore } from '../../../src/tools/todo/store.js';
import { OPS, blockTexts, confirmation, errorOf, expectError, run, sharedBot, shown, type Expected } from './support.js';
import { translator } from '../../../src/i18n/index.js';
import { FileLocks } from '../../../src/files/file-lock.js';

const EN = translator('en');

const harness = sharedBot({ freshChannelFiles: true });

const todo = (text: string, expected: Expected = { ephemeral: 1 }) => run(harness(), { command: '/todo', text }, expected);

/** A change: the private confirmation's summary and changed line. */
const change = async (text: string) => confirmation((await todo(text)).ephemeral[0]!);

const store = () => TodoStore.open({ locks: new FileLocks(), dir: channelFilesDir(harness().dataDir, OPS) });

describe('/todo', () => {
  it('confirms every change privately with the changed line', async () => {
    // The command, then the summary and the changed line it confirms with.
    const steps: [string, string, string[]][] = [
      [
        'add Renew the TLS certificate #ops due:2031-03-01',
        '✓ Added item 1 to the todo list of #ops',
        ['○ [1] Renew the TLS certificate #ops (due 2031-03-01)'],
      ],
      ['add "Call #42 @home"', '✓ Added item 2 to the todo list of #ops', ['○ [2] Call #42 @home']],
      ['done 1', '✓ [1] marked done', ['✓ [1] Renew the TLS certificate #ops (due 2031-03-01)']],
      ['undone 1', '✓ [1] marked back to do', ['○ [1] Renew the TLS certificate #ops (due 2031-03-01)']],
      ['block 2', '✓ [2] marked blocked', ['⛔ [2] Call #42 @home']],
      ['unblock 2', '✓ [2] marked unblocked', ['○ [2] Call #42 @home']],
      [
        'update 2 title:"Call Bob" desc:"About the invoice" #finance due:2031-04-01',
        '✓ Updated title, description, due date, tags of [2]',
        ['○ [2] Call Bob #finance (due 2031-04-01)'],
      ],
      ['remove 1', '✓ Removed [1] from the todo list of #ops', ['○ [1] Renew the TLS certificate #ops (due 2031-03-01)']],
    ];
    for (const [text, summary, lines] of steps) expect(await change(text), text).toEqual({ summary, lines });
    expect((await (await store()).read()).items).toMatchObject([
      { id: '2', status: 'todo', title: 'Call Bob', description: 'About the invoice', tags: ['finance'], dueAt: '2031-04-01' },
    ]);
  });

  it('looks up who ran it once, for the language of the reply (users.info with include_locale, kept an hour)', async () => {
    const carol = 'U0CAROL';
    await run(harness(), { command: '/todo', text: 'add Water the plants', user: carol }, { ephemeral: 1 });
    await run(harness(), { command: '/todo', text: 'list', user: carol }, { channel: 1 });
    const lookups = harness().slack.calls.filter((c) => c.method === 'users.info' && c.args.user === carol);
    expect(lookups).toHaveLength(1);
    expect(String(lookups[0]?.args.include_locale)).toBe('true');
  });

  it('says when a mark changes nothing', async () => {
    await change('add Water the plants');
    expect(await change('undone 1')).toEqual({ summary: 'ℹ️ Nothing changed: [1] is todo', lines: ['○ [1] Water the plants'] });
  });

  it('posts the list in the channel, grouped by status', async () => {
    await change('add Water the plants');
    await change('add Pay the rent #home due:2031-05-01');
    await change('add Fix the door');
    await change('done 1');
    await change('block 3');
    const { channel } = await todo('list', { channel: 1 });
    expect(blockTexts(channel[0]!)).toEqual([
      'Todo list of #ops',
      [
        '*To do* (1)',
        '○ [2] Pay the rent #home · due 2031-05-01',
        '*Blocked* (1)',
        '⛔ [3] Fix the door',
        '*Done* (1)',
        '✓ [1] Water the plants',
      ].join('\n'),
    ]);
  });

  it('posts the Markdown export in the channel as a code block, and saves it beside the list', async () => {
    await change('add Water the plants');
    await change('add "Pay <rent> & *fees*" #home due:2031-05-01');
    await change('done 1');
    const { channel } = await todo('export', { channel: 1 });
    const [message] = channel;
    const markdown = await readFile(join(channelFilesDir(harness().dataDir, OPS), 'todos.md'), 'utf8');
    expect(shown(message!)).toBe(`*Todo list of #ops, saved as todos.md*\n\n\`\`\`\n${markdown.trimEnd()}\n\`\`\``);
    expect(markdown).toContain('- [ ] **Pay \\<rent\\> & \\*fees\\*** — id 2 · due 2031-05-01 · `home`');
    expect(markdown).toContain('- [x] Water the plants — id 1');
  });

  it('splits a long export into several messages, closing and reopening the code block, losing nothing', async () => {
    const list = await store();
    for (let i = 1; i <= 200; i += 1)
      await list.add({ title: `Item number ${i} with a title long enough to fill the page`, tags: ['bulk'] });
    const { channel } = await todo('export', { channel: 2 });
    const markdown = await readFile(join(channelFilesDir(harness().dataDir, OPS), 'todos.md'), 'utf8');
    const code = channel.flatMap((message) => [...shown(message).matchAll(/```\n([\s\S]*?)\n```/g)].map((match) => match[1]!));
    expect(code.length).toBeGreaterThan(1);
    const lines = code.flatMap((text) => text.split('\n'));
    expect(lines).toEqual(markdown.trimEnd().split('\n'));
  });

  it('shows the help privately', async () => {
    const { ephemeral } = await todo('help');
    for (const action of ['add', 'list', 'done', 'undone', 'block', 'unblock', 'remove', 'update', 'export']) {
      expect(shown(ephemeral[0]!)).toContain(usageOf('todo', action, EN));
    }
  });

  it.each([
    ['add', /^Missing the title$/, 'add'],
    ['add Pay !high', /takes no priority/, 'add'],
    ['list all', /takes nothing more/, 'list'],
    ['export now', /takes nothing more/, 'export'],
    ['done', /^Missing the id$/, 'done'],
    ['undone x', /"x" is not an id/, 'undone'],
    ['block', /^Missing the id$/, 'block'],
    ['unblock 1 2', /takes nothing more/, 'unblock'],
    ['remove', /^Missing the id$/, 'remove'],
    ['update 1', /^Nothing to update/, 'update'],
    ['update 1 due:tomorrow', /is not a date/, 'update'],
  ])('answers bad input %j with one line and the usage of the sub-command', async (text, reason, action) => {
    expectError((await todo(text)).ephemeral[0]!, reason, usageOf('todo', action, EN));
  });

  it('answers an unknown sub-command with the overview of the sub-commands', async () => {
    const error = errorOf((await todo('frobnicate 1')).ephemeral[0]!);
    expect(error).toEqual({ reason: 'Unknown sub-command "frobnicate"', usage: usageOf('todo', undefined, EN) });
  });

  it('answers an unknown id with the ids there are', async () => {
    await change('add Water the plants');
    const error = errorOf((await todo('done 7')).ephemeral[0]!);
    expect(error).toEqual({ reason: 'No todo with id "7" in .todos.json. Valid ids: 1.', usage: usageOf('todo', 'done', EN) });
  });
});
