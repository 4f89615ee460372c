import { describe, expect, it } from 'vitest';
import { parseSlashCommand } from '../../../src/slack/commands/parse.js';
import { PLANE_PRIORITIES, planeToTaskPriority, TASK_PRIORITIES, taskToPlanePriority } from '../../../src/slack/commands/priority.js';
import { HELP, usageOf } from '../../../src/slack/commands/usage.js';

describe('priority mapping', () => {
  it('maps critical ↔ urgent and normal ↔ medium, high and low to themselves', () => {
    expect(TASK_PRIORITIES.map(taskToPlanePriority)).toEqual(['low', 'medium', 'high', 'urgent']);
    expect(PLANE_PRIORITIES.map(planeToTaskPriority)).toEqual(['critical', 'high', 'normal', 'low', undefined]);
  });

  it('round-trips every task priority', () => {
    for (const priority of TASK_PRIORITIES) expect(planeToTaskPriority(taskToPlanePriority(priority))).toBe(priority);
  });
});

describe('parseSlashCommand', () => {
  it('routes each command to its parser', () => {
    expect(parseSlashCommand('/task', 'tree')).toEqual({ ok: true, command: { kind: 'task', action: 'tree' } });
    expect(parseSlashCommand('/todo', 'list')).toEqual({ ok: true, command: { kind: 'todo', action: 'list' } });
    expect(parseSlashCommand('/plane', 'show A-1')).toEqual({ ok: true, command: { kind: 'plane', action: 'show', key: 'A-1' } });
  });

  it('rejects an unknown command', () => {
    expect(parseSlashCommand('/toString', 'x')).toMatchObject({ ok: false, error: { reason: 'Unknown command /toString' } });
  });
});

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

  it('list the sub-commands of the SPEC', () => {
    const actions = (name: keyof typeof HELP) => HELP[name].entries.map((entry) => entry.action).sort();
    expect(actions('task')).toEqual(['*', 'add', 'assign', 'help', 'list', 'remove', 'status', 'sub', 'tree', 'update']);
    expect(actions('todo')).toEqual(['add', 'block', 'done', 'export', 'help', 'list', 'remove', 'unblock', 'undone', 'update']);
    expect(actions('plane')).toEqual(['help', 'mine', 'new', 'search', 'show']);
  });
});
