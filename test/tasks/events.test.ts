import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { TaskEvent, TaskEventMap } from '../../src/tasks/events.js';
import { FileLocks } from '../../src/files/file-lock.js';
import { TaskStore } from '../../src/tasks/store.js';
import { steppingClock } from '../tools/fixtures/clock.js';
import { useTempDirs } from '../tools/fixtures/temp-dir.js';

const tempDir = useTempDirs();
const alice = { id: 'U01ALICE', name: 'alice' };

async function recording() {
  const events = new EventEmitter<TaskEventMap>();
  const seen: TaskEvent[] = [];
  events.on('task', (event) => seen.push(event));
  const store = await TaskStore.open({
    dir: await tempDir(),
    scope: 'C0CHANNEL',
    actor: alice,
    events,
    now: steppingClock(),
    locks: new FileLocks(),
  });
  return { store, seen, events };
}

describe('task events', () => {
  it('announces a creation with the scope, the file, the task and who did it', async () => {
    const { store, seen } = await recording();
    const task = await store.add({ title: 'Root', priority: 'high' });
    await store.addSubtask('1', { title: 'Child' });
    expect(seen[0]).toEqual({
      type: 'created',
      scope: 'C0CHANNEL',
      file: 'tasks.json',
      taskId: '1',
      title: 'Root',
      by: alice,
      at: '2024-12-01T09:00:00.000Z',
      task,
    });
    expect(seen[1]).toMatchObject({ type: 'created', taskId: '1-1', parent: '1', at: '2024-12-01T09:01:00.000Z' });
  });

  it('announces a status change with old and new values and the open waits', async () => {
    const { store, seen } = await recording();
    await store.add({ title: 'A' });
    await store.add({ title: 'B', dependsOn: ['1'] });
    await store.setStatus('2', 'done');
    expect(seen.at(-1)).toMatchObject({
      type: 'status_changed',
      taskId: '2',
      title: 'B',
      from: 'todo',
      to: 'done',
      openDependencies: ['1'],
      by: alice,
      scope: 'C0CHANNEL',
    });
  });

  it('announces assignments, from assign and from update, and other changes as updated', async () => {
    const { store, seen } = await recording();
    await store.add({ title: 'A' });
    await store.assign('1', 'bob');
    await store.update('1', { assignee: 'carol', priority: 'critical', tags: ['x'] });
    await store.update('1', { assignee: null });
    expect(seen.slice(1).map(({ type, ...rest }) => ({ type, ...pick(rest, ['from', 'to', 'changes']) }))).toEqual([
      { type: 'assigned', to: 'bob' },
      { type: 'assigned', from: 'bob', to: 'carol' },
      {
        type: 'updated',
        changes: [
          { field: 'tags', to: ['x'] },
          { field: 'priority', from: 'normal', to: 'critical' },
        ],
      },
      { type: 'assigned', from: 'carol' },
    ]);
  });

  it('announces a removal with every id removed', async () => {
    const { store, seen } = await recording();
    await store.add({ title: 'A' });
    await store.addSubtask('1', { title: 'A.1' });
    await store.remove('1');
    expect(seen.at(-1)).toMatchObject({ type: 'removed', taskId: '1', title: 'A', removedIds: ['1', '1-1'] });
  });

  it('announces nothing for a change that changes nothing, or fails', async () => {
    const { store, seen } = await recording();
    await store.add({ title: 'A', assignee: 'bob' });
    await store.setStatus('1', 'todo');
    await store.assign('1', 'bob');
    await store.update('1', { title: 'A' });
    await expect(store.setStatus('2', 'done')).rejects.toThrow();
    expect(seen.map((event) => event.type)).toEqual(['created']);
  });

  it('keeps a change when a listener throws', async () => {
    const { store, events } = await recording();
    events.on('task', () => {
      throw new Error('listener broke');
    });
    await expect(store.add({ title: 'A' })).resolves.toMatchObject({ id: '1' });
    expect((await store.read()).tasks).toHaveLength(1);
  });
});

function pick(object: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((key) => object[key] !== undefined).map((key) => [key, object[key]]));
}
