import { describe, expect, it } from 'vitest';
import { LOCALES, translator } from '../../../src/i18n/index.js';
import type { CommandName } from '../../../src/slack/commands/types.js';
import { helpOf, usageOf } from '../../../src/slack/commands/usage.js';

const COMMANDS: CommandName[] = ['task', 'todo', 'plane'];

describe('usage lines', () => {
  it.each(LOCALES)('exist for every sub-command in %s, each on one line and starting with its command', (locale) => {
    const t = translator(locale);
    for (const name of COMMANDS) {
      const help = helpOf(name, t);
      expect(help.command).toBe(`/${name}`);
      for (const entry of help.entries) {
        expect(entry.usage.startsWith(`/${name} `)).toBe(true);
        expect(entry.usage).not.toContain('\n');
        // The command words and options stay as they are in every language.
        if (entry.action !== '*') expect(entry.usage.startsWith(`/${name} ${entry.action}`)).toBe(true);
        if (entry.action !== '*') expect(usageOf(name, entry.action, t)).toBe(entry.usage);
      }
    }
  });

  it('list every sub-command of each command', () => {
    const actions = (name: CommandName) =>
      helpOf(name, translator('en'))
        .entries.map((entry) => entry.action)
        .sort();
    expect(actions('task')).toEqual(['*', 'add', 'assign', 'help', 'list', 'remove', 'status', 'sub', 'sync', 'tree', 'update']);
    expect(actions('todo')).toEqual(['add', 'block', 'done', 'export', 'help', 'list', 'remove', 'unblock', 'undone', 'update']);
    expect(actions('plane')).toEqual([
      'config',
      'connect',
      'cycle',
      'digest',
      'disconnect',
      'help',
      'intake',
      'mine',
      'new',
      'notify',
      'remind',
      'search',
      'show',
      'subscribe',
      'subscriptions',
      'unsubscribe',
    ]);
  });

  it('keep the options and translate the placeholders', () => {
    expect(usageOf('task', 'add', translator('en'))).toBe(
      '/task add <title> [!low|!normal|!high|!critical] [@user] [due:YYYY-MM-DD] [#tag…]',
    );
    expect(usageOf('task', 'add', translator('fr'))).toBe(
      '/task add <titre> [!low|!normal|!high|!critical] [@personne] [due:AAAA-MM-JJ] [#étiquette…]',
    );
    expect(usageOf('task', 'add', translator('zh-CN'))).toBe(
      '/task add <标题> [!low|!normal|!high|!critical] [@用户] [due:YYYY-MM-DD] [#标签…]',
    );
    expect(usageOf('todo', undefined, translator('fr'))).toBe(
      '/todo <add|list|done|undone|block|unblock|remove|update|export|help> … (/todo help pour le détail)',
    );
  });
});
