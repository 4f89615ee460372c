import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Keyv from 'keyv';
import { createPermissions, deniedCallText, loadPermissions, permissionOfCall, PermissionsError } from '../../src/agent/index.js';
import { createPlaneKit } from '../../src/plane/kit.js';
import { updatePlanTool } from '../../src/tools/plan/index.js';
import { createPlaneTools } from '../../src/tools/plane/index.js';
import { createTaskTool } from '../../src/tools/task/tool.js';
import { createTodoTool } from '../../src/tools/todo/tool.js';
import { createWebFetchTool } from '../../src/tools/webfetch/webfetch-tool.js';
import { FileLocks } from '../../src/files/file-lock.js';

const NAMES = [
  'WebFetch',
  'TodoWrite',
  'Task',
  'plane_list_projects',
  'plane_create_issue',
  'plane_update_issue',
  'plane_add_comment',
  'update_plan',
];
// The defaults come from the tools' own declarations.
const declared = [
  ...createPlaneTools(createPlaneKit({ baseUrl: 'http://127.0.0.1:1', appUrl: 'http://127.0.0.1:1', cache: new Keyv() })),
  createWebFetchTool({ allow: [] }),
  createTodoTool({ locks: new FileLocks() }),
  createTaskTool({ locks: new FileLocks() }),
  updatePlanTool,
];
const TOOLS = NAMES.map((name) => declared.find((tool) => tool.name === name)!);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'planebot-permissions-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(content: string): Promise<string> {
  const path = join(dir, `p${Math.random().toString(36).slice(2)}.json`);
  await writeFile(path, content);
  return path;
}

describe('permissions', () => {
  it('asks for WebFetch and the three Plane writes by default, and allows everything else', async () => {
    const permissions = await loadPermissions(undefined, TOOLS);
    expect(Object.fromEntries(NAMES.map((t) => [t, permissions.of(t)]))).toEqual({
      WebFetch: 'ask',
      TodoWrite: 'allow',
      Task: 'allow',
      plane_list_projects: 'allow',
      plane_create_issue: 'ask',
      plane_update_issue: 'ask',
      plane_add_comment: 'ask',
      update_plan: 'allow',
    });
  });

  it('lets the file override defaults, with * wildcards', async () => {
    const permissions = await loadPermissions(await file('{"WebFetch": "allow", "plane_*": "deny", "T*": "ask"}'), TOOLS);
    expect(permissions.of('WebFetch')).toBe('allow');
    expect(permissions.of('plane_list_projects')).toBe('deny');
    expect(permissions.of('plane_add_comment')).toBe('deny');
    expect(permissions.of('Task')).toBe('ask');
    expect(permissions.of('TodoWrite')).toBe('ask');
    expect(permissions.of('update_plan')).toBe('allow');
  });

  it('lets deny beat ask beat allow when several patterns match', () => {
    const permissions = createPermissions({ '*': 'allow', 'plane_*': 'ask', plane_update_issue: 'deny', '*_issue': 'allow' }, TOOLS);
    expect(permissions.of('plane_update_issue')).toBe('deny');
    expect(permissions.of('plane_create_issue')).toBe('ask');
    expect(permissions.of('WebFetch')).toBe('allow');
  });

  it('matches globs with alternatives and character classes', () => {
    const permissions = createPermissions({ 'plane_{create,update}_issue': 'deny', 'plane_list_[ps]*': 'ask' }, TOOLS);
    expect(permissions.of('plane_create_issue')).toBe('deny');
    expect(permissions.of('plane_update_issue')).toBe('deny');
    expect(permissions.of('plane_list_projects')).toBe('ask');
    expect(permissions.of('plane_list_labels')).toBe('allow');
  });

  it('treats regular-expression characters in a pattern literally', () => {
    expect(() => createPermissions({ 'plane.list.projects': 'deny' }, TOOLS)).toThrow(PermissionsError);
  });

  it('refuses, at start-up, a name that matches no tool, and lists the tools', async () => {
    const path = await file('{"Webfetch": "allow", "jira_*": "deny", "Task": "ask"}');
    const failure = loadPermissions(path, TOOLS);
    await expect(failure).rejects.toBeInstanceOf(PermissionsError);
    await expect(failure).rejects.toThrow(`${path}: Permissions: "Webfetch", "jira_*" match no tool. Known tools: ${NAMES.join(', ')}.`);
  });

  it('explains a file that is missing, not JSON, or has a bad value', async () => {
    await expect(loadPermissions(join(dir, 'absent.json'), TOOLS)).rejects.toThrow(/absent\.json cannot be read/);
    await expect(loadPermissions(await file('{WebFetch: allow}'), TOOLS)).rejects.toThrow(/is not valid JSON/);
    await expect(loadPermissions(await file('{"WebFetch": "sometimes"}'), TOOLS)).rejects.toThrow(
      /"allow", "ask" or "deny": WebFetch: Invalid option/,
    );
    await expect(loadPermissions(await file('["WebFetch"]'), TOOLS)).rejects.toThrow(/must be a JSON object of tool name/);
  });

  it('lets a Task sync through only as far as the Plane writes it makes: it asks by default, other Task actions do not', () => {
    const task = TOOLS.find((tool) => tool.name === 'Task')!;
    const sync = { action: 'sync', id: '1', project: 'ACME' };
    const status = { action: 'status', id: '1', status: 'done' };
    const defaults = createPermissions({}, TOOLS);
    expect(permissionOfCall(defaults, task, sync)).toBe('ask');
    expect(permissionOfCall(defaults, task, status)).toBe('allow');
    expect(permissionOfCall(createPermissions({ 'plane_*': 'allow' }, TOOLS), task, sync)).toBe('allow');
    // A rule on the Task tool itself cannot lift a Plane write's rule…
    expect(permissionOfCall(createPermissions({ Task: 'allow', plane_update_issue: 'ask' }, TOOLS), task, sync)).toBe('ask');
    // …and a denied Plane write denies the sync, naming why; the rest of the tool still works.
    const noCreate = createPermissions({ plane_create_issue: 'deny' }, TOOLS);
    expect(permissionOfCall(noCreate, task, sync)).toBe('deny');
    expect(permissionOfCall(noCreate, task, status)).toBe('allow');
    expect(deniedCallText(noCreate, task, sync)).toBe(
      'Operation not permitted: this Task call writes as plane_create_issue, which is switched off for this bot.',
    );
  });
});
