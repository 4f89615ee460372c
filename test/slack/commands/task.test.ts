import { describe, expect, it } from 'vitest';
import { translator } from '../../../src/i18n/index.js';
import { parseTask } from '../../../src/slack/commands/task.js';
import type { ParseResult, TaskCommand } from '../../../src/slack/commands/types.js';
import { usageOf } from '../../../src/slack/commands/usage.js';

const EN = translator('en');

function ok(text: string): TaskCommand {
  const result = parseTask(text);
  if (!result.ok) throw new Error(`expected ${JSON.stringify(text)} to parse: ${result.error.reason}`);
  return result.command;
}

/** The parse error as an English reader gets it: the reason, and the usage line that goes with it. */
function fails(text: string): { reason: string; usage: string } {
  const result: ParseResult<TaskCommand> = parseTask(text);
  if (result.ok) throw new Error(`expected ${JSON.stringify(text)} to fail, got ${JSON.stringify(result.command)}`);
  const error = { reason: EN.say(result.error.reason), usage: usageOf(result.error.command, result.error.action, EN) };
  expect(error.reason).not.toContain('\n');
  return error;
}

describe('/task add and sub', () => {
  it('takes the words up to the first option as the title, options in any order', () => {
    expect(ok('add Fix the login bug !high @alice due:2026-12-31 #backend #urgent')).toEqual({
      kind: 'task',
      action: 'add',
      title: 'Fix the login bug',
      options: { priority: 'high', assignee: { kind: 'name', name: 'alice' }, due: '2026-12-31', tags: ['backend', 'urgent'] },
    });
    expect(ok('add Fix it #b due:2026-01-01 <@U0BOB|bob> !CRITICAL #a')).toEqual({
      kind: 'task',
      action: 'add',
      title: 'Fix it',
      options: { priority: 'critical', assignee: { kind: 'mention', userId: 'U0BOB', label: 'bob' }, due: '2026-01-01', tags: ['b', 'a'] },
    });
  });

  it('takes a bare title with no options', () => {
    expect(ok('ADD   Write   the docs ')).toEqual({ kind: 'task', action: 'add', title: 'Write the docs', options: { tags: [] } });
  });

  it('accepts a quoted title holding option-like words, straight or curly quotes', () => {
    expect(ok('add "Fix #42 for @home !now" !low')).toMatchObject({ title: 'Fix #42 for @home !now', options: { priority: 'low' } });
    expect(ok('add “Ship v2 #release” <@U0ALICE>')).toMatchObject({
      title: 'Ship v2 #release',
      options: { assignee: { kind: 'mention', userId: 'U0ALICE' } },
    });
    expect(ok('add « Revoir la #doc » !normal')).toMatchObject({ title: 'Revoir la #doc', options: { priority: 'normal' } });
  });

  it('decodes what Slack escaped and unwraps links and channels', () => {
    expect(ok('add Tom &amp; Jerry &lt;3 <https://x.example/a?b=1&amp;c=2|x.example> <#C0OPS|ops>')).toMatchObject({
      title: 'Tom & Jerry <3 https://x.example/a?b=1&c=2',
      options: { tags: ['ops'] },
    });
  });

  it('reads a channel reference Slack sent without its name as a tag of its id', () => {
    expect(ok('add Fix <#C0OPS|> <#C0DEV>')).toMatchObject({ title: 'Fix', options: { tags: ['C0OPS', 'C0DEV'] } });
  });

  it('adds a subtask under a parent', () => {
    expect(ok('sub 1-2 Configure auth !high')).toEqual({
      kind: 'task',
      action: 'sub',
      parentId: '1-2',
      title: 'Configure auth',
      options: { priority: 'high', tags: [] },
    });
  });

  it.each([
    ['add', /Missing the title/],
    ['add !high', /Missing the title/],
    ['add Fix !urgent', /Unknown priority "!urgent"; use !low, !normal, !high, !critical/],
    ['add Fix !high !low', /one priority/],
    ['add Fix @alice @bob', /one assignee/],
    ['add Fix due:2026-02-30', /not a date/],
    ['add Fix due:31/12/2026', /not a date; write due:YYYY-MM-DD/],
    ['add Fix due:2026-01-01 due:2026-01-02', /one due date/],
    ['add Fix #a more words', /"more" comes after the options/],
    ['add "Fix it', /Unclosed quote/],
    ['add Fix title:"x"', /takes no title:/],
    ['sub Fix it', /"Fix" is not an parent id/],
    ['sub 1', /Missing the title/],
  ])('rejects %j with a reason and the usage line', (text, reason) => {
    const error = fails(text);
    expect(error.reason).toMatch(reason);
    expect(error.usage).toBe(usageOf('task', text.split(' ')[0], EN));
  });
});

