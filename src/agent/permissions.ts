import { readFile } from 'node:fs/promises';
import { z } from 'zod';

export const PERMISSIONS = ['allow', 'ask', 'deny'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Calls that reach outside or change Plane ask; everything else is allowed. */
export const DEFAULT_PERMISSIONS: Readonly<Record<string, Permission>> = {
  WebFetch: 'ask',
  plane_create_issue: 'ask',
  plane_update_issue: 'ask',
  plane_add_comment: 'ask',
};

/** The policy for every registered tool, fixed at start-up. */
export interface Permissions {
  of(toolName: string): Permission;
}

export class PermissionsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermissionsError';
  }
}

const strictness: Record<Permission, number> = { allow: 0, ask: 1, deny: 2 };
const rulesSchema = z.record(z.string().min(1), z.enum(PERMISSIONS));

/** `*` stands for any run of characters; everything else is literal. */
function patternToRegExp(pattern: string): RegExp {
  const literal = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${literal.join('.*')}$`);
}

/**
 * Rules (tool name or pattern → permission) override the defaults; when several rules match one tool
 * the strictest wins (deny beats ask beats allow). A rule that matches no registered tool is an error,
 * because it is almost always a misspelt name that would silently protect nothing.
 */
export function createPermissions(rules: Readonly<Record<string, Permission>>, toolNames: readonly string[]): Permissions {
  const compiled = Object.entries(rules).map(([pattern, permission]) => ({ pattern, permission, regexp: patternToRegExp(pattern) }));
  const unmatched = compiled.filter((rule) => !toolNames.some((name) => rule.regexp.test(name)));
  if (unmatched.length > 0) {
    throw new PermissionsError(
      `Permissions: ${unmatched.map((rule) => `"${rule.pattern}"`).join(', ')} ${unmatched.length === 1 ? 'matches' : 'match'} no tool. ` +
        `Known tools: ${toolNames.join(', ')}.`,
    );
  }
  const resolved = new Map<string, Permission>();
  for (const name of toolNames) {
    const matching = compiled.filter((rule) => rule.regexp.test(name)).map((rule) => rule.permission);
    const strictest = matching.sort((a, b) => strictness[b] - strictness[a])[0];
    resolved.set(name, strictest ?? DEFAULT_PERMISSIONS[name] ?? 'allow');
  }
  return { of: (toolName) => resolved.get(toolName) ?? DEFAULT_PERMISSIONS[toolName] ?? 'allow' };
}

/** Reads the PLANEBOT_PERMISSIONS file (a JSON object of tool name or pattern → allow/ask/deny). */
export async function loadPermissions(file: string | undefined, toolNames: readonly string[]): Promise<Permissions> {
  if (!file) return createPermissions({}, toolNames);
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
    return createPermissions(parsed.data, toolNames);
  } catch (error) {
    throw new PermissionsError(`${file}: ${(error as Error).message}`);
  }
}
