import { EventEmitter } from 'node:events';
import Keyv from 'keyv';
import { describe, expect, it } from 'vitest';
import { translator, type Locale } from '../../src/i18n/index.js';
import { createPlaneKit } from '../../src/plane/kit.js';
import { createToolRegistry } from '../../src/tools/index.js';
import { createDelegateTool } from '../../src/tools/delegate/index.js';
import { updatePlanTool } from '../../src/tools/plan/index.js';
import type { TaskEventMap } from '../../src/tasks/events.js';
import { FileLocks } from '../../src/files/file-lock.js';

const registry = createToolRegistry({
  plane: createPlaneKit({ baseUrl: 'http://127.0.0.1:1', appUrl: 'http://127.0.0.1:1', cache: new Keyv() }),
  webfetchAllow: [],
  taskEvents: new EventEmitter<TaskEventMap>(),
  fileLocks: new FileLocks(),
});
registry.add(updatePlanTool);
registry.add(createDelegateTool());

/** What the status message shows while the call runs: the declaration's words for the parsed input. */
function progress(name: string, input: unknown, locale: Locale = 'en'): string {
  const tool = registry.get(name)!;
  return tool.progress(tool.input.parse(input), translator(locale));
}

/** What an approval request says the call will do. */
function describeCall(name: string, input: unknown, locale: Locale): string {
  const tool = registry.get(name)!;
  return tool.describe!(tool.input.parse(input), translator(locale));
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
    [
      'delegate',
      {
        tasks: [
          { title: 'A', prompt: 'a' },
          { title: 'B', prompt: 'b' },
        ],
      },
      'Delegating 2 tasks…',
    ],
  ])('%s %j → %s, and in French and Chinese', (tool, input, words) => {
    expect(progress(tool, input)).toBe(words);
    expect(progress(tool, input, 'fr')).not.toBe(words);
    expect(progress(tool, input, 'fr')).toMatch(/…$/);
    expect(progress(tool, input, 'zh-CN')).toMatch(/[\u4e00-\u9fff].*…$/);
  });
});

describe('what a call will do, for an approval request, in the reader’s language', () => {
  it.each([
    ['plane_create_issue', { project: 'ACME', slug: 'acme', title: 'Fix login', labels: [], assignees: [], start_date: '2026-05-01' }],
    ['plane_update_issue', { key: 'ACME-3', priority: 'high', labels: ['bug'], target_date: null, description: 'x' }],
    ['plane_add_comment', { key: 'ACME-3', slug: 'acme', text: 'hi' }],
    ['WebFetch', { url: 'https://example.com/a', method: 'POST', headers: { A: 'b' }, body: 'x'.repeat(2000) }],
    ['TodoWrite', { action: 'export-markdown', output: 'out.md' }],
    ['Task', { action: 'sync', id: '1', project: 'ACME' }],
    ['update_plan', { items: [{ id: '1', content: 'a', status: 'completed' }] }],
    [
      'delegate',
      {
        tasks: [
          { title: 'A', prompt: 'a' },
          { title: 'B', prompt: 'b' },
        ],
      },
    ],
  ])('%s %j', (tool, input) => {
    const english = describeCall(tool, input, 'en');
    const french = describeCall(tool, input, 'fr');
    const chinese = describeCall(tool, input, 'zh-CN');
    expect(french).not.toBe(english);
    expect(chinese).toMatch(/[\u4e00-\u9fff]/);
    // The values the person must check are there in every language.
    for (const value of ['ACME-3', 'example.com', 'out.md', 'Fix login'].filter((v) => english.includes(v))) {
      expect(french).toContain(value);
      expect(chinese).toContain(value);
    }
    // What the model reads of the tool stays English.
    expect(registry.get(tool)!.description).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
