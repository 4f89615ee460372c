import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PhrasedError } from '../../../src/i18n/index.js';
import { TodoStore, type TodoMark } from '../../../src/tools/todo/store.js';
import { steppingClock } from '../fixtures/clock.js';
import { useTempDirs } from '../fixtures/temp-dir.js';
import { FileLocks } from '../../../src/files/file-lock.js';

const tempDir = useTempDirs();

async function openStore() {
  const dir = await tempDir();
  return { dir, store: await TodoStore.open({ locks: new FileLocks(), dir, now: steppingClock() }) };
}

describe('TodoStore', () => {
  it('adds items in the seed format, in .todos.json by default', async () => {
    const { dir, store } = await openStore();
    const item = await store.add({
      title: ' Implement WebFetch ',
      tags: ['feature', '#http'],
      description: 'GET and POST',
      dueAt: '2024-12-15',
    });
    expect(item).toEqual({
      id: '1',
      status: 'todo',
      title: 'Implement WebFetch',
      description: 'GET and POST',
      tags: ['feature', 'http'],
      createdAt: '2024-12-01T09:00:00.000Z',
      dueAt: '2024-12-15',
    });
    expect(Object.keys(item)).toEqual(['id', 'status', 'title', 'description', 'tags', 'createdAt', 'dueAt']);
    expect((await store.add({ title: 'Second' })).id).toBe('2');
    const written = JSON.parse(await readFile(join(dir, '.todos.json'), 'utf8'));
    expect(written.version).toBe(1);
    expect(written.lastModified).toBe('2024-12-01T09:01:00.000Z');
  });

  it.each<[TodoMark, string, string, boolean]>([
    ['done', 'todo', 'done', true],
    ['done', 'blocked', 'done', true],
    ['done', 'done', 'done', false],
    ['undone', 'done', 'todo', true],
    ['undone', 'blocked', 'blocked', false],
    ['block', 'todo', 'blocked', true],
    ['block', 'done', 'blocked', true],
    ['unblock', 'blocked', 'todo', true],
    ['unblock', 'done', 'done', false],
  ])('%s on a %s item leaves it %s (changed: %s)', async (mark, from, to, changed) => {
    const { dir, store } = await openStore();
    await writeFile(join(dir, '.todos.json'), JSON.stringify({ version: 1, items: [{ id: '1', status: from, title: 'T' }] }));
    const before = await readFile(join(dir, '.todos.json'), 'utf8');
    const marking = await store.mark('1', mark);
    expect([marking.from, marking.item.status, marking.changed]).toEqual([from, to, changed]);
    if (!changed) expect(await readFile(join(dir, '.todos.json'), 'utf8')).toBe(before);
  });

  it('updates fields, removes those set to null, and reports what changed', async () => {
    const { store } = await openStore();
    await store.add({ title: 'T', description: 'd', tags: ['a'] });
    const { item, changes } = await store.update('1', { title: 'New', description: null, tags: [], dueAt: '2025-01-02' });
    expect(changes).toEqual([
      { field: 'title', from: 'T', to: 'New' },
      { field: 'description', from: 'd', to: undefined },
      { field: 'dueAt', from: undefined, to: '2025-01-02' },
      { field: 'tags', from: ['a'], to: undefined },
    ]);
    expect(item).toEqual({ id: '1', status: 'todo', title: 'New', createdAt: '2024-12-01T09:00:00.000Z', dueAt: '2025-01-02' });
  });

  it('removes an item; the next id follows the highest one left', async () => {
    const { store } = await openStore();
    for (const title of ['a', 'b', 'c']) await store.add({ title });
    expect((await store.remove('2')).title).toBe('b');
    expect((await store.read()).items.map((item) => item.id)).toEqual(['1', '3']);
    expect((await store.add({ title: 'd' })).id).toBe('4');
  });

  it('exports Markdown beside the list, to a name of the caller’s choosing, never over a non-Markdown file', async () => {
    const { dir, store } = await openStore();
    await store.add({ title: 'T' });
    expect((await store.exportMarkdown('backlog/week-49.md')).file).toBe('backlog/week-49.md');
    expect(await readFile(join(dir, 'backlog', 'week-49.md'), 'utf8')).toContain('- [ ] **T** — id 1');
    await expect(store.exportMarkdown('.todos.json')).rejects.toThrow(
      '".todos.json" does not end in .md; give a file name inside this folder, like "todos.md"',
    );
    await expect(store.exportMarkdown('../out.md')).rejects.toThrow(/uses "\.\."/);
    expect((await readdir(dir)).sort()).toEqual(['.todos.json', 'backlog']);
  });

  it('exports an empty list as a page that says so', async () => {
    const { store } = await openStore();
    const { markdown } = await store.exportMarkdown();
    expect(markdown).toContain('_.todos.json: empty — exported');
    expect(markdown).toContain('Nothing to do.');
  });

  describe('says what was wrong and what is valid', () => {
    it.each<[string, (store: TodoStore) => Promise<unknown>, string | RegExp]>([
      ['an unknown id', (store) => store.mark('9', 'done'), 'No todo with id "9" in .todos.json. Valid ids: 1, 2.'],
      ['an unknown id to update', (store) => store.update('[7]', { title: 'x' }), 'No todo with id "7" in .todos.json.'],
      ['an empty title', (store) => store.add({ title: '' }), 'The title is empty; give the todo a short title.'],
      ['a bad date', (store) => store.update('1', { dueAt: '15/12/2024' }), /"15\/12\/2024" is not a date/],
      [
        'an update of nothing',
        (store) => store.update('1', {}),
        'Nothing to update: give at least one of title, description, dueAt, tags.',
      ],
      [
        'an unknown action',
        (store) => store.mark('1', 'finish' as TodoMark),
        'Unknown action "finish"; valid: done, undone, block, unblock.',
      ],
    ])('%s', async (_, act, message) => {
      const { store } = await openStore();
      await store.add({ title: 'a' });
      await store.add({ title: 'b' });
      const error = await act(store).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PhrasedError);
      if (typeof message === 'string') expect((error as Error).message).toContain(message);
      else expect((error as Error).message).toMatch(message);
    });
  });
});
