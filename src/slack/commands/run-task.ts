import type { Logger } from '../../log.js';
import type { TaskEventEmitter } from '../../tasks/events.js';
import type { TaskStatus } from '../../tasks/format.js';
import { renderTree, taskLine } from '../../tasks/render.js';
import { performTask, stillWaitsOn, type TaskAction } from '../../tasks/actions.js';
import { budgetLine, keptInPlaneLine, linkedWriteLine, relationsLine, syncHeadline, syncNoteLine } from '../../tasks/plane/summary.js';
import type { TaskPlane } from '../../tasks/plane/task-plane.js';
import { TaskStore, type NewTask } from '../../tasks/store.js';
import { buildHelp } from './help.js';
import { buildConfirmation, changedFields } from '../blocks/confirmation.blocks.js';
import { taskStatusWord } from '../tasks/task-status.blocks.js';
import { channelLabel, type CommandContext } from './context.js';
import { taskTreePage } from './pages.js';
import { ephemeral, type Reply } from './reply.js';
import type { TaskCommand, TaskOptions } from './types.js';

export interface TaskEnv {
  /** The tree's changes are announced here, as the agent's Task tool announces its own. */
  taskEvents: TaskEventEmitter;
  /** `/task sync`, and the write-through of synced tasks to their work items. */
  taskPlane?: TaskPlane;
  logger: Logger;
}

/** Every `/task` sub-command but the agent request, which the listener hands to a run. */
export type TaskSubcommand = Exclude<TaskCommand, { action: 'agent' }>;

/**
 * Runs a `/task` sub-command on the channel's tree (the file the agent's Task tool uses). Bad ids
 * and values throw the store's ToolError, which the caller shows with the usage line.
 */
export async function executeTask(command: TaskSubcommand, context: CommandContext, env: TaskEnv): Promise<Reply> {
  const { t } = context;
  if (command.action === 'help') return ephemeral(buildHelp('task', t));
  const action = await taskAction(command, context);
  const reads = action.action === 'list' || action.action === 'tree';
  // Who asked is carried on the events of a change; a read announces nothing, so it is not looked up.
  const requester = reads ? undefined : await context.requester();
  const store = await TaskStore.open({
    dir: context.filesDir,
    scope: context.channel.id,
    actor: requester,
    events: env.taskEvents,
    logger: env.logger,
    locks: context.fileLocks,
  });
  // `/task sync` is the person's own intent: no approval, as for `/plane new`.
  const outcome = await performTask(store, action, { plane: env.taskPlane, requester });
  const plane = 'plane' in outcome ? [linkedWriteLine(outcome.plane, t)].filter((line) => line !== undefined) : [];
  const where = channelLabel(context.channel, t);
  const confirm = (summary: string, lines: string[], notes: string[] = [], unchanged = false): Reply =>
    ephemeral(buildConfirmation({ summary, lines, notes, unchanged }, t));
  const status = (value: TaskStatus) => taskStatusWord(value, t);
  switch (outcome.action) {
    case 'add':
      return confirm(t.t('commands.task.added', { id: outcome.task.id, where }), [taskLine(outcome.task)]);
    case 'subtask': {
      const { task } = outcome;
      return confirm(t.t('commands.task.subAdded', { id: task.id, parent: task.parent ?? '', where }), [taskLine(task)]);
    }
    case 'status': {
      const { task, from, openDependencies } = outcome;
      const line = taskLine(task, openDependencies);
      if (from === task.status) return confirm(t.t('commands.task.alreadyStatus', { id: task.id, status: status(from) }), [line], [], true);
      const waits = stillWaitsOn(outcome);
      return confirm(
        t.t('commands.task.moved', { id: task.id, from: status(from), to: status(task.status) }),
        [line],
        [...(waits ? [t.t('commands.task.stillWaits', { waits })] : []), ...plane],
      );
    }
    case 'assign': {
      const { task, from } = outcome;
      if (from === task.assignee)
        return confirm(t.t('commands.task.alreadyAssigned', { id: task.id, name: from ?? '' }), [taskLine(task)], [], true);
      const name = task.assignee ?? '';
      return confirm(
        from
          ? t.t('commands.task.reassigned', { id: task.id, name, previous: from })
          : t.t('commands.task.assigned', { id: task.id, name }),
        [taskLine(task)],
        plane,
      );
    }
    case 'update': {
      const { task, changes } = outcome;
      if (changes.length === 0) return confirm(t.t('commands.unchangedValues', { id: task.id }), [taskLine(task)], [], true);
      return confirm(t.t('commands.updated', { fields: changedFields(changes, t), id: task.id }), [taskLine(task)], plane);
    }
    case 'remove': {
      const { removed } = outcome;
      const kept = keptInPlaneLine(outcome.keptInPlane, t);
      return confirm(
        t.t('commands.task.removed', { id: removed[0]?.id ?? '', subtasks: removed.length - 1, where }),
        removed.map((task) => taskLine(task)),
        kept ? [kept] : [],
      );
    }
    case 'sync': {
      const notes = [relationsLine(outcome, t), ...outcome.notes.map((note) => syncNoteLine(note, t)), budgetLine(outcome, t)];
      return confirm(
        syncHeadline(outcome, t),
        renderTree([outcome.root]),
        notes.filter((note) => note !== undefined),
      );
    }
    case 'list':
    case 'tree':
      return { placement: 'channel', messages: [taskTreePage(outcome.tasks, context.channel, outcome.action, t)], showsTasks: true };
  }
}

/** The command as the tree's action; people named in it are looked up. */
async function taskAction(command: Exclude<TaskSubcommand, { action: 'help' }>, context: CommandContext): Promise<TaskAction> {
  switch (command.action) {
    case 'list':
    case 'tree':
      return { action: command.action };
    case 'add':
      return { action: 'add', task: await newTask(command.title, command.options, context) };
    case 'sub':
      return { action: 'subtask', parent: command.parentId, task: await newTask(command.title, command.options, context) };
    case 'status':
      return { action: 'status', id: command.id, status: command.status };
    case 'assign':
      return { action: 'assign', id: command.id, assignee: (await context.person(command.assignee)).name };
    case 'update': {
      const { options } = command;
      return {
        action: 'update',
        id: command.id,
        changes: {
          title: command.title,
          description: command.description,
          priority: options.priority,
          assignee: options.assignee === undefined ? undefined : (await context.person(options.assignee)).name,
          dueAt: options.due,
          tags: options.tags.length > 0 ? options.tags : undefined,
        },
      };
    }
    case 'remove':
      return { action: 'remove', id: command.id };
    case 'sync':
      return { action: 'sync', id: command.id, project: command.project };
  }
}

async function newTask(title: string, options: TaskOptions, context: CommandContext): Promise<NewTask> {
  return {
    title,
    ...(options.priority && { priority: options.priority }),
    ...(options.assignee && { assignee: (await context.person(options.assignee)).name }),
    ...(options.due && { dueAt: options.due }),
    ...(options.tags.length > 0 && { tags: options.tags }),
  };
}
