import { phrase } from '../../i18n/index.js';
import { NOTIFY_EVENTS, type NotifyEvent } from '../../notifications/subscriptions.js';
import { PRIORITIES as PLANE_PRIORITIES, type Priority as PlanePriority } from '../../plane/types.js';
import { readDigest, readRemind } from './digest.js';
import { add, noTypedFilters, oneOf, readFilter } from './filters.js';
import { dispatch, joinWords, noArguments, readProject, unknownSubcommand } from './dispatch.js';
import { readArguments, shown } from './options.js';
import { InputError, type Token } from './tokenize.js';
import type { ParseResult, PlaneCommand } from './types.js';

/** `subscribe <PROJECT>` then, in any order, events and filters (docs/notifications.md). */
function readSubscribe(args: Token[]): PlaneCommand {
  const [projectToken, ...rest] = args;
  const project = readProject(projectToken);
  const filters = noTypedFilters();
  let events: NotifyEvent[] = [];
  for (const token of rest) {
    const lower = token.text.trim().toLowerCase();
    if (!token.quoted && (NOTIFY_EVENTS as readonly string[]).includes(lower)) add(events, lower as NotifyEvent);
    else if (!readFilter(token, filters)) {
      throw new InputError(phrase('commands.error.notEventOrFilter', { word: shown(token.text.trim()), events: oneOf(NOTIFY_EVENTS) }));
    }
  }
  if (events.includes('all')) events = [];
  return { kind: 'plane', action: 'subscribe', project, events, ...filters };
}

/** `intake`, `intake off`, `intake help`, or `intake <PROJECT> [emoji :name:] [auto]`. */
function readIntake(args: Token[]): PlaneCommand {
  const [first, ...rest] = args;
  const word = first?.text.trim().toLowerCase();
  if (first === undefined) return { kind: 'plane', action: 'intake', mode: 'show' };
  if (word === 'help' && !first.quoted) return { kind: 'plane', action: 'help' };
  if (word === 'off' && !first.quoted) {
    noArguments(rest);
    return { kind: 'plane', action: 'intake', mode: 'off' };
  }
  const command: Extract<PlaneCommand, { action: 'intake'; mode: 'set' }> = {
    kind: 'plane',
    action: 'intake',
    mode: 'set',
    project: readProject(first),
    auto: false,
  };
  for (let i = 0; i < rest.length; i++) {
    const text = rest[i]!.text.trim();
    const emoji = /^:?([a-z0-9_+'-]+):?$/i;
    if (/^auto$/i.test(text)) command.auto = true;
    else if (/^emoji$/i.test(text) && rest[i + 1] && emoji.test(rest[i + 1]!.text.trim()))
      command.emoji = emoji.exec(rest[++i]!.text.trim())![1]!.toLowerCase();
    else if (/^:[a-z0-9_+'-]+:$/i.test(text)) command.emoji = text.slice(1, -1).toLowerCase();
    else throw new InputError(phrase('intake.badOption', { word: shown(text) }));
  }
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
        const query = words
          .map((word) => word.text)
          .join(' ')
          .trim();
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
          // `/plane new Fix` may be a one-word title for the channel's default project: checked when run.
          title: joinWords(title),
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
      intake: readIntake,
      config: (args) => {
        noArguments(args);
        return { kind: 'plane', action: 'config' };
      },
      unsubscribe: (args) => {
        const [project, extra] = args;
        if (extra !== undefined) throw new InputError(phrase('commands.error.oneProject', { word: shown(extra.text) }));
        return { kind: 'plane', action: 'unsubscribe', project: readProject(project) };
      },
      subscriptions: (args) => {
        noArguments(args);
        return { kind: 'plane', action: 'subscriptions' };
      },
      connect: (args) => {
        // What follows may be a token pasted in the wrong place: it is not quoted back.
        if (args.length > 0) throw new InputError(phrase('identity.connect.alone'));
        return { kind: 'plane', action: 'connect' };
      },
      disconnect: (args) => {
        noArguments(args);
        return { kind: 'plane', action: 'disconnect' };
      },
      digest: readDigest,
      remind: readRemind,
      notify: (args) => {
        const [setting, extra] = args;
        const value = setting?.text.trim().toLowerCase();
        if (value !== 'on' && value !== 'off')
          throw new InputError(
            setting ? phrase('commands.error.onOrOff', { word: shown(setting.text) }) : phrase('commands.error.missingOnOff'),
          );
        if (extra !== undefined) throw new InputError(phrase('commands.error.nothingMore', { word: shown(extra.text) }));
        return { kind: 'plane', action: 'notify', on: value === 'on' };
      },
    },
    (rest) => unknownSubcommand('plane', rest),
  );
}
