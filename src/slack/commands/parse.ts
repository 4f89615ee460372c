import { parsePlane } from './plane.js';
import { parseTask } from './task.js';
import { parseTodo } from './todo.js';
import type { ParseResult, SlashCommand } from './types.js';

const PARSERS: Readonly<Record<string, (text: string) => ParseResult<SlashCommand>>> = {
  '/task': parseTask,
  '/todo': parseTodo,
  '/plane': parsePlane,
};

/** A slash command as Slack sends it (`command`, `text`) → a typed command or a parse error. */
export function parseSlashCommand(command: string, text: string): ParseResult<SlashCommand> {
  const parser = Object.hasOwn(PARSERS, command) ? PARSERS[command] : undefined;
  if (parser === undefined) {
    return { ok: false, error: { reason: `Unknown command ${command.slice(0, 40)}`, usage: '/task help, /todo help or /plane help' } };
  }
  return parser(text);
}
