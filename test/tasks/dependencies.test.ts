import { describe, expect, it } from 'vitest';
import { renderTree } from '../../src/tasks/render.js';
import { TaskStore } from '../../src/tasks/store.js';
import { steppingClock } from '../tools/fixtures/clock.js';
import { useTempDirs } from '../tools/fixtures/temp-dir.js';
import { FileLocks } from '../../src/files/file-lock.js';

const tempDir = useTempDirs();

/** Tasks 1 (with 1-1 and 1-2), 2 and 3. */
async function project(): Promise<TaskStore> {
  const store = await TaskStore.open({ locks: new FileLocks(), dir: await tempDir(), now: steppingClock() });
  await store.add({ title: 'Release' });
  await store.addSubtask('1', { title: 'Build' });
  await store.addSubtask('1', { title: 'Notes' });
  await store.add({ title: 'Review' });
  await store.add({ title: 'Deploy' });
  return store;
}

describe('task dependencies', () => {
  it('lets a task wait on others, at creation or later, and keeps them in the file as dependsOn', async () => {
    const store = await project();
    const created = await store.add({ title: 'Announce', dependsOn: ['3', '1-2'] });
    expect(created.dependsOn).toEqual(['3', '1-2']);
    const { changes } = await store.update('1-1', { depends: ['2'] });
    expect(changes).toEqual([{ field: 'dependsOn', from: undefined, to: ['2'] }]);
    const { tasks } = await store.read();
    expect(tasks[0]?.subtasks?.[0]?.dependsOn).toEqual(['2']);
  });

  it('stops waiting with undepend, removing the field once empty', async () => {
    const store = await project();
    await store.update('3', { depends: ['2', '1'] });
    expect((await store.update('3', { undepend: ['2'] })).task.dependsOn).toEqual(['1']);
    const { task, changes } = await store.update('3', { undepend: ['1'] });
    expect('dependsOn' in task).toBe(false);
    expect(changes).toEqual([{ field: 'dependsOn', from: ['1'], to: undefined }]);
    await expect(store.update('3', { undepend: ['2'] })).rejects.toThrow('Task 3 does not wait on 2 (it waits on nothing).');
  });

  it('refuses a task waiting on itself', async () => {
    const store = await project();
    await expect(store.update('2', { depends: ['2'] })).rejects.toThrow('Task 2 cannot wait on itself.');
  });

  it('refuses a wait that closes a cycle of two, naming it, and changes nothing', async () => {
    const store = await project();
    await store.update('2', { depends: ['3'] });
    const before = await store.read();
    await expect(store.update('3', { depends: ['2'] })).rejects.toThrow(
      'Refused: if 3 waited on 2, the waits would form a cycle: 3 → 2 → 3.',
    );
    expect(await store.read()).toEqual(before);
  });

  it('names a longer cycle through subtasks at any depth', async () => {
    const store = await project();
    await store.addSubtask('1-1', { title: 'Compile' });
    await store.update('2', { depends: ['1-1-1'] });
    await store.update('1-1-1', { depends: ['3'] });
    await store.update('3', { depends: ['1-2'] });
    await expect(store.update('1-2', { depends: ['2'] })).rejects.toThrow(
      /cycle: 1-2 → 2 → 1-1-1 → 3 → 1-2\. Remove one of these links first \(update with undepend\)\./,
    );
  });

  it('refuses to wait on a task that does not exist, listing the valid ids', async () => {
    const store = await project();
    await expect(store.update('2', { depends: ['9'] })).rejects.toThrow(
      'Cannot wait on it: No task with id "9" in tasks.json. Valid ids: 1, 1-1, 1-2, 2, 3.',
    );
    await expect(store.add({ title: 'x', dependsOn: ['1-7'] })).rejects.toThrow(/No task with id "1-7"/);
  });

  it('shows in the tree what a task waits on while it is open', async () => {
    const store = await project();
    await store.update('3', { depends: ['2', '1-1'] });
    await store.setStatus('1-1', 'done');
    expect(renderTree((await store.read()).tasks)).toEqual([
      '○ [1] Release [NORMAL]',
      '├─ ✓ [1-1] Build [NORMAL]',
      '└─ ○ [1-2] Notes [NORMAL]',
      '○ [2] Review [NORMAL]',
      '○ [3] Deploy [NORMAL] ⏳ waits on [2]',
    ]);
  });

  it('says when a task is marked done while what it waits on is open', async () => {
    const store = await project();
    await store.update('3', { depends: ['2', '1-1'] });
    await store.setStatus('2', 'in-progress');
    const { openDependencies } = await store.setStatus('3', 'done');
    expect(openDependencies.map((task) => [task.id, task.status])).toEqual([
      ['2', 'in-progress'],
      ['1-1', 'todo'],
    ]);
  });

  it('forgets waits on removed tasks and their subtasks', async () => {
    const store = await project();
    await store.update('3', { depends: ['1-2', '2'] });
    await store.update('2', { depends: ['1-1'] });
    await store.remove('1');
    const { tasks } = await store.read();
    expect(tasks.map((task) => [task.id, task.dependsOn])).toEqual([
      ['2', undefined],
      ['3', ['2']],
    ]);
  });
});
