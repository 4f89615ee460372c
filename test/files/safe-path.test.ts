import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveInside } from '../../src/files/safe-path.js';
import { PhrasedError } from '../../src/i18n/index.js';
import { useTempDirs } from '../tools/fixtures/temp-dir.js';

const tempDir = useTempDirs();

describe('resolveInside', () => {
  it('resolves a plain name and a nested name inside the folder, creating the folder', async () => {
    const root = await tempDir();
    const folder = join(root, 'channels', 'C123');
    const plain = await resolveInside(folder, 'tasks.json', 'tasks.json');
    expect(plain).toEqual({ path: join(folder, 'tasks.json'), name: 'tasks.json' });
    const nested = await resolveInside(folder, './sprint-1//tasks.json', 'tasks.json');
    expect(nested).toEqual({ path: join(folder, 'sprint-1', 'tasks.json'), name: 'sprint-1/tasks.json' });
  });

  it('follows a link that stays inside the folder', async () => {
    const folder = await tempDir();
    await writeFile(join(folder, 'real.json'), '{}');
    await symlink(join(folder, 'real.json'), join(folder, 'alias.json'));
    expect((await resolveInside(folder, 'alias.json', 'tasks.json')).name).toBe('real.json');
  });

  it.each([
    ['/etc/passwd', /absolute path/],
    ['C:\\Windows\\win.ini', /absolute path/],
    ['../tasks.json', /uses "\.\."/],
    ['a/../../tasks.json', /uses "\.\."/],
    ['..\\..\\tasks.json', /uses "\.\."/],
    ['', /file name is empty/],
    ['   ', /file name is empty/],
    ['sprint/', /names a folder/],
    ['.', /names a folder/],
    ['bad\0name.json', /NUL/],
    ['notes.txt', /"notes.txt" does not end in \.json; give a file name inside this folder, like "tasks.json"/],
    ['tasks.json.lock', /does not end in \.json/],
    ['tasks.json.corrupt-2024-12-01T09-00-00-000Z', /does not end in \.json/],
  ])('refuses %j with a clear reason', async (file, reason) => {
    const folder = await tempDir();
    const attempt = resolveInside(folder, file, 'tasks.json');
    await expect(attempt).rejects.toBeInstanceOf(PhrasedError);
    await expect(attempt).rejects.toThrow(reason);
  });

  it('refuses a link to another kind of file inside the folder', async () => {
    const folder = await tempDir();
    await writeFile(join(folder, 'notes.md'), '# notes');
    await symlink(join(folder, 'notes.md'), join(folder, 'alias.json'));
    await expect(resolveInside(folder, 'alias.json', 'tasks.json')).rejects.toThrow(
      '"alias.json" is a link to "notes.md", which does not end in .json; use a plain file name.',
    );
  });

  it('refuses a file link, a folder link and a dangling link that lead outside', async () => {
    const root = await tempDir();
    const folder = join(root, 'C1');
    const outside = join(root, 'outside');
    await mkdir(folder);
    await mkdir(outside);
    await writeFile(join(outside, 'secret.json'), '{}');
    await symlink(join(outside, 'secret.json'), join(folder, 'file-link.json'));
    await symlink(outside, join(folder, 'dir-link'));
    await symlink(join(outside, 'missing.json'), join(folder, 'dangling.json'));

    await expect(resolveInside(folder, 'file-link.json', 'tasks.json')).rejects.toThrow(/leads outside this folder/);
    await expect(resolveInside(folder, 'dir-link/secret.json', 'tasks.json')).rejects.toThrow(/leads outside this folder/);
    await expect(resolveInside(folder, 'dir-link/new.json', 'tasks.json')).rejects.toThrow(/leads outside this folder/);
    await expect(resolveInside(folder, 'dangling.json', 'tasks.json')).rejects.toThrow(/symbolic link to a missing file/);
  });

  it('measures "inside" against the real folder, so a folder reached through a link still works', async () => {
    const root = await tempDir();
    await mkdir(join(root, 'real-data'));
    await symlink(join(root, 'real-data'), join(root, 'data'));
    const resolved = await resolveInside(join(root, 'data'), 'tasks.json', 'tasks.json');
    expect(resolved).toEqual({ path: join(root, 'real-data', 'tasks.json'), name: 'tasks.json' });
  });
});
