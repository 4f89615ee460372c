import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PhrasedError } from '../../src/i18n/index.js';
import { parseTaskPriority, parseTaskStatus, type TaskPriority, type TaskStatus } from '../../src/tasks/format.js';
import { TaskStore } from '../../src/tasks/store.js';
import { steppingClock } from '../tools/fixtures/clock.js';
import { useTempDirs } from '../tools/fixtures/temp-dir.js';
import { FileLocks } from '../../src/files/file-lock.js';

const tempDir = useTempDirs();

async function openStore(file?: string) {
  const dir = await tempDir();
  return { dir, store: await TaskStore.open({ locks: new FileLocks(), dir, file, now: steppingClock() }) };
}

describe('TaskStore', () => {
  it('adds a top-level task with the seed defaults and ids "1", "2"', async () => {
    const { dir, store } = await openStore();
    const first = await store.add({ title: '  Implémenter WebFetch  ' });
    const second = await store.add({ title: 'Second' });
    expect(first).toEqual({
      id: '1',
      title: 'Implémenter WebFetch',
      status: 'todo',
      priority: 'normal',
      createdAt: '2024-12-01T09:00:00.000Z',
      updatedAt: '2024-12-01T09:00:00.000Z',
      subtasks: [],
    });
    expect(second.id).toBe('2');
    expect(store.file).toBe('tasks.json');
    const written = JSON.parse(await readFile(join(dir, 'tasks.json'), 'utf8'));
    expect(written).toEqual({ version: 1, tasks: [first, second], lastModified: '2024-12-01T09:01:00.000Z' });
  });

  it('stores every optional field as the seed names it, normalized', async () => {
    const { store } = await openStore();
    const task = await store.add({
      title: 'Implémenter WebFetch',
      priority: 'high',
      description: ' Récupère une URL ',
      assignee: '@alice',
      dueAt: '2024-12-15T17:00:00Z',
      tags: ['#backend', 'urgent', 'backend', ' '],
    });
    expect(task).toMatchObject({
      priority: 'high',
      description: 'Récupère une URL',
      assignee: 'alice',
      dueAt: '2024-12-15T17:00:00Z',
      tags: ['backend', 'urgent'],
    });
    expect(Object.keys(task)).toEqual([
      'id',
      'title',
      'status',
      'priority',
      'description',
      'assignee',
      'dueAt',
      'tags',
      'createdAt',
      'updatedAt',
      'subtasks',
    ]);
  });

  it('adds subtasks at any depth with ids "1-1", "1-2", "1-2-1" and a parent field', async () => {
    const { store } = await openStore();
    await store.add({ title: 'Root' });
    await store.addSubtask('1', { title: 'A' });
    const b = await store.addSubtask('1', { title: 'B', priority: 'low' });
    const deep = await store.addSubtask('[1-2]', { title: 'B.1' });
    expect([b.id, b.parent, deep.id, deep.parent]).toEqual(['1-2', '1', '1-2-1', '1-2']);
    const { tasks } = await store.read();
    expect(tasks[0]?.subtasks?.[1]?.subtasks?.[0]?.title).toBe('B.1');
  });

  it('never reuses the id of a later sibling: the next id follows the highest one', async () => {
    const { store } = await openStore();
    for (const title of ['a', 'b', 'c']) await store.add({ title });
    await store.remove('2');
    expect((await store.add({ title: 'd' })).id).toBe('4');
  });

  it('changes a status, reports the old one, and writes nothing when it is already set', async () => {
    const { dir, store } = await openStore();
    await store.add({ title: 'T' });
    const change = await store.setStatus('1', 'in-progress');
    expect([change.from, change.task.status, change.task.updatedAt]).toEqual(['todo', 'in-progress', '2024-12-01T09:01:00.000Z']);
    const before = await readFile(join(dir, 'tasks.json'), 'utf8');
    const same = await store.setStatus('1', 'in-progress');
    expect(same.from).toBe('in-progress');
    expect(await readFile(join(dir, 'tasks.json'), 'utf8')).toBe(before);
  });

  it('assigns, reassigns and unassigns', async () => {
    const { store } = await openStore();
    await store.add({ title: 'T', assignee: 'alice' });
    const reassigned = await store.assign('1', '@bob');
    expect([reassigned.from, reassigned.task.assignee]).toEqual(['alice', 'bob']);
    const { changes, task } = await store.update('1', { assignee: null });
    expect(changes).toEqual([{ field: 'assignee', from: 'bob', to: undefined }]);
    expect('assignee' in task).toBe(false);
  });

  it('updates each field, removes fields set to null, and reports only what changed', async () => {
    const { store } = await openStore();
    await store.add({ title: 'Old', description: 'd', dueAt: '2024-12-15', tags: ['x'] });
    const { task, changes } = await store.update('1', {
      title: 'New',
      description: null,
      priority: 'critical',
      dueAt: '2025-01-31',
      tags: ['x'],
    });
    expect(changes).toEqual([
      { field: 'title', from: 'Old', to: 'New' },
      { field: 'description', from: 'd', to: undefined },
      { field: 'dueAt', from: '2024-12-15', to: '2025-01-31' },
      { field: 'priority', from: 'normal', to: 'critical' },
    ]);
    expect(task).toMatchObject({ title: 'New', priority: 'critical', dueAt: '2025-01-31', tags: ['x'] });
    expect('description' in task).toBe(false);
    expect((await store.update('1', { title: 'New' })).changes).toEqual([]);
  });

  it('removes a task with its subtasks', async () => {
    const { store } = await openStore();
    await store.add({ title: 'Root' });
    await store.addSubtask('1', { title: 'A' });
    await store.addSubtask('1-1', { title: 'A.1' });
    await store.add({ title: 'Other' });
    const { removed } = await store.remove('1');
    expect(removed.map((task) => task.id)).toEqual(['1', '1-1', '1-1-1']);
    expect((await store.read()).tasks.map((task) => task.id)).toEqual(['2']);
  });

  it('uses another file of the folder when told, and refuses one outside it', async () => {
    const { dir } = await openStore();
    const sprint = await TaskStore.open({ locks: new FileLocks(), dir, file: 'sprint-2/tasks.json' });
    await sprint.add({ title: 'In the sprint file' });
    expect(JSON.parse(await readFile(join(dir, 'sprint-2', 'tasks.json'), 'utf8')).tasks).toHaveLength(1);
    await expect(TaskStore.open({ locks: new FileLocks(), dir, file: '../tasks.json' })).rejects.toThrow(/uses "\.\."/);
    await expect(TaskStore.open({ locks: new FileLocks(), dir, file: '/tmp/tasks.json' })).rejects.toThrow(/absolute path/);
  });

  describe('says what was wrong and what is valid', () => {
    async function withTasks() {
      const { store } = await openStore();
      await store.add({ title: 'Root' });
      await store.addSubtask('1', { title: 'A' });
      return store;
    }

    it.each<[string, (store: TaskStore) => Promise<unknown>, RegExp]>([
      ['an unknown id', (store) => store.setStatus('7', 'done'), /No task with id "7" in tasks.json. Valid ids: 1, 1-1\./],
      ['an unknown id to remove', (store) => store.remove('1-9'), /No task with id "1-9".*Valid ids: 1, 1-1/],
      [
        'a subtask of a missing parent',
        (store) => store.addSubtask('4', { title: 'x' }),
        /Cannot add the subtask: No task with id "4" in tasks.json. Valid ids: 1, 1-1\./,
      ],
      [
        'an unknown status',
        (store) => store.setStatus('1', 'finished' as TaskStatus),
        /Unknown status "finished"; valid statuses: todo, in-progress, done, blocked/,
      ],
      [
        'an unknown priority',
        (store) => store.add({ title: 'x', priority: 'urgent' as TaskPriority }),
        /Unknown priority "urgent"; valid priorities: low, normal, high, critical/,
      ],
      ['an empty title', (store) => store.add({ title: '   ' }), /The title is empty; give the task a short title/],
      ['an empty new title', (store) => store.update('1', { title: '' }), /The title is empty/],
      ['an empty assignee', (store) => store.assign('1', '@'), /The assignee is empty/],
      ['a date that is not one', (store) => store.add({ title: 'x', dueAt: 'tomorrow' }), /"tomorrow" is not a date; give YYYY-MM-DD/],
      ['an impossible date', (store) => store.add({ title: 'x', dueAt: '2024-02-30' }), /"2024-02-30" is not a date/],
      ['an update of nothing', (store) => store.update('1', {}), /Nothing to update: give at least one of title/],
    ])('%s', async (_, act, message) => {
      const store = await withTasks();
      const error = await act(store).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PhrasedError);
      expect((error as Error).message).toMatch(message);
    });

    it('with an empty file', async () => {
      const { store } = await openStore();
      await expect(store.setStatus('1', 'done')).rejects.toThrow('No task with id "1": tasks.json is empty.');
    });

    it('parses a typed status or priority for front ends', () => {
      expect(parseTaskStatus(' In-Progress ')).toBe('in-progress');
      expect(parseTaskPriority('HIGH')).toBe('high');
      expect(() => parseTaskStatus('doing')).toThrow(/valid statuses: todo, in-progress, done, blocked/);
    });
  });
});
