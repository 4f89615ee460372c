import { phrase } from '../../i18n/index.js';
import { shown } from './options.js';
import { InputError, tokenize, type Token } from './tokenize.js';
import type { CommandName, ParseResult } from './types.js';
import { stripControl } from '../../tools/index.js';

export type Handlers<C> = Readonly<Record<string, (args: Token[]) => C>>;

/**
 * Picks the sub-command by the first word (none means `help`) and runs its handler on the rest; an
 * InputError becomes a parse error with that sub-command's usage line. Text whose first word is no
 * sub-command goes to `otherwise`.
 */
export function dispatch<C>(
  command: CommandName,
  text: string,
  handlers: Handlers<C>,
  otherwise: (text: string) => ParseResult<C>,
): ParseResult<C> {
  const trimmed = stripControl(text).trim();
  const first = /^\S*/.exec(trimmed)?.[0] ?? '';
  const action = first.toLowerCase() || 'help';
  const handler = Object.hasOwn(handlers, action) ? handlers[action] : undefined;
  if (handler === undefined) return otherwise(trimmed);
  try {
    return { ok: true, command: handler(tokenize(trimmed.slice(first.length))) };
  } catch (error) {
    if (error instanceof InputError) return { ok: false, error: { reason: error.phrase, command, action } };
    throw error;
  }
}

export function unknownSubcommand(command: CommandName, text: string): ParseResult<never> {
  const first = /^\S*/.exec(text)?.[0] ?? '';
  return { ok: false, error: { reason: phrase('commands.error.unknownSubcommand', { word: shown(first) }), command } };
}

export function noArguments(args: readonly Token[]): void {
  const extra = args[0];
  if (extra !== undefined) throw new InputError(phrase('commands.error.nothingMore', { word: shown(extra.text) }));
}

/** A task or todo id as printed: `1`, `1-2`. */
export function readId(token: Token | undefined, what: 'id' | 'parentId' = 'id'): string {
  if (token === undefined) throw new InputError(phrase('commands.error.missing', { what }));
  const id = token.text.trim();
  if (!/^\d{1,9}(?:-\d{1,9})*$/.test(id)) throw new InputError(phrase('commands.error.notAnId', { word: shown(token.text), what }));
  return id;
}

/** A Plane project as typed: its identifier (ACME) or its name. */
export function readProject(token: Token | undefined): string {
  const project = token?.text.trim() ?? '';
  if (project === '') throw new InputError(phrase('commands.error.missing', { what: 'project' }));
  return project;
}

/** The words as one line; empty when there are none. */
export function joinWords(words: readonly Token[]): string {
  return words
    .map((word) => word.text)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function readTitle(words: readonly Token[]): string {
  const title = joinWords(words);
  if (title === '') throw new InputError(missingTitle);
  return title;
}

export const missingTitle = phrase('commands.error.missing', { what: 'title' });
