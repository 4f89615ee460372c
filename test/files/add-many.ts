/**
 * A child process for the concurrency tests: `add-many.ts <dir> <todo|task> <count> <label>`.
 * Opens the store, prints "ready", waits for a line on stdin, then makes <count> adds at once.
 */
import { once } from 'node:events';
import { TaskStore } from '../../src/tasks/store.js';
import { TodoStore } from '../../src/tools/todo/store.js';
import { FileLocks } from '../../src/files/file-lock.js';

const [dir = '', kind = 'todo', count = '50', label = 'child'] = process.argv.slice(2);
const add =
  kind === 'todo'
    ? await TodoStore.open({ locks: new FileLocks(), dir }).then((store) => (title: string) => store.add({ title }))
    : await TaskStore.open({ locks: new FileLocks(), dir }).then((store) => (title: string) => store.add({ title }));
process.stdout.write('ready\n');
await once(process.stdin, 'data');
await Promise.all(Array.from({ length: Number(count) }, (_, i) => add(`${label} ${i + 1}`)));
process.stdout.write('done\n');
process.exit(0);
