import { describe, expect, it } from 'vitest';
import { HELP, usageOf } from '../../../src/slack/commands/usage.js';

describe('usage lines', () => {
  it('exist for every sub-command, each on one line and starting with its command', () => {
    for (const [name, help] of Object.entries(HELP)) {
      expect(help.command).toBe(`/${name}`);
      for (const entry of help.entries) {
        expect(entry.usage.startsWith(`/${name} `)).toBe(true);
        expect(entry.usage).not.toContain('\n');
        if (entry.action !== '*') expect(usageOf(name as keyof typeof HELP, entry.action)).toBe(entry.usage);
      }
    }
  });

  it('list every sub-command of each command', () => {
    const actions = (name: keyof typeof HELP) => HELP[name].entries.map((entry) => entry.action).sort();
    expect(actions('task')).toEqual(['*', 'add', 'assign', 'help', 'list', 'remove', 'status', 'sub', 'sync', 'tree', 'update']);
    expect(actions('todo')).toEqual(['add', 'block', 'done', 'export', 'help', 'list', 'remove', 'unblock', 'undone', 'update']);
    expect(actions('plane')).toEqual(['help', 'mine', 'new', 'notify', 'search', 'show', 'subscribe', 'subscriptions', 'unsubscribe']);
  });
});
