import Keyv from 'keyv';
import { expect, it } from 'vitest';
import { CycleReports } from '../../src/cycles/report.js';
import { CycleSnapshots } from '../../src/cycles/snapshots.js';
import { createPlaneKit } from '../../src/plane/kit.js';
import { createMemoryStore } from '../../src/state/memory-store.js';
import { createPlaneTools } from '../../src/tools/plane/index.js';
import { ToolRegistry } from '../../src/tools/registry.js';

/**
 * The cycle and module tools against a Plane seeded like the real Plane CE fixture: ACME with the
 * current cycle "Sprint 1" (ACME-1, 3, 9, 12: two To do, two In Progress) and the module
 * "Checkout revamp" (ACME-2, 10, 11, lead dana); OPS with cycles and modules off (OPS-1). The same
 * tests run against the Plane emulator and, where it is on the machine, the real Plane.
 */
export interface CyclePlane {
  url: string;
  apiKey: string;
}

type Json = Record<string, unknown>;

export function cycleToolContract(plane: () => CyclePlane): void {
  const setup = () => {
    const kit = createPlaneKit({
      apiKey: plane().apiKey,
      baseUrl: plane().url,
      appUrl: 'https://plane.example.com',
      workspace: 'acme',
      cache: new Keyv(),
    });
    const tools = new ToolRegistry(createPlaneTools(kit));
    const call = async (name: string, input: unknown) => {
      const result = await tools.call(name, input, { filesDir: '/nonexistent' });
      if (!result.ok) throw new Error(result.error);
      return result as { text: string; data: Json };
    };
    const fail = async (name: string, input: unknown) => {
      const result = await tools.call(name, input, { filesDir: '/nonexistent' });
      if (result.ok) throw new Error(`${name} succeeded: ${result.text}`);
      return result.error;
    };
    return { kit, tools, call, fail };
  };
  const keysOf = (data: Json) => (data.items as { key: string }[]).map((i) => i.key).sort();

  it('lists the current cycle and the modules with their counts by state group', async () => {
    const { call } = setup();
    const cycles = await call('plane_list_cycles', { project: 'ACME', view: 'current' });
    expect(cycles.data.cycles).toEqual([
      expect.objectContaining({
        name: 'Sprint 1',
        status: 'current',
        counts: { total: 4, backlog: 0, unstarted: 2, started: 2, completed: 0, cancelled: 0 },
        progress: 0,
      }),
    ]);
    expect(cycles.text).toMatch(
      /^1 current cycle in ACME:\nSprint 1 · current · \d{4}-\d{2}-\d{2} → \d{4}-\d{2}-\d{2} · 0% done · 4 items/,
    );
    expect((await call('plane_list_cycles', { project: 'ACME', view: 'upcoming' })).data.cycles).toEqual([]);
    const modules = await call('plane_list_modules', { project: 'ACME' });
    // The real Plane v1.3.1 annotates this module's To do count as 1 of its two To do items (ACME-10, ACME-11):
    // the counts are shown as Plane gives them, so only what both agree on is held here.
    expect(modules.data.modules).toEqual([
      {
        name: 'Checkout revamp',
        status: 'in-progress',
        startDate: null,
        targetDate: null,
        lead: 'dana',
        counts: expect.objectContaining({ total: 3, backlog: 1, started: 0, completed: 0, cancelled: 0 }),
        progress: 0,
      },
    ]);
  });

  it('lists a cycle’s and a module’s work items by their names', async () => {
    const { call, fail } = setup();
    expect(keysOf((await call('plane_list_cycle_items', { project: 'ACME', name: 'sprint 1' })).data)).toEqual([
      'ACME-1',
      'ACME-12',
      'ACME-3',
      'ACME-9',
    ]);
    const started = await call('plane_list_cycle_items', { project: 'ACME', name: 'Sprint 1', state_groups: ['started'] });
    expect(keysOf(started.data)).toEqual(['ACME-3', 'ACME-9']);
    expect(keysOf((await call('plane_list_module_items', { project: 'ACME', name: 'Checkout revamp' })).data)).toEqual([
      'ACME-10',
      'ACME-11',
      'ACME-2',
    ]);
    expect(await fail('plane_list_cycle_items', { project: 'ACME', name: 'Sprint 9' })).toBe(
      'No cycle "Sprint 9" in project ACME. Cycles: Sprint 1.',
    );
  });

  it('adds work items to a cycle and a module: writes that ask first', async () => {
    const { tools, call, fail } = setup();
    const add = tools.get('plane_add_to_cycle')!;
    expect(add.permission).toBe('ask');
    expect(add.effects).toEqual({ readOnly: false, destructive: false, openWorld: false });
    const added = await call('plane_add_to_cycle', { project: 'ACME', name: 'Sprint 1', keys: ['acme-2'] });
    expect(added.data).toEqual({
      project: 'ACME',
      kind: 'cycle',
      name: 'Sprint 1',
      keys: ['ACME-2'],
      url: 'https://plane.example.com/acme/browse/ACME-2/',
    });
    expect(keysOf((await call('plane_list_cycle_items', { project: 'ACME', name: 'Sprint 1' })).data)).toContain('ACME-2');
    await call('plane_add_to_module', { project: 'ACME', name: 'Checkout revamp', keys: ['ACME-1'] });
    const modules = await call('plane_list_modules', { project: 'ACME' });
    expect((modules.data.modules as { counts: { total: number } }[])[0]!.counts.total).toBe(4);
    expect(await fail('plane_add_to_cycle', { project: 'ACME', name: 'Sprint 1', keys: ['OPS-1'] })).toBe(
      'OPS-1 is not in project ACME: a cycle holds work items of its own project only.',
    );
  });

  it('says that cycles and modules are off in OPS', async () => {
    const { fail } = setup();
    const off = 'Cycles are not enabled in project OPS; a project admin can turn them on in the project’s settings in Plane.';
    expect(await fail('plane_list_cycles', { project: 'OPS' })).toBe(off);
    expect(await fail('plane_add_to_cycle', { project: 'OPS', name: 'Sprint 1', keys: ['OPS-1'] })).toBe(off);
    expect(await fail('plane_list_modules', { project: 'OPS' })).toMatch(/^Modules are not enabled in project OPS;/);
  });

  it('reports the current cycle with its burn-up points, recording today’s snapshot (one Plane request)', async () => {
    const { kit } = setup();
    const reports = new CycleReports(kit, new CycleSnapshots(createMemoryStore()));
    await kit.api().projects('acme');
    const { result: report, requests } = await kit.api().metered(() => reports.report('ACME', new Date()));
    expect(requests).toBe(1);
    expect(report).toMatchObject({
      kind: 'current',
      cycles: [
        {
          name: 'Sprint 1',
          counts: { total: expect.any(Number) },
          points: [expect.objectContaining({ date: new Date().toISOString().slice(0, 10) })],
        },
      ],
    });
    expect(await reports.report('OPS', new Date())).toEqual({ project: { identifier: 'OPS', name: 'Operations' }, kind: 'off' });
  });
}
