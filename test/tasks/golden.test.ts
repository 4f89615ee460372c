import { copyFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderTaskList, renderTree } from '../../src/tasks/render.js';
import { TaskStore } from '../../src/tasks/store.js';
import { steppingClock } from '../tools/fixtures/clock.js';
import { useTempDirs } from '../tools/fixtures/temp-dir.js';
import { FileLocks } from '../../src/files/file-lock.js';

const tempDir = useTempDirs();
const fixture = (name: string) => new URL(`../tools/fixtures/${name}`, import.meta.url);
const golden = (name: string) => readFile(fixture(name), 'utf8');

/** A folder holding the file as the seed's tool wrote it. */
async function seedFile(): Promise<{ dir: string; store: TaskStore }> {
  const dir = await tempDir();
  await copyFile(fixture('seed-tasks.json'), join(dir, 'tasks.json'));
  return { dir, store: await TaskStore.open({ locks: new FileLocks(), dir, now: steppingClock() }) };
}

describe('the Task file format against golden files', () => {
  it("reads a file written by the seed's tool and shows the seed's tree", async () => {
    const { store } = await seedFile();
    expect(renderTree((await store.read()).tasks)).toEqual([
      '○ [1] Implémenter WebFetch [HIGH] (@alice)',
      '├─ → [1-1] Configurer authentification [HIGH]',
      '├─ ○ [1-2] Tester API externe [NORMAL]',
      '└─ ✓ [1-3] Documentation [LOW]',
      '⛔ [2] Exporter le backlog [CRITICAL]',
    ]);
  });

  it("modifies the seed's file with every change, leaving the rest as the seed wrote it", async () => {
    const { dir, store } = await seedFile();
    await store.addSubtask('1-2', { title: "Cas d'erreur", priority: 'critical', assignee: 'bob', tags: ['tests'] });
    await store.setStatus('1-2', 'in-progress');
    await store.assign('2', 'carol');
    await store.update('2', { depends: ['1-2'], dueAt: '2024-12-31', description: 'Markdown et CSV' });
    await store.setStatus('1-1', 'done');
    await store.remove('1-3');
    await store.add({ title: 'Publier', priority: 'low', dependsOn: ['2'] });

    expect(await readFile(join(dir, 'tasks.json'), 'utf8')).toBe(await golden('seed-tasks.modified.json'));
    expect(renderTree((await store.read()).tasks)).toEqual([
      '○ [1] Implémenter WebFetch [HIGH] (@alice)',
      '├─ ✓ [1-1] Configurer authentification [HIGH]',
      '└─ → [1-2] Tester API externe [NORMAL]',
      "   └─ ○ [1-2-1] Cas d'erreur [CRITICAL] (@bob)",
      '⛔ [2] Exporter le backlog [CRITICAL] (@carol) ⏳ waits on [1-2]',
      '○ [3] Publier [LOW] ⏳ waits on [2]',
    ]);
  });

  it('writes a new file with every action (golden)', async () => {
    const dir = await tempDir();
    const store = await TaskStore.open({ locks: new FileLocks(), dir, now: steppingClock() });
    await store.add({ title: 'Implémenter WebFetch', priority: 'high', assignee: 'alice', dueAt: '2024-12-15T17:00:00Z' });
    await store.addSubtask('1', { title: 'Configurer authentification', priority: 'high' });
    await store.addSubtask('1', { title: 'Tester API externe', description: 'httpbin et erreurs', tags: ['tests'] });
    await store.addSubtask('1', { title: 'Documentation', priority: 'low' });
    await store.addSubtask('1-2', { title: 'Délais dépassés' });
    await store.add({ title: 'Brouillon', priority: 'critical' });
    await store.add({ title: 'Exporter', dependsOn: ['1'] });
    await store.setStatus('1-1', 'in-progress');
    await store.setStatus('1-3', 'done');
    await store.setStatus('1-2-1', 'blocked');
    await store.assign('1-2', 'bob');
    await store.update('1', { description: 'GET/POST, erreurs', tags: ['backend', 'urgent'], dueAt: null });
    await store.update('3', { title: 'Exporter le backlog', depends: ['1-2'], undepend: ['1'], priority: 'high' });
    await store.remove('2');

    expect(await readFile(join(dir, 'tasks.json'), 'utf8')).toBe(await golden('tasks.golden.json'));
    const { tasks } = await store.read();
    expect(renderTaskList(tasks)).toEqual([
      '○ [1] Implémenter WebFetch [HIGH] (@alice) — 1/4 subtasks done',
      '○ [3] Exporter le backlog [HIGH] ⏳ waits on [1-2]',
    ]);
    expect(renderTree(tasks)).toEqual([
      '○ [1] Implémenter WebFetch [HIGH] (@alice)',
      '├─ → [1-1] Configurer authentification [HIGH]',
      '├─ ○ [1-2] Tester API externe [NORMAL] (@bob)',
      '│  └─ ⛔ [1-2-1] Délais dépassés [NORMAL]',
      '└─ ✓ [1-3] Documentation [LOW]',
      '○ [3] Exporter le backlog [HIGH] ⏳ waits on [1-2]',
    ]);
  });
});
