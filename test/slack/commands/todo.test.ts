import { describe, expect, it } from 'vitest';
import { translator } from '../../../src/i18n/index.js';
import { parseTodo } from '../../../src/slack/commands/todo.js';
import type { TodoCommand } from '../../../src/slack/commands/types.js';
import { usageOf } from '../../../src/slack/commands/usage.js';

const EN = translator('en');

function ok(text: string): TodoCommand {
  const result = parseTodo(text);
  if (!result.ok) throw new Error(`expected ${JSON.stringify(text)} to parse: ${result.error.reason}`);
  return result.command;
}

/** The parse error as an English reader gets it: the reason, and the usage line that goes with it. */
function fails(text: string): { reason: string; usage: string } {
  const result = parseTodo(text);
  if (result.ok) throw new Error(`expected ${JSON.stringify(text)} to fail, got ${JSON.stringify(result.command)}`);
  const error = { reason: EN.say(result.error.reason), usage: usageOf(result.error.command, result.error.action, EN) };
  expect(error.reason).not.toContain('\n');
  return error;
}

describe('/todo', () => {
  it('reads add with tags and a due date', () => {
    expect(ok('add Buy milk #home #errand due:2026-05-01')).toEqual({
      kind: 'todo',
      action: 'add',
      title: 'Buy milk',
      tags: ['home', 'errand'],
      due: '2026-05-01',
    });
    expect(ok('add "Call #42 back"')).toEqual({ kind: 'todo', action: 'add', title: 'Call #42 back', tags: [] });
  });

  it('refuses options a todo does not have', () => {
    expect(fails('add Buy milk !high').reason).toMatch(/takes no priority/);
    expect(fails('add Ask @alice').reason).toMatch(/takes no assignee; quote the title/);
  });

  it.each(['done', 'undone', 'block', 'unblock', 'remove'] as const)('reads %s <id>', (action) => {
    expect(ok(`${action} 3`)).toEqual({ kind: 'todo', action, id: '3' });
    const error = fails(`${action} three`);
    expect(error.reason).toMatch(/"three" is not an id/);
    expect(error.usage).toBe(`/todo ${action} <id>`);
    expect(fails(`${action} 3 4`).reason).toMatch(/takes nothing more/);
  });

  it('reads list, export and help', () => {
    expect(ok('list')).toEqual({ kind: 'todo', action: 'list' });
    expect(ok('EXPORT')).toEqual({ kind: 'todo', action: 'export' });
    expect(ok('')).toEqual({ kind: 'todo', action: 'help' });
    expect(ok('help me')).toEqual({ kind: 'todo', action: 'help' });
  });

  it('reads update', () => {
    expect(ok('update 2 title:“New name” desc:"" #x due:2026-01-31')).toEqual({
      kind: 'todo',
      action: 'update',
      id: '2',
      title: 'New name',
      description: '',
      tags: ['x'],
      due: '2026-01-31',
    });
    expect(fails('update 2').reason).toMatch(/Nothing to update/);
    expect(fails('update 2 !high').reason).toMatch(/takes no priority/);
  });

  it('rejects an unknown sub-command with the overview usage', () => {
    const error = fails('frobnicate 1');
    expect(error.reason).toBe('Unknown sub-command "frobnicate"');
    expect(error.usage).toBe(usageOf('todo', undefined, EN));
    expect(error.usage).toMatch(/^\/todo <add\|list\|done\|undone\|block\|unblock\|remove\|update\|export\|help> …/);
  });
});
