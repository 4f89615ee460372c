import { buildHelp } from './help.js';
import { renderReply } from '../render/reply.js';
import { buildConfirmation, changedFields } from '../blocks/confirmation.blocks.js';
import { channelLabel, type CommandContext } from './context.js';
import { todoListPage } from './pages.js';
import { ephemeral, inChannel, type Reply } from './reply.js';
import type { TodoCommand } from './types.js';
import { performTodo, type TodoAction, todoLine, TodoStore } from '../../tools/index.js';

/**
 * Runs a `/todo` sub-command on the channel's todo list (the file the agent's TodoWrite tool uses).
 * Bad ids and values throw the store's ToolError, which the caller shows with the usage line.
 */
export async function executeTodo(command: TodoCommand, context: CommandContext): Promise<Reply> {
  const { t } = context;
  if (command.action === 'help') return ephemeral(buildHelp('todo', t));
  const store = await TodoStore.open({ dir: context.filesDir, locks: context.fileLocks });
  const outcome = await performTodo(store, todoAction(command));
  const where = channelLabel(context.channel, t);
  const confirm = (summary: string, line: string, unchanged = false): Reply =>
    ephemeral(buildConfirmation({ summary, lines: [line], unchanged }, t));
  switch (outcome.action) {
    case 'export':
      return inChannel(...exportMessages(t.t('commands.todo.exported', { where, file: outcome.file }), outcome.markdown));
    case 'add':
      return confirm(t.t('commands.todo.added', { id: outcome.item.id, where }), todoLine(outcome.item));
    case 'done':
    case 'undone':
    case 'block':
    case 'unblock': {
      const { item, from, changed } = outcome;
      if (!changed)
        return confirm(
          t.t('commands.todo.unchanged', { id: item.id, status: t.t('commands.todo.status', { status: from }) }),
          todoLine(item),
          true,
        );
      return confirm(t.t('commands.todo.marked', { id: item.id, how: outcome.action }), todoLine(item));
    }
    case 'remove':
      return confirm(t.t('commands.todo.removed', { id: outcome.item.id, where }), todoLine(outcome.item));
    case 'update': {
      const { item, changes } = outcome;
      if (changes.length === 0) return confirm(t.t('commands.unchangedValues', { id: item.id }), todoLine(item), true);
      return confirm(t.t('commands.updated', { fields: changedFields(changes, t), id: item.id }), todoLine(item));
    }
    case 'list':
      return inChannel(todoListPage(outcome.items, context.channel, t));
  }
}

/** The command as the list's action. */
function todoAction(command: Exclude<TodoCommand, { action: 'help' }>): TodoAction {
  switch (command.action) {
    case 'list':
      return { action: 'list' };
    case 'export':
      return { action: 'export' };
    case 'add':
      return {
        action: 'add',
        title: command.title,
        ...(command.tags.length > 0 && { tags: command.tags }),
        ...(command.due && { dueAt: command.due }),
      };
    case 'done':
    case 'undone':
    case 'block':
    case 'unblock':
    case 'remove':
      return { action: command.action, id: command.id };
    case 'update':
      return {
        action: 'update',
        id: command.id,
        changes: {
          title: command.title,
          description: command.description,
          dueAt: command.due,
          tags: command.tags.length > 0 ? command.tags : undefined,
        },
      };
  }
}

/** Markdown escapes, so a channel name cannot format the heading. */
function markdownText(text: string): string {
  return text.replace(/[\\`*_[\]<>#~|]/g, '\\$&');
}

/**
 * The Markdown export as a code block (Slack shows it verbatim), split into as many messages as
 * the limits need: a cut code block is closed and reopened, nothing is dropped. The fence is
 * tildes, which the export never starts a line with.
 */
function exportMessages(heading: string, markdown: string) {
  return renderReply(`**${markdownText(heading)}**\n\n~~~~\n${markdown.replace(/\n+$/, '')}\n~~~~\n`);
}
