import { copyFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderTodoList } from '../../../src/tools/todo/render.js';
import { TodoStore } from '../../../src/tools/todo/store.js';
import { steppingClock } from '../fixtures/clock.js';
import { useTempDirs } from '../fixtures/temp-dir.js';
import { FileLocks } from '../../../src/files/file-lock.js';

const tempDir = useTempDirs();
const fixture = (name: string) => new URL(`../fixtures/${name}`, import.meta.url);
const golden = (name: string) => readFile(fixture(name), 'utf8');

describe('the TodoWrite file format against golden files', () => {
  it("reads a file written by the seed's tool and modifies it with every action", async () => {
    const dir = await tempDir();
    await copyFile(fixture('seed-todos.json'), join(dir, '.todos.json'));
    const store = await TodoStore.open({ locks: new FileLocks(), dir, now: steppingClock() });
    expect(renderTodoList((await store.read()).items)).toEqual([
      'To do (1)',
      '  ○ [1] Implement WebFetch #feature #http',
      'Blocked (1)',
      '  ⛔ [3] Publier le paquet (due 2024-12-15 17:00 UTC)',
      'Done (1)',
      '  ✓ [2] Écrire les tests (due 2024-11-30)',
    ]);

    await store.add({ title: 'Exporter en markdown', tags: ['docs'], dueAt: '2024-12-20' });
    await store.mark('3', 'unblock');
    await store.mark('1', 'done');
    await store.update('2', { title: 'Écrire tous les tests', description: null });
    await store.mark('4', 'block');
    await store.remove('2');

    expect(await readFile(join(dir, '.todos.json'), 'utf8')).toBe(await golden('seed-todos.modified.json'));
  });

  it('writes a new file with every action, and exports it as Markdown (golden)', async () => {
    const dir = await tempDir();
    const store = await TodoStore.open({ locks: new FileLocks(), dir, now: steppingClock() });
    await store.add({ title: 'Implement WebFetch', tags: ['feature', 'http'] });
    await store.add({ title: 'Write the *tests*', description: 'CRUD, statuses\nand the export', dueAt: '2024-12-10' });
    await store.add({ title: 'Publish', dueAt: '2024-12-15T17:00:00Z' });
    await store.add({ title: 'Dropped idea' });
    await store.add({ title: 'Review <docs>' });
    await store.mark('1', 'done');
    await store.mark('2', 'done');
    await store.mark('2', 'undone');
    await store.mark('3', 'block');
    await store.mark('5', 'block');
    await store.mark('5', 'unblock');
    await store.update('5', { title: 'Review the docs', tags: ['#docs'], description: 'Every page', dueAt: '2024-12-31' });
    await store.update('5', { description: null });
    await store.remove('4');

    expect(await readFile(join(dir, '.todos.json'), 'utf8')).toBe(await golden('todos.golden.json'));
    const exported = await store.exportMarkdown();
    expect(exported.file).toBe('todos.md');
    expect(await readFile(join(dir, 'todos.md'), 'utf8')).toBe(await golden('todos.golden.md'));
    expect(exported.markdown).toBe(await golden('todos.golden.md'));
  });
});
