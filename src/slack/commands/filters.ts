import { phrase } from '../../i18n/index.js';
import { PRIORITIES as PLANE_PRIORITIES, STATE_GROUPS, type Priority as PlanePriority, type StateGroup } from '../../plane/types.js';
import { readUser, shown } from './options.js';
import { InputError, type Token } from './tokenize.js';
import type { UserRef } from './types.js';

export const oneOf = (values: readonly string[], prefix = '') => values.map((v) => `${prefix}${v}`).join(', ');

/** Filters as typed (docs/notifications.md): labels, members, priorities, state groups. */
export interface TypedFilters {
  labels: string[];
  members: UserRef[];
  priorities: PlanePriority[];
  stateGroups: StateGroup[];
}

export const noTypedFilters = (): TypedFilters => ({ labels: [], members: [], priorities: [], stateGroups: [] });

export const add = <T>(list: T[], value: T) => {
  if (!list.includes(value)) list.push(value);
};

/** Adds the token to `filters` when it is one (`#label`, `@member`, `!priority`, `state:<group>`); false when it is none. */
export function readFilter(token: Token, filters: TypedFilters): boolean {
  const text = token.text.trim();
  const lower = text.toLowerCase();
  if (/^#\S+$/.test(text)) add(filters.labels, text.slice(1));
  else if (token.mention || /^@\S+$/.test(text)) {
    const user = readUser(token);
    if (user) filters.members.push(user);
  } else if (/^!\S+$/.test(text)) {
    if (!(PLANE_PRIORITIES as readonly string[]).includes(lower.slice(1))) {
      throw new InputError(phrase('commands.error.unknownPriority', { word: shown(text), allowed: oneOf(PLANE_PRIORITIES, '!') }));
    }
    add(filters.priorities, lower.slice(1) as PlanePriority);
  } else if (/^state:/i.test(text)) {
    const group = lower.slice('state:'.length);
    if (!(STATE_GROUPS as readonly string[]).includes(group)) {
      throw new InputError(phrase('commands.error.unknownStateGroup', { word: shown(text), allowed: oneOf(STATE_GROUPS, 'state:') }));
    }
    add(filters.stateGroups, group as StateGroup);
  } else return false;
  return true;
}
