import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readdir, readFile, watch, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { TaskStore } from '../../src/tasks/store.js';
import { useTempDirs } from '../tools/fixtures/temp-dir.js';
import { FileLocks } from '../../src/files/file-lock.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const tempDir = useTempDirs();
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

function startChild(script: string, args: string[]): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, script), ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.push(child);
  return child;
}

/** Resolves when the child has printed a line matching `wanted`. */
async function waitForLine(child: ChildProcess, wanted: (line: string) => boolean): Promise<void> {
  let buffer = '';
  for await (const chunk of child.stdout!) {
    buffer += String(chunk);
    if (buffer.split('\n').some(wanted)) return;
  }
  throw new Error(`child exited (${child.exitCode}) before printing the expected line`);
}

async function addFromTwoProcesses(kind: 'todo' | 'task'): Promise<string> {
  const dir = await tempDir();
  const adders = ['first', 'second'].map((label) => startChild('add-many.ts', [dir, kind, '50', label]));
  await Promise.all(adders.map((child) => waitForLine(child, (line) => line === 'ready')));
  const finished = adders.map((child) => once(child, 'exit'));
  for (const child of adders) child.stdin!.write('go\n');
  const codes = await Promise.all(finished);
  expect(codes.map(([code]) => code)).toEqual([0, 0]);
  return dir;
}

describe('two processes writing one file', () => {
  it('keeps all 100 todo items of 2 × 50 concurrent adds, with unique ids, in valid JSON', async () => {
    const dir = await addFromTwoProcesses('todo');
    const file = JSON.parse(await readFile(join(dir, '.todos.json'), 'utf8'));
    expect(file.version).toBe(1);
    expect(file.items).toHaveLength(100);
    const ids = file.items.map((item: { id: string }) => Number(item.id)).sort((a: number, b: number) => a - b);
    expect(ids).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    const titles = new Set(file.items.map((item: { title: string }) => item.title));
    for (let i = 1; i <= 50; i++) expect(titles.has(`first ${i}`) && titles.has(`second ${i}`)).toBe(true);
    expect(await readdir(dir)).toEqual(['.todos.json']);
  });

  it('keeps all 100 tasks of 2 × 50 concurrent adds, with unique ids, in valid JSON', async () => {
    const dir = await addFromTwoProcesses('task');
    const file = JSON.parse(await readFile(join(dir, 'tasks.json'), 'utf8'));
    expect(file.tasks).toHaveLength(100);
    expect(new Set(file.tasks.map((task: { id: string }) => task.id)).size).toBe(100);
    expect(await readdir(dir)).toEqual(['tasks.json']);
  });
});

describe('a writer killed while writing', () => {
  it('leaves a whole file, and its lock is taken over once stale', async () => {
    // proper-lockfile's shortest stale time, instead of the product's 10 s: the wait is the same code.
    const staleMs = 2_000;
    const dir = await tempDir();
    // A big file makes each write long, so the kill is likely to land inside one.
    const tasks = Array.from({ length: 5_000 }, (_, i) => ({
      id: String(i + 1),
      title: `existing task ${i + 1} with a reasonably long title to make the file heavy`,
      status: 'todo',
      priority: 'normal',
      subtasks: [],
    }));
    await writeFile(join(dir, 'tasks.json'), JSON.stringify({ version: 1, tasks }));
    const writer = startChild('add-forever.ts', [dir, String(staleMs)]);
    await waitForLine(writer, (line) => Number(line) >= 3);
    // Kill it the moment a temporary file appears: in the middle of a write, lock held.
    const watcher = watch(dir);
    try {
      for await (const { filename } of watcher) {
        if (/^tasks\.json\.\d+$/.test(filename ?? '')) break;
      }
    } finally {
      writer.kill('SIGKILL');
    }
    await once(writer, 'exit');

    const text = await readFile(join(dir, 'tasks.json'), 'utf8');
    const file = JSON.parse(text) as { tasks: unknown[] };
    expect(file.tasks.length).toBeGreaterThanOrEqual(5_003);

    // The dead writer may have held the lock; the next writer waits for it to go stale, then writes.
    const store = await TaskStore.open({ locks: new FileLocks({ staleMs }), dir });
    const added = await store.add({ title: 'after the crash' });
    expect(Number(added.id)).toBe(file.tasks.length + 1);
    expect((await store.read()).tasks).toHaveLength(file.tasks.length + 1);
  });
});
