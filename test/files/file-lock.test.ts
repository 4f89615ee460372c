import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FileLocks } from '../../src/files/file-lock.js';
import { JsonFile, type JsonFormat } from '../../src/files/json-file.js';
import { useTempDirs } from '../tools/fixtures/temp-dir.js';

interface Log {
  version: 1;
  entries: number[];
  lastModified?: string;
}
const format: JsonFormat<Log> = {
  schema: z.looseObject({ version: z.literal(1), entries: z.array(z.number()), lastModified: z.string().optional() }),
  empty: () => ({ version: 1, entries: [] }),
};

const tempDir = useTempDirs();
const WRITERS = 20;

/** `WRITERS` appends to one file at once, writer i through `files[i % files.length]`. */
async function appendAtOnce(files: JsonFile<Log>[]): Promise<number[]> {
  await Promise.all(Array.from({ length: WRITERS }, (_, i) => files[i % files.length]!.update((data) => data.entries.push(i))));
  return (await files[0]!.read()).entries;
}

describe('FileLocks', () => {
  it('lets the writers of one file that share an instance take turns in the order they came', async () => {
    const path = join(await tempDir(), 'log.json');
    const locks = new FileLocks();
    // Two handles on the same file, as the Task tool and /task open it, with the process's one instance.
    const files = [new JsonFile(path, 'log.json', format, { locks }), new JsonFile(path, 'log.json', format, { locks })];
    expect(await appendAtOnce(files)).toEqual(Array.from({ length: WRITERS }, (_, i) => i));
  });

  it('keeps every write of writers with instances of their own: the lock directory still excludes them', async () => {
    const dir = await tempDir();
    const path = join(dir, 'log.json');
    const files = [
      new JsonFile(path, 'log.json', format, { locks: new FileLocks() }),
      new JsonFile(path, 'log.json', format, { locks: new FileLocks() }),
    ];
    const entries = await appendAtOnce(files);
    expect([...entries].sort((a, b) => a - b)).toEqual(Array.from({ length: WRITERS }, (_, i) => i));
    expect(await readdir(dir)).toEqual(['log.json']);
  });
});
