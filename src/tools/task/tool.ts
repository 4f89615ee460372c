import { z } from 'zod';
import type { Logger } from '../../log.js';
import type { FileLocks } from '../../files/file-lock.js';
import { defineTool, type ToolContext, type ToolDefinition } from '../registry.js';
import { plural } from '../text.js';
import { performTask, stillWaitsOn, taskOutcomeSchema, type TaskAction, type TaskOutcome } from '../../tasks/actions.js';
import { translator, type Translator } from '../../i18n/index.js';
import { budgetLine, keptInPlaneLine, linkedWriteLine, relationsLine, syncHeadline, syncNoteLine } from '../../tasks/plane/summary.js';
import type { TaskPlane } from '../../tasks/plane/task-plane.js';
import type { TaskEventEmitter } from '../../tasks/events.js';
import { requiredPerAction } from '../../tasks/fields.js';
import { taskPrioritySchema, taskStatusSchema } from '../../tasks/format.js';
import { renderTaskList, renderTree, taskLine } from '../../tasks/render.js';
import { DEFAULT_TASK_FILE, TaskStore } from '../../tasks/store.js';

const ACTIONS = ['add', 'subtask', 'list', 'tree', 'status', 'assign', 'update', 'remove', 'sync'] as const;
type Action = (typeof ACTIONS)[number];

const idText = 'A task id as printed: "1", "1-2", "1-2-1".';

const input = z
  .strictObject({
    file: z.string().optional().describe(`A file name in this channel's folder; default ${DEFAULT_TASK_FILE}.`),
    action: z.enum(ACTIONS),
    id: z.string().optional().describe(`status, assign, update, remove, sync: the task. ${idText}`),
    project: z.string().optional().describe('sync: the Plane project identifier (ACME) or name.'),
    parent: z.string().optional().describe(`subtask: the task to put it under. ${idText}`),
    title: z.string().optional().describe('add, subtask (required), update.'),
    description: z.string().nullable().optional().describe('add, subtask, update (null removes it).'),
    status: taskStatusSchema.optional().describe('status: the new status.'),
    priority: taskPrioritySchema.optional().describe('add, subtask (default normal), update.'),
    assignee: z.string().nullable().optional().describe('assign (required), add, subtask, update (null unassigns): a name.'),
    dueAt: z
      .string()
      .nullable()
      .optional()
      .describe('add, subtask, update (null removes it): YYYY-MM-DD or an ISO date-time such as 2024-12-15T17:00:00Z.'),
    tags: z.array(z.string()).optional().describe('add, subtask, update (replaces the list).'),
    depends: z.array(z.string()).optional().describe('add, subtask, update: ids of tasks this one waits on.'),
    undepend: z.array(z.string()).optional().describe('update: ids of tasks this one stops waiting on.'),
  })
  .superRefine(
    requiredPerAction<Action>({
      add: ['title'],
      subtask: ['parent', 'title'],
      status: ['id', 'status'],
      assign: ['id', 'assignee'],
      update: ['id'],
      remove: ['id'],
      sync: ['id', 'project'],
    }),
  );
type Input = z.output<typeof input>;

const description = `Keeps this channel's hierarchical task tree in a JSON file (the /task command shows the same tree).
Actions:
- add: create a top-level task (title; optional priority low|normal|high|critical, description, assignee, dueAt, tags, depends).
- subtask: create a task under parent, at any depth (same fields as add).
- list: the top-level tasks, with how many of their subtasks are done.
- tree: the whole tree: ○ todo, → in-progress, ✓ done, ⛔ blocked, [PRIORITY], (@assignee).
- status: set the status of id (todo, in-progress, done, blocked).
- assign: set the assignee of id.
- update: change title, description, priority, assignee, dueAt or tags of id (null removes description, assignee or dueAt); depends adds tasks it waits on, undepend removes them.
- remove: delete id with all its subtasks (work items synced with them stay in Plane).
- sync: push id and its whole subtree to the Plane project: each task becomes a work item, each subtask a sub-work-item of its parent's (title, description, priority, assignee, due date, status; waits become "blocked by" relations). Syncing again creates nothing twice: it updates the linked items and creates the new subtasks. Afterwards status, assign and update of a synced task are written to its work item too, and changes made in Plane come back. The tree shows each synced task's key after its title.
Dependencies: a task may wait on other tasks (depends: ["2", "1-1"]). A wait that would close a cycle is refused and the cycle named; the tree shows "⏳ waits on [2]" while those tasks are open; marking a task done while it still waits says so.`;

export interface TaskToolOptions {
  /** The process's locks on the channels' files. */
  locks: FileLocks;
  /** Receives a `task` event after every change (created, status_changed, assigned, updated, removed). */
  events?: TaskEventEmitter;
  /** The action `sync` and the write-through of synced tasks; without it `sync` says it is not available. */
  plane?: TaskPlane;
  now?: () => Date;
  logger?: Logger;
}

export function createTaskTool(options: TaskToolOptions): ToolDefinition {
  return defineTool({
    name: 'Task',
    description,
    input,
    output: taskOutcomeSchema,
    // Removes and overwrites tasks, but only in the channel's own files: allowed without asking.
    effects: { readOnly: false, destructive: true, openWorld: false },
    permission: 'allow',
    // A sync creates and changes work items: it is let through as those Plane writes would be (asked by default).
    writesAs: (call: Input) => (call.action === 'sync' ? ['plane_create_issue', 'plane_update_issue'] : []),
    progress: (call: Input, t) => {
      if (call.action === 'sync') return t.t('tool.step.syncTask', { id: call.id ?? '?', project: call.project ?? 'Plane' });
      return t.t(call.action === 'list' || call.action === 'tree' ? 'tool.step.readTasks' : 'tool.step.updateTasks');
    },
    describe: describeCall,
    async run(call: Input, context: ToolContext) {
      const store = await TaskStore.open({
        ...options,
        dir: context.filesDir,
        file: call.file,
        scope: context.scope,
        actor: context.requester,
      });
      const outcome = await performTask(store, taskAction(call), { plane: options.plane, requester: context.requester });
      return { text: taskText(outcome), data: outcome };
    },
  });
}

