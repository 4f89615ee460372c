import { todoLine } from '../../tools/todo/render.js';
import { TodoStore } from '../../tools/todo/store.js';
import { buildHelp } from '../blocks/help.js';
import { renderReply } from '../render/reply.js';
import { buildConfirmation, changedFields } from './confirmation.js';
import { channelLabel, type CommandContext } from './context.js';
import { todoPage } from './pages.js';
import { ephemeral, inChannel, type Reply } from './reply.js';
import type { TodoCommand } from './types.js';

const MARKED = { done: 'done', undone: 'back to do', block: 'blocked', unblock: 'unblocked' } as const;

/**
 * Runs a `/todo` sub-command on the channel's todo list (the file the agent's TodoWrite tool uses).
 * Bad ids and values throw the store's ToolError, which the caller shows with the usage line.
 */
export async function executeTodo(command: TodoCommand, context: CommandContext): Promise<Reply> {
  if (command.action === 'help') return ephemeral(buildHelp('todo'));
  if (command.action === 'list') return inChannel(await todoPage(context.filesDir, context.channel));
  const store = await TodoStore.open({ dir: context.filesDir });
  const where = `the todo list of ${channelLabel(context.channel)}`;
  switch (command.action) {
    case 'export': {
      const { file, markdown } = await store.exportMarkdown();
      return inChannel(...exportMessages(`Todo list of ${channelLabel(context.channel)}, saved as ${file}`, markdown));
    }
    case 'add': {
      const item = await store.add({
        title: command.title,
        ...(command.tags.length > 0 && { tags: command.tags }),
        ...(command.due && { dueAt: command.due }),
      });
      return confirm(`Added item ${item.id} to ${where}`, todoLine(item));
    }
    case 'done':
    case 'undone':
    case 'block':
    case 'unblock': {
      const { item, from, changed } = await store.mark(command.id, command.action);
      if (!changed) return confirm(`Nothing changed: [${item.id}] is ${from}`, todoLine(item), true);
      return confirm(`[${item.id}] marked ${MARKED[command.action]}`, todoLine(item));
    }
    case 'remove': {
      const item = await store.remove(command.id);
      return confirm(`Removed [${item.id}] from ${where}`, todoLine(item));
    }
    case 'update': {
      const { item, changes } = await store.update(command.id, {
        title: command.title,
        description: command.description,
        dueAt: command.due,
        tags: command.tags.length > 0 ? command.tags : undefined,
      });
      if (changes.length === 0) return confirm(`Nothing changed: [${item.id}] already has those values`, todoLine(item), true);
      return confirm(`Updated ${changedFields(changes)} of [${item.id}]`, todoLine(item));
    }
  }
}

function confirm(summary: string, line: string, unchanged = false): Reply {
  return ephemeral(buildConfirmation({ summary, lines: [line], unchanged }));
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
