import { phrase } from '../../i18n/index.js';
import { TASK_PRIORITIES, TASK_STATUSES, type TaskPriority, type TaskStatus } from '../../tasks/format.js';
import { dispatch, noArguments, readId, readProject, readTitle } from './dispatch.js';
import { readArguments, readUser, shown, type OptionSpec, type ParsedOptions } from './options.js';
import { InputError, type Token } from './tokenize.js';
import type { ParseResult, TaskCommand, TaskOptions } from './types.js';

const CREATE: OptionSpec = { priorities: TASK_PRIORITIES, assignees: 'one', due: true, tags: true };
const UPDATE: OptionSpec = { ...CREATE, fields: true };

function taskOptions(parsed: ParsedOptions): TaskOptions {
  const options: TaskOptions = { tags: parsed.tags };
  if (parsed.priority !== undefined) options.priority = parsed.priority as TaskPriority;
  if (parsed.assignees[0] !== undefined) options.assignee = parsed.assignees[0];
  if (parsed.due !== undefined) options.due = parsed.due;
  return options;
}

function readStatus(token: Token | undefined): TaskStatus {
  if (token === undefined) throw new InputError(phrase('commands.error.missing', { what: 'status' }));
  const status = token.text.toLowerCase().replace('_', '-');
  const known = TASK_STATUSES.find((candidate) => candidate === status);
  if (known === undefined)
    throw new InputError(phrase('commands.error.notAStatus', { word: shown(token.text), allowed: TASK_STATUSES.join(', ') }));
  return known;
}

function exactly(args: readonly Token[], count: number): void {
  noArguments(args.slice(count));
}

/** `/task` text → a task command, an agent request (anything that is not a sub-command), or an error. */
export function parseTask(text: string): ParseResult<TaskCommand> {
  return dispatch<TaskCommand>(
    'task',
    text,
    {
      help: () => ({ kind: 'task', action: 'help' }),
      list: (args) => (noArguments(args), { kind: 'task', action: 'list' }),
      tree: (args) => (noArguments(args), { kind: 'task', action: 'tree' }),
      add: (args) => {
        const { words, options } = readArguments(args, CREATE);
        return { kind: 'task', action: 'add', title: readTitle(words), options: taskOptions(options) };
      },
      sub: (args) => {
        const { words, options } = readArguments(args, CREATE);
        const [parent, ...title] = words;
        return {
          kind: 'task',
          action: 'sub',
          parentId: readId(parent, 'parentId'),
          title: readTitle(title),
          options: taskOptions(options),
        };
      },
      status: (args) => {
        exactly(args, 2);
        return { kind: 'task', action: 'status', id: readId(args[0]), status: readStatus(args[1]) };
      },
      assign: (args) => {
        exactly(args, 2);
        const id = readId(args[0]);
        const assignee = args[1] === undefined ? undefined : readUser(args[1]);
        if (assignee === undefined) throw new InputError(phrase('commands.error.missing', { what: 'assignee' }));
        return { kind: 'task', action: 'assign', id, assignee };
      },
      update: (args) => {
        const { words, options } = readArguments(args, UPDATE);
        const id = readId(words[0]);
        const stray = words[1];
        if (stray !== undefined) throw new InputError(phrase('commands.error.notAnOption', { word: shown(stray.text) }));
        const changed =
          options.title !== undefined ||
          options.description !== undefined ||
          options.priority !== undefined ||
          options.assignees.length > 0 ||
          options.due !== undefined ||
          options.tags.length > 0;
        if (!changed) throw new InputError(phrase('commands.error.nothingToUpdateTask'));
        return {
          kind: 'task',
          action: 'update',
          id,
          options: taskOptions(options),
          ...(options.title === undefined ? {} : { title: options.title }),
          ...(options.description === undefined ? {} : { description: options.description }),
        };
      },
      remove: (args) => {
        exactly(args, 1);
        return { kind: 'task', action: 'remove', id: readId(args[0]) };
      },
      sync: (args) => {
        exactly(args, 2);
        return { kind: 'task', action: 'sync', id: readId(args[0]), project: readProject(args[1]) };
      },
    },
    (rest) => ({ ok: true, command: { kind: 'task', action: 'agent', text: rest } }),
  );
}
