import type { Translator } from '../../i18n/index.js';
import type { ChannelFolder } from '../../files/channel-files.js';
import type { Task } from '../../tasks/format.js';
import { TaskStore } from '../../tasks/store.js';
import { renderTaskList, renderTree } from '../../tasks/render.js';
import { buildTaskTree } from '../tasks/task-tree.blocks.js';
import { buildTodoList } from '../todo/todo-list.blocks.js';
import type { SlackMessage } from '../blocks/types.js';
import { channelLabel } from './context.js';
import { type TodoItem, TodoStore } from '../../tools/index.js';

/**
 * One page of the channel's tasks or todos, read afresh: the command shows the first page, a "More"
 * click the page its button's value (the cursor) names.
 */

export type TaskView = 'tree' | 'list';

/** The block_id of a task page's "More" buttons, which tells the click which view it continues. */
const TASK_PAGER_BLOCK = { tree: 'task_pages_tree', list: 'task_pages_list' } as const;

export function taskViewOfBlock(blockId: string | undefined): TaskView {
  return blockId === TASK_PAGER_BLOCK.list ? 'list' : 'tree';
}

export async function taskPage(
  folder: ChannelFolder,
  channel: { name: string },
  view: TaskView,
  t: Translator,
  cursor?: string,
): Promise<SlackMessage> {
  const { tasks } = await (await TaskStore.open(folder)).read();
  return taskTreePage(tasks, channel, view, t, cursor);
}

export function taskTreePage(tasks: Task[], channel: { name: string }, view: TaskView, t: Translator, cursor?: string): SlackMessage {
  const where = channelLabel(channel, t);
  const [title, lines] =
    view === 'tree'
      ? [t.t('commands.task.treeTitle', { where }), renderTree(tasks)]
      : [t.t('commands.task.listTitle', { where }), renderTaskList(tasks)];
  return buildTaskTree({ title, lines, cursor, pagerBlockId: TASK_PAGER_BLOCK[view] }, t);
}

export async function todoPage(folder: ChannelFolder, channel: { name: string }, t: Translator, cursor?: string): Promise<SlackMessage> {
  const { items } = await (await TodoStore.open(folder)).read();
  return todoListPage(items, channel, t, cursor);
}

export function todoListPage(items: readonly TodoItem[], channel: { name: string }, t: Translator, cursor?: string): SlackMessage {
  return buildTodoList({ title: t.t('commands.todo.title', { where: channelLabel(channel, t) }), items, cursor }, t);
}