/** The tool's input as the tree's action. */
function taskAction(call: Input): TaskAction {
  const id = call.id ?? '';
  switch (call.action) {
    case 'add':
    case 'subtask': {
      const task = {
        title: call.title ?? '',
        priority: call.priority,
        description: call.description ?? undefined,
        assignee: call.assignee ?? undefined,
        dueAt: call.dueAt ?? undefined,
        tags: call.tags,
        dependsOn: call.depends,
      };
      return call.action === 'add' ? { action: 'add', task } : { action: 'subtask', parent: call.parent ?? '', task };
    }
    case 'list':
    case 'tree':
      return { action: call.action };
    case 'status':
      return { action: 'status', id, status: call.status ?? 'todo' };
    case 'assign':
      return { action: 'assign', id, assignee: call.assignee ?? '' };
    case 'update':
      return {
        action: 'update',
        id,
        changes: {
          title: call.title,
          description: call.description,
          priority: call.priority,
          assignee: call.assignee,
          dueAt: call.dueAt,
          tags: call.tags,
          depends: call.depends,
          undepend: call.undepend,
        },
      };
    case 'remove':
      return { action: 'remove', id };
    case 'sync':
      return { action: 'sync', id, project: call.project ?? '' };
  }
}

/** The model reads the tool's words in English, whatever the language of the people it answers. */
const MODEL = translator('en');

/** The outcome as the model reads it. */
function taskText(outcome: TaskOutcome): string {
  switch (outcome.action) {
    case 'add':
    case 'subtask':
      return `Added to ${outcome.file}:\n${taskLine(outcome.task)}`;
    case 'list':
    case 'tree': {
      if (outcome.tasks.length === 0) return `${outcome.file} has no tasks yet; create one with action "add".`;
      return (outcome.action === 'list' ? renderTaskList(outcome.tasks) : renderTree(outcome.tasks)).join('\n');
    }
    case 'status': {
      const { task, from, openDependencies } = outcome;
      if (from === task.status) return `Nothing changed: [${task.id}] ${task.title} is already ${from}.`;
      const waits = stillWaitsOn(outcome);
      return lines(
        `[${task.id}] ${task.title}: ${from} → ${task.status}.`,
        taskLine(task, openDependencies),
        waits && `Note: it still waits on ${waits}.`,
        linkedWriteLine(outcome.plane, MODEL),
      );
    }
    case 'assign': {
      const { task, from } = outcome;
      if (from === task.assignee) return `Nothing changed: [${task.id}] ${task.title} is already assigned to @${from}.`;
      return lines(
        `[${task.id}] ${task.title} is now assigned to @${task.assignee}${from ? ` (was @${from})` : ''}.`,
        taskLine(task),
        linkedWriteLine(outcome.plane, MODEL),
      );
    }
    case 'update': {
      const { task, changes } = outcome;
      if (changes.length === 0) return `Nothing changed: [${task.id}] ${task.title} already has those values.`;
      return lines(
        `Updated ${changes.map((change) => change.field).join(', ')} of [${task.id}]:`,
        taskLine(task),
        linkedWriteLine(outcome.plane, MODEL),
      );
    }
    case 'remove': {
      const [task, ...below] = outcome.removed;
      const subtasks = below.length === 0 ? '' : `, with ${plural(below.length, 'subtask')} (${below.map((t) => t.id).join(', ')})`;
      return lines(`Removed from ${outcome.file}: [${task?.id}] ${task?.title}${subtasks}.`, keptInPlaneLine(outcome.keptInPlane, MODEL));
    }
    case 'sync':
      return lines(
        syncHeadline(outcome, MODEL),
        ...renderTree([outcome.root]),
        relationsLine(outcome, MODEL),
        ...outcome.notes.map((note) => syncNoteLine(note, MODEL)),
        budgetLine(outcome, MODEL),
      );
  }
}

function lines(...parts: (string | undefined | false)[]): string {
  return parts.filter((part): part is string => typeof part === 'string' && part !== '').join('\n');
}

/** The call in plain words, for an approval message, in `t`'s language. */
function describeCall(call: Input, t: Translator): string {
  const file = call.file ?? DEFAULT_TASK_FILE;
  const id = call.id ?? '?';
  switch (call.action) {
    case 'add':
      return t.t('tool.does.taskAdd', { title: call.title ?? '', file });
    case 'subtask':
      return t.t('tool.does.taskSubtask', { title: call.title ?? '', parent: call.parent ?? '?', file });
    case 'list':
    case 'tree':
      return t.t('tool.does.taskList', { file });
    case 'status':
      return t.t('tool.does.taskStatus', { id, file, status: call.status ?? '?' });
    case 'assign':
      return t.t('tool.does.taskAssign', { id, file, assignee: call.assignee ?? '?' });
    case 'update':
      return t.t('tool.does.taskUpdate', { id, file });
    case 'remove':
      return t.t('tool.does.taskRemove', { id, file });
    case 'sync':
      return t.t('tool.does.taskSync', { id, file, project: call.project ?? '?' });
  }
}