describe('/task other sub-commands', () => {
  it('reads list, tree and help', () => {
    expect(ok('list')).toEqual({ kind: 'task', action: 'list' });
    expect(ok('tree')).toEqual({ kind: 'task', action: 'tree' });
    expect(ok('help')).toEqual({ kind: 'task', action: 'help' });
    expect(ok('')).toEqual({ kind: 'task', action: 'help' });
    expect(ok('   ')).toEqual({ kind: 'task', action: 'help' });
    expect(fails('tree now').reason).toMatch(/takes nothing more/);
  });

  it('reads status with every status', () => {
    for (const status of ['todo', 'in-progress', 'done', 'blocked'] as const) {
      expect(ok(`status 1-2 ${status}`)).toEqual({ kind: 'task', action: 'status', id: '1-2', status });
    }
    expect(ok('status 3 IN_PROGRESS')).toMatchObject({ status: 'in-progress' });
    expect(fails('status 3 finished').reason).toMatch(/"finished" is not a status; use todo, in-progress, done, blocked/);
    expect(fails('status 3').reason).toMatch(/Missing the status/);
    expect(fails('status x done').reason).toMatch(/not an id/);
    expect(fails('status 1 done now').reason).toMatch(/takes nothing more/);
  });

  it('reads assign with a mention, an @name, a plain or quoted name', () => {
    expect(ok('assign 1 <@U0BOB>')).toEqual({ kind: 'task', action: 'assign', id: '1', assignee: { kind: 'mention', userId: 'U0BOB' } });
    expect(ok('assign 1 @bob')).toMatchObject({ assignee: { kind: 'name', name: 'bob' } });
    expect(ok('assign 1 bob')).toMatchObject({ assignee: { kind: 'name', name: 'bob' } });
    expect(ok('assign 1 "Bob Martin"')).toMatchObject({ assignee: { kind: 'name', name: 'Bob Martin' } });
    expect(fails('assign 1').reason).toMatch(/Missing the assignee/);
    expect(fails('assign 1 bob alice').reason).toMatch(/takes nothing more/);
  });

  it('reads update with title:, desc: and options', () => {
    expect(ok('update 1-1 title:"New title" desc:"Longer words" !low #x due:2026-03-01')).toEqual({
      kind: 'task',
      action: 'update',
      id: '1-1',
      title: 'New title',
      description: 'Longer words',
      options: { priority: 'low', due: '2026-03-01', tags: ['x'] },
    });
    expect(ok('update 2 @carol')).toEqual({
      kind: 'task',
      action: 'update',
      id: '2',
      options: { assignee: { kind: 'name', name: 'carol' }, tags: [] },
    });
    expect(ok('update 2 title:Short')).toMatchObject({ title: 'Short' });
    expect(fails('update 2').reason).toMatch(/Nothing to update/);
    expect(fails('update 2 New title').reason).toMatch(/"New" is not an option; to rename, write title:"…"/);
    expect(fails('update 2 title:""').reason).toMatch(/cannot be empty/);
  });

  it('reads remove', () => {
    expect(ok('remove 4-1-2')).toEqual({ kind: 'task', action: 'remove', id: '4-1-2' });
    expect(fails('remove').reason).toMatch(/Missing the id/);
  });

  it('sends anything else to the agent, as Slack sent it', () => {
    expect(ok('what is blocking ACME-130? <@U0BOB> "quote')).toEqual({
      kind: 'task',
      action: 'agent',
      text: 'what is blocking ACME-130? <@U0BOB> "quote',
    });
    expect(ok('  summarise &amp; plan  ')).toEqual({ kind: 'task', action: 'agent', text: 'summarise &amp; plan' });
  });

  it('survives huge and hostile input', () => {
    const title = 'x'.repeat(3000);
    expect(ok(`add ${title} #t`)).toMatchObject({ title });
    const error = fails(`add Fix !${'z'.repeat(5000)}`);
    expect(error.reason.length).toBeLessThan(200);
    // What a person typed literally comes back literally; Slack's broadcast markup is just a name.
    expect(ok('add Ping &lt;!channel&gt; &amp; &lt;@U1&gt;')).toMatchObject({ title: 'Ping <!channel> & <@U1>' });
    expect(ok('add Ping <!here|here>')).toMatchObject({ title: 'Ping', options: { assignee: { kind: 'name', name: 'here' } } });
  });
});
