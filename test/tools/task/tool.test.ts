import { EventEmitter } from 'node:events';
import { readdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ToolRegistry, type ToolCallResult, type ToolContext } from '../../../src/tools/registry.js';
import type { TaskEvent, TaskEventMap } from '../../../src/tasks/events.js';
import { createTaskTool } from '../../../src/tools/task/tool.js';
import { steppingClock } from '../fixtures/clock.js';
import { useTempDirs } from '../fixtures/temp-dir.js';
import { translator } from '../../../src/i18n/index.js';
import { FileLocks } from '../../../src/files/file-lock.js';

const EN = translator('en');

const tempDir = useTempDirs();

async function setUp() {
  const events = new EventEmitter<TaskEventMap>();
  const seen: TaskEvent[] = [];
  events.on('task', (event) => seen.push(event));
  const tool = createTaskTool({ locks: new FileLocks(), events, now: steppingClock() });
  const registry = new ToolRegistry([tool]);
  const context: ToolContext = { filesDir: await tempDir(), scope: 'C0DEV', requester: { id: 'U0ANN', name: 'ann' } };
  const call = (input: Record<string, unknown>): Promise<ToolCallResult> => registry.call('Task', input, context);
  const text = async (input: Record<string, unknown>): Promise<string> => {
    const result = await call(input);
    if (!result.ok) throw new Error(`expected success, got: ${result.error}`);
    return result.text;
  };
  const error = async (input: Record<string, unknown>): Promise<string> => {
    const result = await call(input);
    if (result.ok) throw new Error(`expected an error, got: ${result.text}`);
    return result.error;
  };
  return { tool, context, seen, text, error };
}

