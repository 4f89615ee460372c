import { chmod, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CorruptFileError, JsonFile, type JsonFormat } from '../../src/files/json-file.js';
import { steppingClock } from '../tools/fixtures/clock.js';
import { useTempDirs } from '../tools/fixtures/temp-dir.js';
import { FileLocks } from '../../src/files/file-lock.js';

interface Counter {
  version: 1;
  count: number;
  lastModified?: string;
}
const format: JsonFormat<Counter> = {
  schema: z.looseObject({ version: z.literal(1), count: z.number(), lastModified: z.string().optional() }),
  empty: () => ({ version: 1, count: 0 }),
};

const tempDir = useTempDirs();

async function counterFile() {
  const dir = await tempDir();
  const path = join(dir, 'counter.json');
  return { dir, path, file: new JsonFile(path, 'counter.json', format, { locks: new FileLocks(), now: steppingClock() }) };
}

describe('JsonFile', () => {
  it('reads a missing file as empty and creates it on the first change', async () => {
    const { path, file } = await counterFile();
    expect(await file.read()).toEqual({ version: 1, count: 0 });
    const result = await file.update((data) => ++data.count);
    expect(result).toBe(1);
    expect(await readFile(path, 'utf8')).toBe('{\n  "version": 1,\n  "count": 1,\n  "lastModified": "2024-12-01T09:00:00.000Z"\n}\n');
  });

  it('reads the file afresh each time, so a change by another process (a replica on the shared folder) is seen at once', async () => {
    const { path, file } = await counterFile();
    const replica = new JsonFile(path, 'counter.json', format, { locks: new FileLocks() });
    expect((await file.read()).count).toBe(0);
    await replica.update((data) => (data.count = 7));
    expect((await file.read()).count).toBe(7);
    // Same size, same instant, written in place: nothing about the file's metadata need differ.
    await writeFile(path, (await readFile(path, 'utf8')).replace('"count": 7', '"count": 8'));
    expect((await file.read()).count).toBe(8);
  });

  it('creates missing parent folders of a nested file', async () => {
    const dir = await tempDir();
    const file = new JsonFile(join(dir, 'a', 'b', 'c.json'), 'a/b/c.json', format, { locks: new FileLocks() });
    await file.update((data) => (data.count = 5));
    expect((await file.read()).count).toBe(5);
  });

  it('keeps fields it does not know, so another writer loses nothing', async () => {
    const { path, file } = await counterFile();
    await writeFile(path, JSON.stringify({ version: 1, count: 1, owner: { name: 'seed' } }));
    await file.update((data) => data.count++);
    expect(JSON.parse(await readFile(path, 'utf8'))).toMatchObject({ count: 2, owner: { name: 'seed' } });
  });

  it('writes nothing when the change throws or says nothing changed', async () => {
    const { path, file } = await counterFile();
    await file.update((data) => data.count++);
    const before = await readFile(path, 'utf8');
    await expect(
      file.update(() => {
        throw new Error('bad input');
      }),
    ).rejects.toThrow('bad input');
    await file.update(
      (data) => data.count,
      () => false,
    );
    expect(await readFile(path, 'utf8')).toBe(before);
  });

  it('leaves no temporary file behind after writes', async () => {
    const { dir, file } = await counterFile();
    await Promise.all(Array.from({ length: 20 }, () => file.update((data) => data.count++)));
    expect((await file.read()).count).toBe(20);
    expect(await readdir(dir)).toEqual(['counter.json']);
  });

  it.each([
    ['invalid JSON', '{"version": 1, "count": ', /not valid JSON/],
    ['an empty file', '', /not valid JSON/],
    ['the wrong shape', '{"version": 1, "count": "three"}', /not in the expected format at count/],
    ['an unknown version', '{"version": 2, "count": 1}', /not in the expected format at version/],
  ])('moves aside a file with %s when reading, keeping its bytes, and says so', async (_, content, reason) => {
    const { dir, path, file } = await counterFile();
    await writeFile(path, content);
    const error = await file.read().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CorruptFileError);
    const corrupt = error as CorruptFileError;
    expect(corrupt.message).toMatch(reason);
    expect(corrupt.message).toContain('moved aside to counter.json.corrupt-2024-12-01T09-00-00-000Z');
    expect(corrupt.message).toContain('nothing was changed');
    expect(corrupt.movedTo).toBe(`${path}.corrupt-2024-12-01T09-00-00-000Z`);
    expect(await readFile(corrupt.movedTo, 'utf8')).toBe(content);
    expect(await readdir(dir)).toEqual(['counter.json.corrupt-2024-12-01T09-00-00-000Z']);
  });

  it('refuses a change to a corrupt file, then starts afresh on the next one', async () => {
    const { dir, path, file } = await counterFile();
    await writeFile(path, 'not json');
    await expect(file.update((data) => data.count++)).rejects.toThrow(/could not be used/);
    expect(await readdir(dir)).toEqual(['counter.json.corrupt-2024-12-01T09-00-00-000Z']);
    await file.update((data) => data.count++);
    expect((await file.read()).count).toBe(1);
  });

  it('never moves a corrupt file over an earlier copy', async () => {
    const dir = await tempDir();
    const path = join(dir, 'counter.json');
    const sameInstant = () => new Date('2024-12-01T09:00:00.000Z');
    const file = new JsonFile(path, 'counter.json', format, { locks: new FileLocks(), now: sameInstant });
    await writeFile(path, 'first');
    await expect(file.read()).rejects.toThrow(CorruptFileError);
    await writeFile(path, 'second');
    await expect(file.read()).rejects.toThrow(/counter.json.corrupt-2024-12-01T09-00-00-000Z-1/);
    expect(await readFile(`${path}.corrupt-2024-12-01T09-00-00-000Z`, 'utf8')).toBe('first');
    expect(await readFile(`${path}.corrupt-2024-12-01T09-00-00-000Z-1`, 'utf8')).toBe('second');
  });

  // Root reads any file, so the case cannot arise there.
  // (test/faults/file-permissions.test.ts runs the bot as another user to check it as root too.)
  it.skipIf(process.getuid?.() === 0)('reports a file it may not read as a permission problem and leaves it in place', async () => {
    const { dir, path, file } = await counterFile();
    await writeFile(path, '{"version": 1, "count": 1}');
    await chmod(path, 0o000);
    await expect(file.read()).rejects.toThrow(/counter.json could not be read: the bot has no permission to read it \(EACCES\)/);
    expect(await readdir(dir)).toEqual(['counter.json']);
  });

  it('says so when the name is a folder, and moves nothing', async () => {
    const { dir, path, file } = await counterFile();
    await mkdir(path);
    await expect(file.read()).rejects.toThrow('counter.json is a folder, not a file');
    expect(await readdir(dir)).toEqual(['counter.json']);
  });
});
