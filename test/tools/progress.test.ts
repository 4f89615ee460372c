import { EventEmitter } from 'node:events';
import Keyv from 'keyv';
import { describe, expect, it } from 'vitest';
import { translator } from '../../src/i18n/index.js';
import { createPlaneKit } from '../../src/plane/kit.js';
import { createToolRegistry } from '../../src/tools/index.js';
import { createDelegateTool } from '../../src/tools/delegate/index.js';
import { updatePlanTool } from '../../src/tools/plan/index.js';
import type { TaskEventMap } from '../../src/tools/task/events.js';

const registry = createToolRegistry({
  plane: createPlaneKit({ baseUrl: 'http://127.0.0.1:1', appUrl: 'http://127.0.0.1:1', cache: new Keyv() }),
  webfetchAllow: [],
  taskEvents: new EventEmitter<TaskEventMap>(),
});
registry.add(updatePlanTool);
registry.add(createDelegateTool());

/** What the status message shows while the call runs: the declaration's words for the parsed input. */
function progress(name: string, input: unknown): string {
  const tool = registry.get(name)!;
  return tool.progress(tool.input.parse(input), translator('en'));
}

describe('the step under way in plain words, from each tool’s declaration', () => {
  it.each([
    ['plane_get_issue', { key: 'acme-130' }, 'Reading ACME-130…'],
    ['plane_list_comments', { key: 'ACME-7' }, 'Reading the comments on ACME-7…'],
    ['plane_get_issue_images', { key: 'ACME-7' }, 'Downloading the images of ACME-7…'],
    ['plane_search_issues', { project: 'ACME', query: 'login' }, 'Searching in ACME for “login”…'],
    ['plane_search_issues', { project: 'ACME' }, 'Searching work items in ACME…'],
    ['plane_list_my_issues', {}, 'Listing your work items…'],
    ['plane_list_my_issues', { project: 'ACME' }, 'Listing your work items in ACME…'],
    ['plane_list_projects', {}, 'Listing the projects…'],
    ['plane_list_states', { project: 'ACME' }, 'Reading the states of ACME…'],
    ['plane_list_labels', { project: 'ACME' }, 'Reading the labels of ACME…'],
    ['plane_list_members', { project: 'ACME' }, 'Reading the members of ACME…'],
    ['plane_whoami', {}, 'Checking who you are in Plane…'],
    ['plane_create_issue', { project: 'ACME', title: 'Fix login' }, 'Creating “Fix login” in ACME…'],
    ['plane_update_issue', { key: 'ACME-3', priority: 'high' }, 'Updating ACME-3…'],
    ['plane_add_comment', { key: 'ACME-3', text: 'hi' }, 'Commenting on ACME-3…'],
    ['WebFetch', { url: 'https://example.com/a?b=c' }, 'Fetching example.com…'],
    ['WebFetch', { url: 'not a url' }, 'Fetching a web page…'],
    ['TodoWrite', { action: 'list' }, 'Reading the todo list…'],
    ['TodoWrite', { action: 'add', title: 'x' }, 'Updating the todo list…'],
    ['Task', { action: 'tree' }, 'Reading the task tree…'],
    ['Task', { action: 'list' }, 'Reading the task tree…'],
    ['Task', { action: 'status', id: '1', status: 'done' }, 'Updating the task tree…'],
    ['update_plan', { items: [] }, 'Updating the plan…'],
    ['delegate', { tasks: [{ title: 'A', prompt: 'a' }, { title: 'B', prompt: 'b' }] }, 'Delegating 2 tasks…'],
  ])('%s %j → %s', (tool, input, words) => {
    expect(progress(tool, input)).toBe(words);
  });
});
