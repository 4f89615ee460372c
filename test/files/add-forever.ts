/**
 * A child process for the crash test: `add-forever.ts <dir> <lock stale ms>`. Adds tasks one after
 * another, printing a line after each, until it is killed.
 */
import { TaskStore } from '../../src/tasks/store.js';
import { FileLocks } from '../../src/files/file-lock.js';

const store = await TaskStore.open({ locks: new FileLocks({ staleMs: Number(process.argv[3]) }), dir: process.argv[2] ?? '' });
for (let i = 1; i <= 100_000; i++) {
  await store.add({ title: `written before the crash ${i}` });
  process.stdout.write(`${i}\n`);
}
