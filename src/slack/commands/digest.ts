import { phrase } from '../../i18n/index.js';
import { CADENCES, type Cadence } from '../../digests/channel-digests.js';
import { noArguments, readProject } from './dispatch.js';
import { noTypedFilters, readFilter } from './filters.js';
import { shown } from './options.js';
import { InputError, type Token } from './tokenize.js';
import type { PlaneCommand } from './types.js';

const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** HH:MM, 00:00 to 23:59. */
function readTime(text: string): string | undefined {
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(text);
  return match ? `${match[1]!.padStart(2, '0')}:${match[2]}` : undefined;
}

/** A day of the week as typed (mon, monday, Mon): 0 Sunday … 6 Saturday. */
function readDay(token: Token | undefined): number {
  if (token === undefined) throw new InputError(phrase('digests.error.missingDay'));
  const day = DAYS.indexOf(token.text.trim().toLowerCase().slice(0, 3));
  if (day < 0 || !/^[a-z]+$/i.test(token.text.trim())) throw new InputError(phrase('digests.error.badDay', { word: shown(token.text) }));
  return day;
}

/**
 * `/plane digest <PROJECT> [daily|weekdays|weekly <day>] [HH:MM] [filters…] [stale:<days>] [quiet]`,
 * `list`, `off <PROJECT>`, `now <PROJECT>`, `help`.
 */
export function readDigest(args: Token[]): PlaneCommand {
  const [first, ...rest] = args;
  const word = first?.quoted ? '' : (first?.text.trim().toLowerCase() ?? '');
  if (word === 'list' || word === 'help') {
    noArguments(rest);
    return { kind: 'plane', action: 'digest', op: word };
  }
  if (word === 'off' || word === 'now') {
    const [project, extra] = rest;
    if (extra !== undefined) throw new InputError(phrase('commands.error.oneProject', { word: shown(extra.text) }));
    return { kind: 'plane', action: 'digest', op: word, project: readProject(project) };
  }
  const project = readProject(first);
  const filters = noTypedFilters();
  let cadence: Cadence | undefined;
  let day: number | undefined;
  let time: string | undefined;
  let staleDays: number | undefined;
  let quiet = false;
  for (let i = 0; i < rest.length; i++) {
    const token = rest[i]!;
    const text = token.text.trim();
    const lower = text.toLowerCase();
    if ((CADENCES as readonly string[]).includes(lower) && !token.quoted) {
      if (cadence) throw new InputError(phrase('digests.error.twice', { word: shown(text) }));
      cadence = lower as Cadence;
      if (cadence === 'weekly') day = readDay(rest[++i]);
    } else if (/^\d{1,2}:\d{1,2}$/.test(text)) {
      if (time) throw new InputError(phrase('digests.error.twice', { word: shown(text) }));
      time = readTime(text);
      if (!time) throw new InputError(phrase('digests.error.badTime', { word: shown(text) }));
    } else if (/^stale:/i.test(text)) {
      const days = Number(text.slice('stale:'.length));
      if (!Number.isInteger(days) || days < 1 || days > 365) throw new InputError(phrase('digests.error.badStale', { word: shown(text) }));
      staleDays = days;
    } else if (lower === 'quiet' && !token.quoted) quiet = true;
    else if (!readFilter(token, filters)) throw new InputError(phrase('digests.error.notOption', { word: shown(text) }));
  }
  return {
    kind: 'plane',
    action: 'digest',
    op: 'set',
    project,
    cadence: cadence ?? 'daily',
    ...(day !== undefined && { day }),
    time: time ?? '09:00',
    ...filters,
    ...(staleDays !== undefined && { staleDays }),
    quiet,
  };
}

/** `/plane remind on|off|HH:MM` (and `now`, which only the sandbox serves). */
export function readRemind(args: Token[]): PlaneCommand {
  const [setting, extra] = args;
  const value = setting?.text.trim().toLowerCase();
  if (extra !== undefined) throw new InputError(phrase('commands.error.nothingMore', { word: shown(extra.text) }));
  if (value === 'on' || value === 'off' || value === 'now') return { kind: 'plane', action: 'remind', setting: value };
  const time = value === undefined ? undefined : readTime(value);
  if (time) return { kind: 'plane', action: 'remind', setting: 'time', time };
  throw new InputError(setting ? phrase('digests.error.badTime', { word: shown(setting.text) }) : phrase('commands.error.missingOnOff'));
}
