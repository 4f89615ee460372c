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

const TASK_OPTIONS = '[!low|!normal|!high|!critical] [@user] [due:YYYY-MM-DD] [#tag…]';
const PLANE_OPTIONS = '[!urgent|!high|!medium|!low|!none] [@user…] [due:YYYY-MM-DD] [#label…]';
const QUOTING = 'A title is the words up to the first option; put it in "…" when it holds option-like words (#42, @home).';

/** The one source of every usage line and help text; the manifest's usage hints follow it. */
export const HELP: Record<CommandName, CommandHelp> = {
  task: {
    command: '/task',
    summary: "The channel's task tree: tasks, subtasks, priorities, assignees.",
    entries: [
      { action: 'add', usage: `/task add <title> ${TASK_OPTIONS}`, summary: 'Add a top-level task' },
      { action: 'sub', usage: `/task sub <parent-id> <title> ${TASK_OPTIONS}`, summary: 'Add a subtask' },
      { action: 'list', usage: '/task list', summary: 'Show the top-level tasks' },
      { action: 'tree', usage: '/task tree', summary: 'Show the whole tree' },
      { action: 'status', usage: '/task status <id> <todo|in-progress|done|blocked>', summary: "Change a task's status" },
      { action: 'assign', usage: '/task assign <id> <@user|name>', summary: 'Assign a task' },
      {
        action: 'update',
        usage: `/task update <id> [title:"…"] [desc:"…"] ${TASK_OPTIONS}`,
        summary: 'Change what is given, keep the rest',
      },
      { action: 'remove', usage: '/task remove <id>', summary: 'Remove a task and its subtasks' },
      {
        action: 'sync',
        usage: '/task sync <id> <PROJECT>',
        summary: 'Make the task and its subtasks Plane work items and sub-work-items; both sides then follow each other',
      },
      { action: 'help', usage: '/task help', summary: 'Show this help' },
      { action: '*', usage: '/task <anything else>', summary: 'Ask the agent; it answers in a thread' },
    ],
    notes: ['Ids are as printed: 1, 1-2.', QUOTING],
  },
  todo: {
    command: '/todo',
    summary: "The channel's todo list.",
    entries: [
      { action: 'add', usage: '/todo add <title> [#tag…] [due:YYYY-MM-DD]', summary: 'Add an item' },
      { action: 'list', usage: '/todo list', summary: 'Show the list, grouped by status' },
      { action: 'done', usage: '/todo done <id>', summary: 'Mark an item done' },
      { action: 'undone', usage: '/todo undone <id>', summary: 'Put an item back to do' },
      { action: 'block', usage: '/todo block <id>', summary: 'Mark an item blocked' },
      { action: 'unblock', usage: '/todo unblock <id>', summary: 'Unblock an item' },
      { action: 'remove', usage: '/todo remove <id>', summary: 'Remove an item' },
      {
        action: 'update',
        usage: '/todo update <id> [title:"…"] [desc:"…"] [#tag…] [due:YYYY-MM-DD]',
        summary: 'Change what is given, keep the rest',
      },
      { action: 'export', usage: '/todo export', summary: 'Post the list as Markdown' },
      { action: 'help', usage: '/todo help', summary: 'Show this help' },
    ],
    notes: [QUOTING],
  },
  plane: {
    command: '/plane',
    summary: 'Plane work items, without the agent.',
    entries: [
      { action: 'mine', usage: '/plane mine [PROJECT]', summary: 'Your open work items' },
      { action: 'show', usage: '/plane show <KEY>', summary: 'One work item, e.g. ACME-130' },
      { action: 'search', usage: '/plane search <PROJECT> <text>', summary: "Search a project's work items" },
      { action: 'new', usage: `/plane new <PROJECT> <title> ${PLANE_OPTIONS}`, summary: 'Create a work item' },
      {
        action: 'subscribe',
        usage: '/plane subscribe <PROJECT> [created|state|done|comment|assigned|all…] [#label…] [@member…] [!priority…] [state:<group>…]',
        summary: "Post the project's changes in this channel: a card per work item, then its thread",
      },
      { action: 'unsubscribe', usage: '/plane unsubscribe <PROJECT>', summary: 'Stop posting the project here' },
      { action: 'subscriptions', usage: '/plane subscriptions', summary: "This channel's subscriptions" },
      { action: 'notify', usage: '/plane notify <on|off>', summary: 'Direct messages when you are assigned or @mentioned in Plane' },
      { action: 'help', usage: '/plane help', summary: 'Show this help' },
    ],
    notes: [
      '#label names a Plane label; due: sets the target date.',
      'subscribe: events default to all; filters combine with AND, the same kind repeated means any of them; groups are backlog, unstarted, started, completed, cancelled.',
      QUOTING,
    ],
  },
};

/** The usage line of a sub-command, or the command's overview when the sub-command is unknown. */
export function usageOf(command: CommandName, action?: string): string {
  const help = HELP[command];
  const entry = help.entries.find((candidate) => candidate.action === action);
  if (entry) return entry.usage;
  const actions = help.entries.filter((candidate) => candidate.action !== '*').map((candidate) => candidate.action);
  return `${help.command} <${actions.join('|')}> … (${help.command} help for details)`;
}
