import type { Task, TaskStatus } from './format.js';
import { openDependencies } from './dependencies.js';
import { indexTasks, withDescendants } from './tree.js';

/** The text of a task tree as the Task tool shows it, blocked as `⛔`. Pure functions only. */

export const STATUS_MARKS: Record<TaskStatus, string> = {
  todo: '○',
  'in-progress': '→',
  done: '✓',
  blocked: '⛔',
};

export interface RenderOptions {
  /** How an assignee is shown; `@alice` by default (a Slack front end may show a mention). */
  assigneeLabel?: (assignee: string) => string;
}

/** One row of a rendered tree, for front ends that build their own blocks and pages from it. */
export interface TreeRow {
  task: Task;
  /** 0 for a top-level task. */
  depth: number;
  /** The connectors before the mark: `""`, `"├─ "`, `"│  └─ "`… */
  prefix: string;
  /** The open tasks this one waits on. */
  waitsOn: Task[];
  /** `prefix` followed by the task's line. */
  text: string;
}

/**
 * `○ [1] Title [HIGH] (@alice)`, with ` · ACME-31` after the title once it is synced with that work
 * item, then `⏳ waits on [2], [1-1]` while those are open.
 */
export function taskLine(task: Task, waitsOn: readonly Task[] = [], options: RenderOptions = {}): string {
  const label = options.assigneeLabel ?? ((assignee: string) => `@${assignee}`);
  const key = task.plane ? ` · ${task.plane}` : '';
  let line = `${STATUS_MARKS[task.status]} [${task.id}] ${task.title}${key} [${task.priority.toUpperCase()}]`;
  if (task.assignee) line += ` (${label(task.assignee)})`;
  if (waitsOn.length > 0) line += ` ⏳ waits on ${waitsOn.map((dependency) => `[${dependency.id}]`).join(', ')}`;
  return line;
}

/** The whole tree, depth first, with file-tree connectors (`├─`, `└─`, `│  ` continuation). */
export function buildTree(tasks: Task[], options: RenderOptions = {}): TreeRow[] {
  const index = indexTasks(tasks);
  const rows: TreeRow[] = [];
  const visit = (task: Task, depth: number, indent: string, connector: string): void => {
    const waitsOn = openDependencies(task, index);
    const prefix = indent + connector;
    rows.push({ task, depth, prefix, waitsOn, text: prefix + taskLine(task, waitsOn, options) });
    const children = task.subtasks ?? [];
    const childIndent = depth === 0 ? '' : indent + (connector === '└─ ' ? '   ' : '│  ');
    children.forEach((child, i) => visit(child, depth + 1, childIndent, i === children.length - 1 ? '└─ ' : '├─ '));
  };
  for (const task of tasks) visit(task, 0, '', '');
  return rows;
}

export function renderTree(tasks: Task[], options: RenderOptions = {}): string[] {
  return buildTree(tasks, options).map((row) => row.text);
}

/** The top-level tasks, each with how many of its subtasks (at any depth) are done. */
export function renderTaskList(tasks: Task[], options: RenderOptions = {}): string[] {
  const index = indexTasks(tasks);
  return tasks.map((task) => {
    const line = taskLine(task, openDependencies(task, index), options);
    const below = withDescendants(task).slice(1);
    if (below.length === 0) return line;
    const done = below.filter((subtask) => subtask.status === 'done').length;
    return `${line} — ${done}/${below.length} subtasks done`;
  });
}
