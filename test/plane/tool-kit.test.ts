import Keyv from 'keyv';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPlaneKit } from '../../src/plane/kit.js';
import { createPlaneTools } from '../../src/tools/plane/index.js';
import { ToolError, ToolRegistry } from '../../src/tools/registry.js';

const offKit = () => createPlaneKit({ baseUrl: 'http://127.0.0.1:1', appUrl: 'http://127.0.0.1:1', cache: new Keyv() });

describe('the Plane tool kit', () => {
  it('declares the nineteen tools, writes flagged', () => {
    const tools = createPlaneTools(offKit());
    expect(tools.map((t) => t.name)).toEqual([
      'plane_whoami',
      'plane_list_projects',
      'plane_list_my_issues',
      'plane_search_issues',
      'plane_get_issue',
      'plane_get_issue_images',
      'plane_list_comments',
      'plane_add_comment',
      'plane_create_issue',
      'plane_update_issue',
      'plane_list_states',
      'plane_list_labels',
      'plane_list_members',
      'plane_list_cycles',
      'plane_list_modules',
      'plane_list_cycle_items',
      'plane_add_to_cycle',
      'plane_list_module_items',
      'plane_add_to_module',
    ]);
    const writes = tools.filter((t) => !t.effects.readOnly).map((t) => t.name);
    expect(writes).toEqual([
      'plane_get_issue_images',
      'plane_add_comment',
      'plane_create_issue',
      'plane_update_issue',
      'plane_add_to_cycle',
      'plane_add_to_module',
    ]);
    expect(tools.filter((t) => t.effects.destructive || t.effects.openWorld)).toEqual([]);
    const asking = tools.filter((t) => t.permission === 'ask').map((t) => t.name);
    expect(asking).toEqual(['plane_add_comment', 'plane_create_issue', 'plane_update_issue', 'plane_add_to_cycle', 'plane_add_to_module']);
    for (const tool of tools) {
      expect(typeof tool.describe === 'function').toBe(tool.permission === 'ask');
      expect(tool.description.length).toBeGreaterThan(20);
    }
  });

  it('gives the model a JSON Schema with the seed’s inputs and defaults', () => {
    const tools = new ToolRegistry(createPlaneTools(offKit()));
    const schema = (name: string) =>
      z.toJSONSchema(tools.get(name)!.input, { io: 'input' }) as { properties: Record<string, { default?: unknown }>; required?: string[] };
    expect(Object.keys(schema('plane_list_my_issues').properties)).toEqual(['slug', 'project', 'state_groups', 'limit']);
    expect(schema('plane_list_my_issues').properties.state_groups!.default).toEqual(['backlog', 'unstarted', 'started']);
    expect(schema('plane_list_my_issues').properties.limit!.default).toBe(50);
    expect(schema('plane_search_issues').properties.limit!.default).toBe(30);
    expect(schema('plane_search_issues').required).toEqual(['project']);
    expect(schema('plane_add_comment').properties.format!.default).toBe('text');
    expect(Object.keys(schema('plane_update_issue').properties)).toEqual([
      'slug',
      'key',
      'title',
      'description',
      'state',
      'priority',
      'assignees',
      'labels',
      'start_date',
      'target_date',
    ]);
  });

  it('says that Plane is off, and how to turn it on, when there is no API key', async () => {
    const tools = createPlaneTools(offKit());
    for (const tool of tools) {
      const input = tool.input.parse(
        tool.name === 'plane_update_issue'
          ? { key: 'ACME-1', priority: 'low' }
          : { key: 'ACME-1', project: 'ACME', title: 't', text: 't', name: 'Sprint 1', keys: ['ACME-1'] },
      );
      const run = tool.run(input, { filesDir: '/nonexistent' });
      await expect(run).rejects.toBeInstanceOf(ToolError);
      await expect(run).rejects.toThrow(/^Plane is off: no API key is configured\. Set PLANE_API_KEY/);
    }
  });
});
