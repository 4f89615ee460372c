import type { KeyTaking, PlainKey, Translator } from '../../i18n/index.js';
import type { CommandName } from './types.js';

export interface UsageEntry {
  /** The sub-command's first word (`add`), or `*` for `/task <anything else>`. */
  action: string;
  usage: string;
  summary: string;
}

export interface CommandHelp {
  command: `/${CommandName}`;
  summary: string;
  entries: readonly UsageEntry[];
  notes: readonly string[];
}

/**
 * A sub-command's usage and summary as catalogue keys. A usage line that takes nothing is the
 * command and the action (`/task list`), the same in every language; `options` names the shared
 * option list a usage line's `{options}` stands for.
 */
type Entry = { action: string; summary: PlainKey } & (
  | { usage?: PlainKey; options?: undefined }
  | { usage: KeyTaking<{ options: string | number }>; options: 'task' | 'plane' }
);

/** The one source of every usage line and help text, as catalogue keys; the manifest's usage hints follow it. */
const ENTRIES: Record<CommandName, { summary: PlainKey; entries: readonly Entry[]; notes: readonly PlainKey[] }> = {
  task: {
    summary: 'commands.task.summary',
    entries: [
      { action: 'add', usage: 'commands.task.add.usage', options: 'task', summary: 'commands.task.add.summary' },
      { action: 'sub', usage: 'commands.task.sub.usage', options: 'task', summary: 'commands.task.sub.summary' },
      { action: 'list', summary: 'commands.task.list.summary' },
      { action: 'tree', summary: 'commands.task.tree.summary' },
      { action: 'status', usage: 'commands.task.status.usage', summary: 'commands.task.status.summary' },
      { action: 'assign', usage: 'commands.task.assign.usage', summary: 'commands.task.assign.summary' },
      { action: 'update', usage: 'commands.task.update.usage', options: 'task', summary: 'commands.help.sameRest' },
      { action: 'remove', usage: 'commands.task.remove.usage', summary: 'commands.task.remove.summary' },
      { action: 'sync', usage: 'commands.task.sync.usage', summary: 'commands.task.sync.summary' },
      { action: 'help', summary: 'commands.help.show' },
      { action: '*', usage: 'commands.task.agent.usage', summary: 'commands.task.agent.summary' },
    ],
    notes: ['commands.task.ids', 'commands.quoting'],
  },
  todo: {
    summary: 'commands.todo.summary',
    entries: [
      { action: 'add', usage: 'commands.todo.add.usage', summary: 'commands.todo.add.summary' },
      { action: 'list', summary: 'commands.todo.list.summary' },
      { action: 'done', usage: 'commands.todo.done.usage', summary: 'commands.todo.done.summary' },
      { action: 'undone', usage: 'commands.todo.undone.usage', summary: 'commands.todo.undone.summary' },
      { action: 'block', usage: 'commands.todo.block.usage', summary: 'commands.todo.block.summary' },
      { action: 'unblock', usage: 'commands.todo.unblock.usage', summary: 'commands.todo.unblock.summary' },
      { action: 'remove', usage: 'commands.todo.remove.usage', summary: 'commands.todo.remove.summary' },
      { action: 'update', usage: 'commands.todo.update.usage', summary: 'commands.help.sameRest' },
      { action: 'export', summary: 'commands.todo.export.summary' },
      { action: 'help', summary: 'commands.help.show' },
    ],
    notes: ['commands.quoting'],
  },
  plane: {
    summary: 'commands.plane.summary',
    entries: [
      { action: 'mine', usage: 'commands.plane.mine.usage', summary: 'commands.plane.mine.summary' },
      { action: 'show', usage: 'commands.plane.show.usage', summary: 'commands.plane.show.summary' },
      { action: 'search', usage: 'commands.plane.search.usage', summary: 'commands.plane.search.summary' },
      { action: 'new', usage: 'commands.plane.new.usage', options: 'plane', summary: 'commands.plane.new.summary' },
      { action: 'subscribe', usage: 'commands.plane.subscribe.usage', summary: 'commands.plane.subscribe.summary' },
      { action: 'unsubscribe', usage: 'commands.plane.unsubscribe.usage', summary: 'commands.plane.unsubscribe.summary' },
      { action: 'subscriptions', summary: 'commands.plane.subscriptions.summary' },
      { action: 'notify', usage: 'commands.plane.notify.usage', summary: 'commands.plane.notify.summary' },
      { action: 'intake', usage: 'intake.usage', summary: 'intake.summary' },
      { action: 'config', usage: 'config.usage', summary: 'config.summary' },
      { action: 'digest', usage: 'digests.digest.usage', summary: 'digests.digest.summary' },
      { action: 'remind', usage: 'digests.remind.usage', summary: 'digests.remind.summary' },
      { action: 'cycle', usage: 'cycles.usage', summary: 'cycles.summary' },
      { action: 'connect', usage: 'identity.connect.usage', summary: 'identity.connect.summary' },
      { action: 'disconnect', usage: 'identity.disconnect.usage', summary: 'identity.disconnect.summary' },
      { action: 'help', summary: 'commands.help.show' },
    ],
    notes: ['commands.plane.labels', 'commands.plane.subscribeNote', 'commands.quoting'],
  },
};

const OPTIONS = { task: 'commands.taskOptions', plane: 'commands.planeOptions' } as const;

function usageLine(command: CommandName, entry: Entry, t: Translator): string {
  if (entry.options !== undefined) return t.t(entry.usage, { options: t.t(OPTIONS[entry.options]) });
  return entry.usage === undefined ? `/${command} ${entry.action}` : t.t(entry.usage);
}

/** A command's help in the reader's language. */
export function helpOf(command: CommandName, t: Translator): CommandHelp {
  const help = ENTRIES[command];
  return {
    command: `/${command}`,
    summary: t.t(help.summary),
    entries: help.entries.map((entry) => ({ action: entry.action, usage: usageLine(command, entry, t), summary: t.t(entry.summary) })),
    notes: help.notes.map((note) => t.t(note)),
  };
}

/** The usage line of a sub-command, or the command's overview when the sub-command is unknown. */
export function usageOf(command: CommandName, action: string | undefined, t: Translator): string {
  const entry = ENTRIES[command].entries.find((candidate) => candidate.action === action);
  if (entry) return usageLine(command, entry, t);
  const actions = ENTRIES[command].entries.filter((candidate) => candidate.action !== '*').map((candidate) => candidate.action);
  return t.t('commands.overview', { command: `/${command}`, actions: actions.join('|') });
}
