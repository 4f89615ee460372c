import { phrase } from '../../i18n/index.js';
import { InputError, type Token } from './tokenize.js';
import type { UserRef } from './types.js';

/** Which options a sub-command accepts; an option it does not accept is an error, not a title word. */
export interface OptionSpec {
  priorities?: readonly string[];
  assignees?: 'one' | 'many';
  due?: boolean;
  tags?: boolean;
  /** `title:"…"` and `desc:"…"` (update). */
  fields?: boolean;
}

export interface ParsedOptions {
  priority?: string;
  assignees: UserRef[];
  due?: string;
  tags: string[];
  title?: string;
  description?: string;
}

type Option =
  | { kind: 'priority'; value: string }
  | { kind: 'assignee'; value: UserRef }
  | { kind: 'due' | 'tag' | 'title' | 'desc'; value: string };

/** Quotes a piece of user input for an error message, short enough to keep the message on one line. */
export function shown(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return `"${flat.length > 40 ? `${flat.slice(0, 39)}…` : flat}"`;
}

/** A person: `<@U123|alice>` or `<@U123>` (Slack's mention), `@alice` or, where a name is expected, `alice`. */
export function readUser(token: Token): UserRef | undefined {
  const mention = token.mention ? /^<@([UW][A-Z0-9]+)(?:\|([^>]*))?>$/.exec(token.text) : null;
  if (mention) {
    const label = mention[2]?.trim();
    return label ? { kind: 'mention', userId: mention[1] ?? '', label } : { kind: 'mention', userId: mention[1] ?? '' };
  }
  const text = token.text.trim();
  const name = (text.startsWith('@') ? text.slice(1) : text).trim();
  return name === '' ? undefined : { kind: 'name', name };
}

/** `YYYY-MM-DD` naming a day that exists (no 2025-02-30). */
export function readDate(text: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (match) {
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const date = new Date(Date.UTC(year, month - 1, day));
    if (date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day) return text;
  }
  throw new InputError(phrase('commands.error.notADate', { text: shown(text).slice(1, -1) }));
}

/** The option a token stands for, or undefined for an ordinary word. */
function classify(token: Token): Option | undefined {
  if (token.key === 'title' || token.key === 'desc') return { kind: token.key, value: token.text };
  if (token.key === 'due') return { kind: 'due', value: token.text };
  if (token.quoted) return undefined;
  const text = token.text;
  const keyed = /^(title|desc|due):(.*)$/is.exec(text);
  if (keyed) return { kind: (keyed[1] ?? '').toLowerCase() as 'title' | 'desc' | 'due', value: keyed[2] ?? '' };
  if (/^![a-z]+$/i.test(text)) return { kind: 'priority', value: text.slice(1).toLowerCase() };
  if (token.mention || /^@\S+$/.test(text)) {
    const user = readUser(token);
    if (user) return { kind: 'assignee', value: user };
  }
  if (/^#\S+$/.test(text)) return { kind: 'tag', value: text.slice(1) };
  return undefined;
}

function accepts(spec: OptionSpec, kind: Option['kind']): boolean {
  switch (kind) {
    case 'priority':
      return spec.priorities !== undefined;
    case 'assignee':
      return spec.assignees !== undefined;
    case 'due':
      return spec.due === true;
    case 'tag':
      return spec.tags === true;
    case 'title':
    case 'desc':
      return spec.fields === true;
  }
}

function apply(options: ParsedOptions, option: Option, spec: OptionSpec, raw: string): void {
  switch (option.kind) {
    case 'priority': {
      const allowed = spec.priorities ?? [];
      if (!allowed.includes(option.value)) {
        throw new InputError(
          phrase('commands.error.unknownPriority', { word: shown(raw), allowed: allowed.map((p) => `!${p}`).join(', ') }),
        );
      }
      if (options.priority !== undefined) throw new InputError(phrase('commands.error.onePriority'));
      options.priority = option.value;
      return;
    }
    case 'assignee':
      if (spec.assignees === 'one' && options.assignees.length > 0) throw new InputError(phrase('commands.error.oneAssignee'));
      options.assignees.push(option.value);
      return;
    case 'due':
      if (options.due !== undefined) throw new InputError(phrase('commands.error.oneDue'));
      options.due = readDate(option.value);
      return;
    case 'tag':
      if (!options.tags.includes(option.value)) options.tags.push(option.value);
      return;
    case 'title':
      if (option.value.trim() === '') throw new InputError(phrase('commands.error.emptyTitle'));
      options.title = option.value.trim();
      return;
    case 'desc':
      options.description = option.value.trim();
      return;
  }
}

/**
 * Reads `words… options…`: the leading ordinary words (positional arguments and the title), then
 * options in any order. A word after the first option is an error: the title must be quoted.
 */
export function readArguments(tokens: readonly Token[], spec: OptionSpec): { words: Token[]; options: ParsedOptions } {
  const words: Token[] = [];
  const options: ParsedOptions = { assignees: [], tags: [] };
  let inOptions = false;
  for (const token of tokens) {
    const option = classify(token);
    if (option === undefined) {
      if (inOptions) {
        throw new InputError(phrase('commands.error.afterOptions', { word: shown(token.text) }));
      }
      words.push(token);
      continue;
    }
    if (!accepts(spec, option.kind)) {
      throw new InputError(phrase('commands.error.optionNotTaken', { word: shown(token.text), kind: option.kind }));
    }
    inOptions = true;
    apply(options, option, spec, token.text);
  }
  return { words, options };
}
