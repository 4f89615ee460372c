import { phrase } from '../../i18n/index.js';
import { dispatch, noArguments, readId, readTitle, unknownSubcommand } from './dispatch.js';
import { readArguments, shown } from './options.js';
import { InputError, type Token } from './tokenize.js';
import type { ParseResult, TodoCommand } from './types.js';

const ID_ACTIONS = ['done', 'undone', 'block', 'unblock', 'remove'] as const;

function byId(action: (typeof ID_ACTIONS)[number]) {
  return (args: Token[]): TodoCommand => {
    noArguments(args.slice(1));
    return { kind: 'todo', action, id: readId(args[0]) };
  };
}

/** `/todo` text → a todo command or an error. */
export function parseTodo(text: string): ParseResult<TodoCommand> {
  return dispatch<TodoCommand>(
    'todo',
    text,
    {
      help: () => ({ kind: 'todo', action: 'help' }),
      list: (args) => (noArguments(args), { kind: 'todo', action: 'list' }),
      export: (args) => (noArguments(args), { kind: 'todo', action: 'export' }),
      add: (args) => {
        const { words, options } = readArguments(args, { tags: true, due: true });
        return {
          kind: 'todo',
          action: 'add',
          title: readTitle(words),
          tags: options.tags,
          ...(options.due === undefined ? {} : { due: options.due }),
        };
      },
      ...Object.fromEntries(ID_ACTIONS.map((action) => [action, byId(action)])),
      update: (args) => {
        const { words, options } = readArguments(args, { tags: true, due: true, fields: true });
        const id = readId(words[0]);
        const stray = words[1];
        if (stray !== undefined) throw new InputError(phrase('commands.error.notAnOption', { word: shown(stray.text) }));
        if (options.title === undefined && options.description === undefined && options.due === undefined && options.tags.length === 0) {
          throw new InputError(phrase('commands.error.nothingToUpdateTodo'));
        }
        return {
          kind: 'todo',
          action: 'update',
          id,
          tags: options.tags,
          ...(options.title === undefined ? {} : { title: options.title }),
          ...(options.description === undefined ? {} : { description: options.description }),
          ...(options.due === undefined ? {} : { due: options.due }),
        };
      },
    },
    (rest) => unknownSubcommand('todo', rest),
  );
}
