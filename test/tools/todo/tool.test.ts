import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ToolRegistry, type ToolContext } from '../../../src/tools/registry.js';
import { createTodoTool } from '../../../src/tools/todo/tool.js';
import { steppingClock } from '../fixtures/clock.js';
import { useTempDirs } from '../fixtures/temp-dir.js';
import { translator } from '../../../src/i18n/index.js';
import { FileLocks } from '../../../src/files/file-lock.js';

const EN = translator('en');

const tempDir = useTempDirs();

async function setUp() {
  const tool = createTodoTool({ locks: new FileLocks(), now: steppingClock() });
  const registry = new ToolRegistry([tool]);
  const context: ToolContext = { filesDir: await tempDir(), scope: 'C0DEV' };
  const call = (input: Record<string, unknown>) => registry.call('TodoWrite', input, context);
  const text = async (input: Record<string, unknown>) => {
    const result = await call(input);
    if (!result.ok) throw new Error(`expected success, got: ${result.error}`);
    return result.text;
  };
  const error = async (input: Record<string, unknown>) => {
    const result = await call(input);
    if (result.ok) throw new Error(`expected an error, got: ${result.text}`);
    return result.error;
  };
  return { tool, context, text, error };
}

describe('the TodoWrite tool', () => {
  it('is declared once, as an allowed tool that may remove things, whose input schema is an object', async () => {
    const { tool } = await setUp();
    expect([tool.name, tool.permission, tool.effects]).toEqual([
      'TodoWrite',
      'allow',
      { readOnly: false, destructive: true, openWorld: false },
    ]);
    const schema = z.toJSONSchema(tool.input) as unknown as { type: string; properties: { action: { enum: string[] } } };
    expect(schema.type).toBe('object');
    expect(schema.properties.action.enum).toEqual([
      'add',
      'list',
      'done',
      'undone',
      'block',
      'unblock',
      'remove',
      'update',
      'export-markdown',
    ]);
  });

  it('answers every action of the seed', async () => {
    const { text, context } = await setUp();
    expect(await text({ file: '.todos.json', action: 'add', title: 'Implement WebFetch', tags: ['feature', 'http'] })).toBe(
      'Added to .todos.json:\n○ [1] Implement WebFetch #feature #http',
    );
    await text({ action: 'add', title: 'Write tests', dueAt: '2024-12-10' });
    await text({ action: 'add', title: 'Publish' });
    expect(await text({ action: 'done', id: '1' })).toBe('[1] Implement WebFetch: todo → done.\n✓ [1] Implement WebFetch #feature #http');
    expect(await text({ action: 'undone', id: '1' })).toBe('[1] Implement WebFetch: done → todo.\n○ [1] Implement WebFetch #feature #http');
    expect(await text({ action: 'block', id: '3' })).toBe('[3] Publish: todo → blocked.\n⛔ [3] Publish');
    expect(await text({ action: 'unblock', id: '3' })).toBe('[3] Publish: blocked → todo.\n○ [3] Publish');
    await text({ action: 'block', id: '3' });
    await text({ action: 'done', id: '1' });
    expect(await text({ action: 'update', id: '2', title: 'Write the tests', dueAt: null })).toBe(
      'Updated title, dueAt of [2]:\n○ [2] Write the tests',
    );
    expect(await text({ file: '.todos.json', action: 'list' })).toBe(
      [
        'To do (1)',
        '  ○ [2] Write the tests',
        'Blocked (1)',
        '  ⛔ [3] Publish',
        'Done (1)',
        '  ✓ [1] Implement WebFetch #feature #http',
      ].join('\n'),
    );
    const exported = await text({ action: 'export-markdown' });
    expect(exported).toMatch(/^Wrote todos\.md:\n\n# To-do list\n/);
    expect(await readFile(join(context.filesDir, 'todos.md'), 'utf8')).toBe(exported.slice('Wrote todos.md:\n\n'.length));
    expect(await text({ action: 'remove', id: '2' })).toBe('Removed from .todos.json: [2] Write the tests.');
  });

  it('says when a status action changes nothing, and why', async () => {
    const { text } = await setUp();
    await text({ action: 'add', title: 'T' });
    expect(await text({ action: 'undone', id: '1' })).toBe('Nothing changed: [1] T is not done (it is todo).');
    expect(await text({ action: 'unblock', id: '1' })).toBe('Nothing changed: [1] T is not blocked (it is todo).');
    await text({ action: 'block', id: '1' });
    expect(await text({ action: 'block', id: '1' })).toBe('Nothing changed: [1] T is already blocked.');
    await text({ action: 'done', id: '1' });
    expect(await text({ action: 'done', id: '1' })).toBe('Nothing changed: [1] T is already done.');
    expect(await text({ action: 'update', id: '1', title: 'T' })).toBe('Nothing changed: [1] T already has those values.');
  });

  it('says the list is empty', async () => {
    const { text } = await setUp();
    expect(await text({ action: 'list' })).toBe('.todos.json is empty; add an item with action "add".');
  });

  it.each<[string, Record<string, unknown>, string | RegExp]>([
    ['a missing id', { action: 'done' }, 'Invalid input for TodoWrite:\n- id: id is required for action "done"'],
    ['a missing title', { action: 'add' }, '- title: title is required for action "add"'],
    ['an unknown action', { action: 'archive' }, /Invalid option: expected one of "add"\|"list"\|"done"/],
    ['an unknown id', { action: 'remove', id: '4' }, 'No todo with id "4" in .todos.json. Valid ids: 1.'],
    ['a path outside', { action: 'list', file: '../../etc/passwd' }, /uses "\.\."/],
    ['a non-Markdown export', { action: 'export-markdown', output: 'notes.txt' }, /"notes.txt" does not end in \.md/],
  ])('explains %s', async (_, input, message) => {
    const { text, error } = await setUp();
    await text({ action: 'add', title: 'Existing' });
    const reason = await error(input);
    if (typeof message === 'string') expect(reason).toContain(message);
    else expect(reason).toMatch(message);
  });

  it('reports a corrupt list and moves it aside instead of overwriting it', async () => {
    const { text, error, context } = await setUp();
    await writeFile(join(context.filesDir, '.todos.json'), '{"version":1,"items":[{"id":"1","status":"doing","title":"x"}]}');
    expect(await error({ action: 'add', title: 'New' })).toMatch(
      /^\.todos\.json could not be used \(not in the expected format at items\.0\.status: .*\)\. It was moved aside to \.todos\.json\.corrupt-/,
    );
    expect(await readdir(context.filesDir)).toEqual(['.todos.json.corrupt-2024-12-01T09-00-00-000Z']);
    expect(await text({ action: 'add', title: 'New' })).toContain('[1] New');
  });

  it('describes a call in plain words for an approval', async () => {
    const { tool } = await setUp();
    expect(tool.describe?.({ action: 'block', id: '3' }, EN)).toBe('Mark item 3 of .todos.json blocked');
    expect(tool.describe?.({ action: 'add', title: 'T', file: 'team.json' }, EN)).toBe('Add “T” to team.json');
  });
});