describe('the Task tool', () => {
  it('is declared once, as an allowed tool that may remove things, whose input schema is an object', async () => {
    const { tool } = await setUp();
    expect([tool.name, tool.permission, tool.effects]).toEqual(['Task', 'allow', { readOnly: false, destructive: true, openWorld: false }]);
    const schema = z.toJSONSchema(tool.input) as { type: string; properties: Record<string, unknown> };
    expect(schema.type).toBe('object');
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(['file', 'action', 'id', 'parent', 'status', 'priority', 'depends', 'undepend']),
    );
    expect(tool.description).toMatch(/depends/);
  });

  it('answers every action with the changed line', async () => {
    const { text } = await setUp();
    expect(
      await text({
        file: 'tasks.json',
        action: 'add',
        title: 'Implémenter WebFetch',
        priority: 'high',
        assignee: 'alice',
        dueAt: '2024-12-15T17:00:00Z',
      }),
    ).toBe('Added to tasks.json:\n○ [1] Implémenter WebFetch [HIGH] (@alice)');
    expect(await text({ action: 'subtask', parent: '1', title: 'Configurer authentification', priority: 'high' })).toBe(
      'Added to tasks.json:\n○ [1-1] Configurer authentification [HIGH]',
    );
    await text({ action: 'subtask', parent: '1', title: 'Tester API externe' });
    await text({ action: 'subtask', parent: '1', title: 'Documentation', priority: 'low' });
    expect(await text({ action: 'status', id: '1-1', status: 'in-progress' })).toBe(
      '[1-1] Configurer authentification: todo → in-progress.\n→ [1-1] Configurer authentification [HIGH]',
    );
    await text({ action: 'status', id: '1-3', status: 'done' });
    expect(await text({ action: 'tree' })).toBe(
      [
        '○ [1] Implémenter WebFetch [HIGH] (@alice)',
        '├─ → [1-1] Configurer authentification [HIGH]',
        '├─ ○ [1-2] Tester API externe [NORMAL]',
        '└─ ✓ [1-3] Documentation [LOW]',
      ].join('\n'),
    );
    expect(await text({ action: 'assign', id: '1', assignee: 'bob' })).toBe(
      '[1] Implémenter WebFetch is now assigned to @bob (was @alice).\n○ [1] Implémenter WebFetch [HIGH] (@bob)',
    );
    expect(await text({ action: 'update', id: '1-2', title: 'Tester les API', priority: 'critical' })).toBe(
      'Updated title, priority of [1-2]:\n○ [1-2] Tester les API [CRITICAL]',
    );
    expect(await text({ action: 'list' })).toBe('○ [1] Implémenter WebFetch [HIGH] (@bob) — 1/3 subtasks done');
    expect(await text({ action: 'remove', id: '1' })).toBe(
      'Removed from tasks.json: [1] Implémenter WebFetch, with 3 subtasks (1-1, 1-2, 1-3).',
    );
    expect(await text({ action: 'tree' })).toBe('tasks.json has no tasks yet; create one with action "add".');
  });

  it('says when nothing changed', async () => {
    const { text } = await setUp();
    await text({ action: 'add', title: 'T', assignee: 'bob' });
    expect(await text({ action: 'status', id: '1', status: 'todo' })).toBe('Nothing changed: [1] T is already todo.');
    expect(await text({ action: 'assign', id: '1', assignee: 'bob' })).toBe('Nothing changed: [1] T is already assigned to @bob.');
    expect(await text({ action: 'update', id: '1', title: 'T' })).toBe('Nothing changed: [1] T already has those values.');
  });

  it('handles dependencies: waits in the tree, cycles refused, done while waiting noted', async () => {
    const { text, error } = await setUp();
    await text({ action: 'add', title: 'Build' });
    await text({ action: 'add', title: 'Ship', depends: ['1'] });
    expect(await error({ action: 'update', id: '1', depends: ['2'] })).toBe(
      'Refused: if 1 waited on 2, the waits would form a cycle: 1 → 2 → 1. Remove one of these links first (update with undepend).',
    );
    expect(await text({ action: 'tree' })).toBe('○ [1] Build [NORMAL]\n○ [2] Ship [NORMAL] ⏳ waits on [1]');
    expect(await text({ action: 'status', id: '2', status: 'done' })).toBe(
      '[2] Ship: todo → done.\n✓ [2] Ship [NORMAL] ⏳ waits on [1]\nNote: it still waits on [1] Build (todo).',
    );
    expect(await text({ action: 'update', id: '2', undepend: ['1'] })).toBe('Updated dependsOn of [2]:\n✓ [2] Ship [NORMAL]');
  });

  it('passes the scope and the requester to the events', async () => {
    const { text, seen } = await setUp();
    await text({ action: 'add', title: 'T' });
    expect(seen[0]).toMatchObject({ type: 'created', scope: 'C0DEV', by: { id: 'U0ANN', name: 'ann' }, file: 'tasks.json' });
  });

  it.each<[string, Record<string, unknown>, string | RegExp]>([
    ['an unknown action', { action: 'close', id: '1' }, /action: Invalid option: expected one of "add"\|"subtask"/],
    ['a missing title', { action: 'add' }, 'Invalid input for Task:\n- title: title is required for action "add"'],
    ['a missing parent', { action: 'subtask', title: 'x' }, '- parent: parent is required for action "subtask"'],
    [
      'an unknown status',
      { action: 'status', id: '1', status: 'finished' },
      '- status: Unknown status "finished"; valid statuses: todo, in-progress, done, blocked',
    ],
    [
      'an unknown priority',
      { action: 'add', title: 'x', priority: 'urgent' },
      '- priority: Unknown priority "urgent"; valid priorities: low, normal, high, critical',
    ],
    ['an unknown field', { action: 'add', title: 'x', assignees: ['bob'] }, /Unrecognized key: "assignees"/],
    ['an empty title', { action: 'add', title: ' ' }, 'The title is empty; give the task a short title.'],
    ['an unknown id', { action: 'remove', id: '8' }, 'No task with id "8" in tasks.json. Valid ids: 1.'],
    [
      'a subtask of a missing parent',
      { action: 'subtask', parent: '5', title: 'x' },
      'Cannot add the subtask: No task with id "5" in tasks.json. Valid ids: 1.',
    ],
    ['a path with ..', { action: 'tree', file: '../other/tasks.json' }, /uses "\.\." to leave the folder/],
    ['an absolute path', { action: 'tree', file: '/etc/passwd' }, /is an absolute path/],
  ])('explains %s', async (_, input, message) => {
    const { text, error } = await setUp();
    await text({ action: 'add', title: 'Existing' });
    const reason = await error(input);
    if (typeof message === 'string') expect(reason).toContain(message);
    else expect(reason).toMatch(message);
  });

  it('refuses a file that leads outside its folder through a link', async () => {
    const { context, error } = await setUp();
    const outside = await tempDir();
    await writeFile(join(outside, 'tasks.json'), '{"version":1,"tasks":[]}');
    await symlink(join(outside, 'tasks.json'), join(context.filesDir, 'linked.json'));
    expect(await error({ action: 'add', file: 'linked.json', title: 'x' })).toContain('leads outside this folder');
  });

  it('reports a corrupt file, keeps it aside, and starts afresh on the next call', async () => {
    const { context, text, error } = await setUp();
    await writeFile(join(context.filesDir, 'tasks.json'), '{"version": 1, "tasks": [');
    expect(await error({ action: 'tree' })).toMatch(
      /^tasks\.json could not be used \(not valid JSON: .*\)\. It was moved aside to tasks\.json\.corrupt-2024-12-01T09-00-00-000Z and nothing was changed; the next change starts a new, empty tasks\.json\.$/,
    );
    expect(await text({ action: 'add', title: 'Fresh' })).toContain('[1] Fresh');
    expect((await readdir(context.filesDir)).sort()).toEqual(['tasks.json', 'tasks.json.corrupt-2024-12-01T09-00-00-000Z']);
  });

  it('describes a call in plain words for an approval', async () => {
    const { tool } = await setUp();
    expect(tool.describe?.({ action: 'status', id: '1-2', status: 'done' }, EN)).toBe('Set the status of task 1-2 in tasks.json to done');
    expect(tool.describe?.({ action: 'subtask', parent: '1', title: 'Docs', file: 'plan.json' }, EN)).toBe(
      'Add the subtask “Docs” under task 1 in plan.json',
    );
  });
});
