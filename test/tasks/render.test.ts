import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Task, TaskFile } from '../../src/tasks/format.js';
import { buildTree, renderTaskList, renderTree, taskLine } from '../../src/tasks/render.js';

const fixture = (name: string) => new URL(`../tools/fixtures/${name}`, import.meta.url);
const depth3 = async () => (JSON.parse(await readFile(fixture('tree-depth3.json'), 'utf8')) as TaskFile).tasks;

const task = (fields: Partial<Task> & Pick<Task, 'id' | 'title'>): Task => ({ status: 'todo', priority: 'normal', ...fields });

describe('renderTree', () => {
  it('renders the seed example exactly', () => {
    const tasks: Task[] = [
      task({
        id: '1',
        title: 'Implémenter WebFetch',
        priority: 'high',
        assignee: 'alice',
        subtasks: [
          task({ id: '1-1', title: 'Configurer authentification', status: 'in-progress', priority: 'high', parent: '1' }),
          task({ id: '1-2', title: 'Tester API externe', parent: '1' }),
          task({ id: '1-3', title: 'Documentation', status: 'done', priority: 'low', parent: '1' }),
        ],
      }),
    ];
    expect(renderTree(tasks).join('\n')).toBe(
      [
        '○ [1] Implémenter WebFetch [HIGH] (@alice)',
        '├─ → [1-1] Configurer authentification [HIGH]',
        '├─ ○ [1-2] Tester API externe [NORMAL]',
        '└─ ✓ [1-3] Documentation [LOW]',
      ].join('\n'),
    );
  });

  it('renders every status and priority below depth 3 with file-tree connectors (golden)', async () => {
    const golden = await readFile(fixture('tree-depth3.txt'), 'utf8');
    expect(`${renderTree(await depth3()).join('\n')}\n`).toBe(golden);
  });

  it('gives front ends each row with its depth, connectors and open waits, to build and page blocks', async () => {
    const rows = buildTree(await depth3());
    expect(rows.map((row) => [row.task.id, row.depth, row.prefix])).toEqual([
      ['1', 0, ''],
      ['1-1', 1, '├─ '],
      ['1-1-1', 2, '│  ├─ '],
      ['1-1-2', 2, '│  └─ '],
      ['1-1-2-1', 3, '│     └─ '],
      ['1-2', 1, '└─ '],
      ['1-2-1', 2, '   └─ '],
      ['1-2-1-1', 3, '      └─ '],
      ['2', 0, ''],
      ['3', 0, ''],
    ]);
    expect(rows[3]?.waitsOn.map((waited) => waited.id)).toEqual(['2']);
  });

  it('lets a front end choose how an assignee is shown', () => {
    const line = taskLine(task({ id: '4', title: 'T', assignee: 'U0BOB' }), [], { assigneeLabel: (id) => `<@${id}>` });
    expect(line).toBe('○ [4] T [NORMAL] (<@U0BOB>)');
  });

  it('renders nothing for no tasks', () => {
    expect(renderTree([])).toEqual([]);
  });
});

describe('renderTaskList', () => {
  it('lists the top-level tasks with how many subtasks at any depth are done', async () => {
    expect(renderTaskList(await depth3())).toEqual([
      '→ [1] Launch [CRITICAL] (@alice) — 2/7 subtasks done',
      '⛔ [2] Approvals [LOW]',
      '✓ [3] Ship [NORMAL]',
    ]);
  });
});
