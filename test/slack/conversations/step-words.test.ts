import { describe, expect, it } from 'vitest';
import { describeStep } from '../../../src/slack/progress/step-words.js';

describe('the step under way in plain words', () => {
  it.each([
    ['plane_get_issue', { key: 'acme-130' }, 'Reading ACME-130…'],
    ['plane_list_comments', { key: 'ACME-7' }, 'Reading the comments on ACME-7…'],
    ['plane_get_issue_images', { key: 'ACME-7' }, 'Downloading the images of ACME-7…'],
    ['plane_search_issues', { project: 'ACME', query: 'login' }, 'Searching in ACME for “login”…'],
    ['plane_search_issues', {}, 'Searching work items…'],
    ['plane_list_my_issues', {}, 'Listing your work items…'],
    ['plane_list_projects', {}, 'Listing the projects…'],
    ['plane_list_states', { project: 'ACME' }, 'Reading the states of ACME…'],
    ['plane_list_labels', { project: 'ACME' }, 'Reading the labels of ACME…'],
    ['plane_list_members', {}, 'Reading the members…'],
    ['plane_whoami', {}, 'Checking who you are in Plane…'],
    ['plane_create_issue', { project: 'ACME', title: 'Fix login' }, 'Creating “Fix login” in ACME…'],
    ['plane_update_issue', { key: 'ACME-3' }, 'Updating ACME-3…'],
    ['plane_add_comment', { key: 'ACME-3', text: 'hi' }, 'Commenting on ACME-3…'],
    ['WebFetch', { url: 'https://example.com/a?b=c' }, 'Fetching example.com…'],
    ['WebFetch', { url: 'not a url' }, 'Fetching a web page…'],
    ['TodoWrite', { action: 'list' }, 'Reading the todo list…'],
    ['TodoWrite', { action: 'add', title: 'x' }, 'Updating the todo list…'],
    ['Task', { action: 'tree' }, 'Reading the task tree…'],
    ['Task', { action: 'status', id: '1' }, 'Updating the task tree…'],
    ['update_plan', { items: [] }, 'Updating the plan…'],
    ['some_new_tool', {}, 'Running some_new_tool…'],
  ])('%s %j → %s', (tool, input, words) => {
    expect(describeStep(tool, input)).toBe(words);
  });

  it('reads whatever the model sent without failing', () => {
    expect(describeStep('plane_get_issue', null)).toBe('Reading a work item…');
    expect(describeStep('plane_get_issue', { key: 42 })).toBe('Reading a work item…');
    expect(describeStep('WebFetch', 'https://example.com')).toBe('Fetching a web page…');
  });
});
