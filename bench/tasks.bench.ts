/**
 * Task and todo files: rendering a 1,000-task tree, and changes to a 10,000-item file (each one a
 * locked read, parse, validate, atomic write with fsync).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TASK_PRIORITIES, TASK_STATUSES, type Task } from '../src/tasks/format.js';
import { renderTree } from '../src/tasks/render.js';
import { TaskStore } from '../src/tasks/store.js';
import { TodoStore } from '../src/tools/todo/store.js';
import type { BenchRow } from './run.js';
import { FileLocks } from '../src/files/file-lock.js';

const RENDERS = 200;
const CHANGES = 50;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** `count` tasks: top-level ones with 3 subtasks of 2 subtasks each (1 + 3 + 6 per group), some waiting. */
function taskTree(count: number): Task[] {
  let made = 0;
  const task = (id: string, parent?: string): Task => {
    made++;
    return {
      id,
      title: `Task ${id} with a title of ordinary length`,
      status: TASK_STATUSES[made % TASK_STATUSES.length]!,
      priority: TASK_PRIORITIES[made % TASK_PRIORITIES.length]!,
      ...(parent && { parent }),
      ...(made % 3 === 0 && { assignee: 'alice' }),
      ...(made % 7 === 0 && parent && { dependsOn: ['1'] }),
      createdAt: '2024-12-01T09:00:00.000Z',
      updatedAt: '2024-12-01T09:00:00.000Z',
      subtasks: [],
    };
  };
  const tasks: Task[] = [];
  for (let top = 1; made < count; top++) {
    const root = task(String(top));
    tasks.push(root);
    for (let a = 1; a <= 3 && made < count; a++) {
      const child = task(`${top}-${a}`, root.id);
      root.subtasks!.push(child);
      for (let b = 1; b <= 2 && made < count; b++) child.subtasks!.push(task(`${top}-${a}-${b}`, child.id));
    }
  }
  return tasks;
}

async function perSecond(changes: number, change: (i: number) => Promise<unknown>): Promise<string> {
  const started = performance.now();
  for (let i = 0; i < changes; i++) await change(i);
  const ms = (performance.now() - started) / changes;
  return `${(1000 / ms).toFixed(0)} ops/s (${ms.toFixed(1)} ms each)`;
}

export async function bench(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const thousand = taskTree(1_000);
  const timings = Array.from({ length: RENDERS }, () => {
    const started = performance.now();
    renderTree(thousand);
    return performance.now() - started;
  });
  rows.push({ area: 'tasks', measure: 'render tree of 1,000 tasks (median)', value: `${median(timings).toFixed(2)} ms` });

  const dir = await mkdtemp(join(tmpdir(), 'planebot-bench-tasks-'));
  try {
    await writeFile(join(dir, 'tasks.json'), JSON.stringify({ version: 1, tasks: taskTree(10_000) }, null, 2));
    const tasks = await TaskStore.open({ locks: new FileLocks(), dir });
    rows.push({
      area: 'tasks',
      measure: `add to a 10,000-task file (${CHANGES} in a row)`,
      value: await perSecond(CHANGES, (i) => tasks.addSubtask('500', { title: `New ${i}` })),
    });
    rows.push({
      area: 'tasks',
      measure: `status change in a 10,000-task file (${CHANGES} in a row)`,
      value: await perSecond(CHANGES, (i) => tasks.setStatus(`${1 + i * 20}-1-2`, i % 2 ? 'done' : 'blocked')),
    });
    rows.push({
      area: 'tasks',
      measure: `update in a 10,000-task file (${CHANGES} in a row)`,
      value: await perSecond(CHANGES, (i) => tasks.update(`${2 + i * 20}`, { title: `Renamed ${i}`, tags: ['bench'] })),
    });

    const items = Array.from({ length: 10_000 }, (_, i) => ({
      id: String(i + 1),
      status: 'todo',
      title: `Item ${i + 1} with a title of ordinary length`,
      createdAt: '2024-12-01T09:00:00.000Z',
    }));
    await writeFile(join(dir, '.todos.json'), JSON.stringify({ version: 1, items }, null, 2));
    const todos = await TodoStore.open({ locks: new FileLocks(), dir });
    rows.push({
      area: 'tasks',
      measure: `todo add to a 10,000-item file (${CHANGES} in a row)`,
      value: await perSecond(CHANGES, (i) => todos.add({ title: `New ${i}` })),
    });
    rows.push({
      area: 'tasks',
      measure: `todo done in a 10,000-item file (${CHANGES} in a row)`,
      value: await perSecond(CHANGES, (i) => todos.mark(String(1 + i * 100), 'done')),
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return rows;
}
