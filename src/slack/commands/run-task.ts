import type { Logger } from '../../log.js';
import type { TaskEventEmitter } from '../../tools/task/events.js';
import { taskLine } from '../../tools/task/render.js';
import { TaskStore, type NewTask } from '../../tools/task/store.js';
import { plural } from '../../tools/text.js';
import { buildHelp } from '../blocks/help.js';
import { buildConfirmation, changedFields } from './confirmation.js';
import { channelLabel, type CommandContext } from './context.js';
import { taskPage } from './pages.js';
import { ephemeral, type Reply } from './reply.js';
import type { TaskCommand, TaskOptions } from './types.js';

export interface TaskEnv {
  /** The tree's changes are announced here, as the agent's Task tool announces its own. */
  taskEvents: TaskEventEmitter;
  logger: Logger;
}

/** Every `/task` sub-command but the agent request, which the listener hands to a run. */
export type TaskSubcommand = Exclude<TaskCommand, { action: 'agent' }>;

/**
 * Runs a `/task` sub-command on the channel's tree (the file the agent's Task tool uses). Bad ids
 * and values throw the store's ToolError, which the caller shows with the usage line.
 */
export async function executeTask(command: TaskSubcommand, context: CommandContext, env: TaskEnv): Promise<Reply> {
  if (command.action === 'help') return ephemeral(buildHelp('task'));
  if (command.action === 'tree' || command.action === 'list') {
    return { placement: 'channel', messages: [await taskPage(context.filesDir, context.channel, command.action)], showsTasks: true };
  }
  const store = await TaskStore.open({
    dir: context.filesDir,
    scope: context.channel.id,
    actor: await context.requester(),
    events: env.taskEvents,
    logger: env.logger,
  });
  const where = `the tree of ${channelLabel(context.channel)}`;
  switch (command.action) {
    case 'add': {
      const task = await store.add(await newTask(command.title, command.options, context));
      return confirm(`Added task ${task.id} to ${where}`, [taskLine(task)]);
    }
    case 'sub': {
      const task = await store.addSubtask(command.parentId, await newTask(command.title, command.options, context));
      return confirm(`Added subtask ${task.id} under [${task.parent ?? command.parentId}] in ${where}`, [taskLine(task)]);
    }
    case 'status': {
      const { task, from, openDependencies } = await store.setStatus(command.id, command.status);
      const line = taskLine(task, openDependencies);
      if (from === task.status) return confirm(`Nothing changed: [${task.id}] is already ${from}`, [line], [], true);
      const waits =
        task.status === 'done' && openDependencies.length > 0
          ? [`It still waits on ${openDependencies.map((open) => `[${open.id}] ${open.title} (${open.status})`).join(', ')}.`]
          : [];
      return confirm(`[${task.id}] ${from} → ${task.status}`, [line], waits);
    }
    case 'assign': {
      const { name } = await context.person(command.assignee);
      const { task, from } = await store.assign(command.id, name);
      if (from === task.assignee) return confirm(`Nothing changed: [${task.id}] is already assigned to @${from}`, [taskLine(task)], [], true);
      return confirm(`[${task.id}] assigned to @${task.assignee}${from ? ` (was @${from})` : ''}`, [taskLine(task)]);
    }
    case 'update': {
      const { options } = command;
      const { task, changes } = await store.update(command.id, {
        title: command.title,
        description: command.description,
        priority: options.priority,
        assignee: options.assignee === undefined ? undefined : (await context.person(options.assignee)).name,
        dueAt: options.due,
        tags: options.tags.length > 0 ? options.tags : undefined,
      });
      if (changes.length === 0) return confirm(`Nothing changed: [${task.id}] already has those values`, [taskLine(task)], [], true);
      return confirm(`Updated ${changedFields(changes)} of [${task.id}]`, [taskLine(task)]);
    }
    case 'remove': {
      const { removed } = await store.remove(command.id);
      const below = removed.length - 1;
      const subtasks = below > 0 ? ` with ${plural(below, 'subtask')}` : '';
      return confirm(`Removed [${removed[0]?.id ?? command.id}]${subtasks} from ${where}`, removed.map((task) => taskLine(task)));
    }
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

function confirm(summary: string, lines: string[], notes: string[] = [], unchanged = false): Reply {
  return ephemeral(buildConfirmation({ summary, lines, notes, unchanged }));
}
