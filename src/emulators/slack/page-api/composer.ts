import type { Workspace } from '../workspace.js';

/**
 * Slack's composer turns a picked `@name` into `<@U…>` before sending; the page sends plain text,
 * so known names are turned here. Unknown names stay as typed.
 */
export function toSlackText(workspace: Workspace, typed: string): string {
  return typed.replace(/(^|[\s(])@([\w-]+(?:\.[\w-]+)*)/g, (whole, before: string, name: string) => {
    const user = workspace.userByName(name);
    return user ? `${before}<@${user.id}>` : whole;
  });
}

/** `/task add x` → `{ command: '/task', text: 'add x' }`; anything not starting with a slash → undefined. */
export function parseCommand(typed: string): { command: string; text: string } | undefined {
  const match = /^(\/[\w-]+)(?:\s+([\s\S]*))?$/.exec(typed.trim());
  return match ? { command: match[1]!, text: (match[2] ?? '').trim() } : undefined;
}
