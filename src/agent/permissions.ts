import { readFile } from 'node:fs/promises';
import picomatch from 'picomatch';
import { z } from 'zod';
import { PERMISSIONS, type Permission, type ToolDefinition } from '../tools/registry.js';

export type { Permission };

/** What the policy needs of each tool: its name and the default its declaration gives. */
export type DeclaredTool = Pick<ToolDefinition, 'name' | 'permission'>;

/** The policy for every registered tool, fixed at start-up. */
export interface Permissions {
  of(toolName: string): Permission;
}

/**
 * The permission of one call: its tool's, made stricter by those of the tools whose writes the
 * call makes (`writesAs`), so no tool opens a way around another's rule.
 */
export function permissionOfCall(permissions: Permissions, tool: Pick<ToolDefinition, 'name' | 'writesAs'>, input: unknown): Permission {
  const names = [tool.name, ...(tool.writesAs?.(input) ?? [])];
  return names.map((name) => permissions.of(name)).sort((a, b) => strictness[b] - strictness[a])[0] ?? 'allow';
}

/** What a denied call is answered, naming the rule that denies it. */
export function deniedCallText(permissions: Permissions, tool: Pick<ToolDefinition, 'name' | 'writesAs'>, input: unknown): string {
  if (permissions.of(tool.name) === 'deny') return `Operation not permitted: ${tool.name} is switched off for this bot.`;
  const denied = (tool.writesAs?.(input) ?? []).filter((name) => permissions.of(name) === 'deny');
  return `Operation not permitted: this ${tool.name} call writes as ${denied.join(' and ')}, which ${denied.length === 1 ? 'is' : 'are'} switched off for this bot.`;
}

export class PermissionsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermissionsError';
  }
}

const strictness: Record<Permission, number> = { allow: 0, ask: 1, deny: 2 };
const rulesSchema = z.record(z.string().min(1), z.enum(PERMISSIONS));

/** A glob over tool names (`plane_*`, `plane_{create,update}_issue`), matched whole. */
function patternMatcher(pattern: string): (name: string) => boolean {
  return picomatch(pattern, { dot: true });
}

/**
 * Rules (tool name or pattern → permission) override the tools' declared defaults; when several rules
 * match one tool the strictest wins (deny beats ask beats allow). A rule that matches no registered
 * tool is an error, because it is almost always a misspelt name that would silently protect nothing.
 * A tool the policy was not built with is allowed.
 */
export function createPermissions(rules: Readonly<Record<string, Permission>>, tools: readonly DeclaredTool[]): Permissions {
  const toolNames = tools.map((tool) => tool.name);
  const compiled = Object.entries(rules).map(([pattern, permission]) => ({ pattern, permission, matches: patternMatcher(pattern) }));
  const unmatched = compiled.filter((rule) => !toolNames.some((name) => rule.matches(name)));
  if (unmatched.length > 0) {
    throw new PermissionsError(
      `Permissions: ${unmatched.map((rule) => `"${rule.pattern}"`).join(', ')} ${unmatched.length === 1 ? 'matches' : 'match'} no tool. ` +
        `Known tools: ${toolNames.join(', ')}.`,
    );
  }
  const resolved = new Map<string, Permission>();
  for (const { name, permission } of tools) {
    const matching = compiled.filter((rule) => rule.matches(name)).map((rule) => rule.permission);
    const strictest = matching.sort((a, b) => strictness[b] - strictness[a])[0];
    resolved.set(name, strictest ?? permission);
  }
  return { of: (toolName) => resolved.get(toolName) ?? 'allow' };
}

/** Reads the PLANEBOT_PERMISSIONS file (a JSON object of tool name or pattern → allow/ask/deny). */
export async function loadPermissions(file: string | undefined, tools: readonly DeclaredTool[]): Promise<Permissions> {
  if (!file) return createPermissions({}, tools);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new PermissionsError(`Permissions file ${file} cannot be read: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new PermissionsError(`Permissions file ${file} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = rulesSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'the file'}: ${issue.message}`);
    throw new PermissionsError(
      `Permissions file ${file} must be a JSON object of tool name (or pattern with *) → "allow", "ask" or "deny": ${problems.join('; ')}`,
    );
  }
  try {
    return createPermissions(parsed.data, tools);
  } catch (error) {
    throw new PermissionsError(`${file}: ${(error as Error).message}`);
  }
}
