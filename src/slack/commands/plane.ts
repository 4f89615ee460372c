import { PRIORITIES as PLANE_PRIORITIES, type Priority as PlanePriority } from '../../plane/types.js';
import { dispatch, readTitle, unknownSubcommand } from './dispatch.js';
import { readArguments, shown } from './options.js';
import { InputError, type Token } from './tokenize.js';
import type { ParseResult, PlaneCommand } from './types.js';

function readProject(token: Token | undefined): string {
  const project = token?.text.trim() ?? '';
  if (project === '') throw new InputError('Missing the project (its identifier, like ACME, or its name)');
  return project;
}

/** `/plane` text → a Plane command or an error. `#tag` names a Plane label; priorities are Plane's. */
export function parsePlane(text: string): ParseResult<PlaneCommand> {
  return dispatch<PlaneCommand>(
    'plane',
    text,
    {
      help: () => ({ kind: 'plane', action: 'help' }),
      mine: (args) => {
        const extra = args[1];
        if (extra !== undefined) throw new InputError(`${shown(extra.text)}: give one project at most`);
        return args[0] === undefined ? { kind: 'plane', action: 'mine' } : { kind: 'plane', action: 'mine', project: readProject(args[0]) };
      },
      show: (args) => {
        const [token, extra] = args;
        if (token === undefined) throw new InputError('Missing the work item key (like ACME-130)');
        if (extra !== undefined) throw new InputError(`${shown(extra.text)}: give one key`);
        if (!/^[A-Za-z][A-Za-z0-9_]*-\d+$/.test(token.text)) {
          throw new InputError(`${shown(token.text)} is not a work item key (like ACME-130)`);
        }
        return { kind: 'plane', action: 'show', key: token.text.toUpperCase() };
      },
      search: (args) => {
        const [project, ...words] = args;
        const query = words.map((word) => word.text).join(' ').trim();
        if (query === '') throw new InputError('Missing the text to search for');
        return { kind: 'plane', action: 'search', project: readProject(project), query };
      },
      new: (args) => {
        const { words, options } = readArguments(args, { priorities: PLANE_PRIORITIES, assignees: 'many', due: true, tags: true });
        const [project, ...title] = words;
        return {
          kind: 'plane',
          action: 'new',
          project: readProject(project),
          title: readTitle(title),
          assignees: options.assignees,
          labels: options.tags,
          ...(options.priority === undefined ? {} : { priority: options.priority as PlanePriority }),
          ...(options.due === undefined ? {} : { due: options.due }),
        };
      },
    },
    (rest) => unknownSubcommand('plane', rest),
  );
}
