import { phrase } from '../../i18n/index.js';
import { NOTIFY_EVENTS, type NotifyEvent } from '../../notifications/subscriptions.js';
import { PRIORITIES as PLANE_PRIORITIES, STATE_GROUPS, type Priority as PlanePriority, type StateGroup } from '../../plane/types.js';
import { dispatch, noArguments, readProject, readTitle, unknownSubcommand } from './dispatch.js';
import { readArguments, readUser, shown } from './options.js';
import { InputError, type Token } from './tokenize.js';
import type { ParseResult, PlaneCommand, UserRef } from './types.js';

const oneOf = (values: readonly string[], prefix = '') => values.map((v) => `${prefix}${v}`).join(', ');

/** `subscribe <PROJECT>` then, in any order, events and filters (docs/notifications.md). */
function readSubscribe(args: Token[]): PlaneCommand {
  const [projectToken, ...rest] = args;
  const command = {
    kind: 'plane' as const,
    action: 'subscribe' as const,
    project: readProject(projectToken),
    events: [] as NotifyEvent[],
    labels: [] as string[],
    members: [] as UserRef[],
    priorities: [] as PlanePriority[],
    stateGroups: [] as StateGroup[],
  };
  const add = <T>(list: T[], value: T) => {
    if (!list.includes(value)) list.push(value);
  };
  for (const token of rest) {
    const text = token.text.trim();
    const lower = text.toLowerCase();
    if (!token.quoted && (NOTIFY_EVENTS as readonly string[]).includes(lower)) add(command.events, lower as NotifyEvent);
    else if (/^#\S+$/.test(text)) add(command.labels, text.slice(1));
    else if (token.mention || /^@\S+$/.test(text)) {
      const user = readUser(token);
      if (user) command.members.push(user);
    } else if (/^!\S+$/.test(text)) {
      if (!(PLANE_PRIORITIES as readonly string[]).includes(lower.slice(1))) {
        throw new InputError(phrase('commands.error.unknownPriority', { word: shown(text), allowed: oneOf(PLANE_PRIORITIES, '!') }));
      }
      add(command.priorities, lower.slice(1) as PlanePriority);
    } else if (/^state:/i.test(text)) {
      const group = lower.slice('state:'.length);
      if (!(STATE_GROUPS as readonly string[]).includes(group)) {
        throw new InputError(phrase('commands.error.unknownStateGroup', { word: shown(text), allowed: oneOf(STATE_GROUPS, 'state:') }));
      }
      add(command.stateGroups, group as StateGroup);
    } else {
      throw new InputError(phrase('commands.error.notEventOrFilter', { word: shown(text), events: oneOf(NOTIFY_EVENTS) }));
    }
  }
  if (command.events.includes('all')) command.events = [];
  return command;
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
        if (extra !== undefined) throw new InputError(phrase('commands.error.oneProjectAtMost', { word: shown(extra.text) }));
        return args[0] === undefined ? { kind: 'plane', action: 'mine' } : { kind: 'plane', action: 'mine', project: readProject(args[0]) };
      },
      show: (args) => {
        const [token, extra] = args;
        if (token === undefined) throw new InputError(phrase('commands.error.missing', { what: 'key' }));
        if (extra !== undefined) throw new InputError(phrase('commands.error.oneKey', { word: shown(extra.text) }));
        if (!/^[A-Za-z][A-Za-z0-9_]*-\d+$/.test(token.text)) {
          throw new InputError(phrase('commands.error.notAKey', { word: shown(token.text) }));
        }
        return { kind: 'plane', action: 'show', key: token.text.toUpperCase() };
      },
      search: (args) => {
        const [project, ...words] = args;
        const query = words.map((word) => word.text).join(' ').trim();
        if (query === '') throw new InputError(phrase('commands.error.missing', { what: 'query' }));
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
      cycle: (args) => {
        const [project, extra] = args;
        if (extra !== undefined) throw new InputError(phrase('commands.error.oneProject', { word: shown(extra.text) }));
        return { kind: 'plane', action: 'cycle', project: readProject(project) };
      },
      subscribe: readSubscribe,
      unsubscribe: (args) => {
        const [project, extra] = args;
        if (extra !== undefined) throw new InputError(phrase('commands.error.oneProject', { word: shown(extra.text) }));
        return { kind: 'plane', action: 'unsubscribe', project: readProject(project) };
      },
      subscriptions: (args) => {
        noArguments(args);
        return { kind: 'plane', action: 'subscriptions' };
      },
      notify: (args) => {
        const [setting, extra] = args;
        const value = setting?.text.trim().toLowerCase();
        if (value !== 'on' && value !== 'off') throw new InputError(setting ? phrase('commands.error.onOrOff', { word: shown(setting.text) }) : phrase('commands.error.missingOnOff'));
        if (extra !== undefined) throw new InputError(phrase('commands.error.nothingMore', { word: shown(extra.text) }));
        return { kind: 'plane', action: 'notify', on: value === 'on' };
      },
    },
    (rest) => unknownSubcommand('plane', rest),
  );
}
