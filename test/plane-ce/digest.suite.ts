/**
 * One channel digest against the real Plane CE: the seeded project ACME (a current cycle, items in
 * every state group), what the digest costs in requests, and "since the last digest" after a change
 * made in Plane.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ChannelDigests, NO_FILTERS } from '../../src/digests/channel-digests.js';
import { ProjectReader } from '../../src/digests/reads.js';
import { translator } from '../../src/i18n/index.js';
import { silentLogger } from '../../src/log.js';
import { Scheduler } from '../../src/schedules/scheduler.js';
import { buildDigest } from '../../src/slack/digests/digest.blocks.js';
import { createMemoryStore } from '../../src/state/index.js';
import { assertWithinSlackLimits } from '../slack/blocks/limits.js';
import { resetPlaneCe } from './fixture.js';
import { planeCeKit, realPlane } from './plane-ce.js';

const plane = realPlane();

describe.skipIf(!plane)('a channel digest against the real Plane CE', () => {
  beforeAll(() => resetPlaneCe(plane!.env));

  it('counts every item of ACME by state group, shows the current cycle, costs a handful of requests, and reports a change made in Plane as done since the last digest', async () => {
    const kit = planeCeKit(plane!);
    const api = kit.api();
    const store = createMemoryStore();
    const digests = new ChannelDigests({
      scheduler: new Scheduler({ store, logger: silentLogger }),
      store,
      reader: new ProjectReader(kit),
      kit,
    });
    const target = { channel: 'C0OPS', projectId: plane!.projectId, filters: NO_FILTERS, staleDays: 7, timeZone: 'UTC' };

    const { result: first, requests } = await api.metered(() => digests.compose(target, { fresh: true }));
    // Cold: the instance probe, projects, the list (one page), states, labels, members, current cycles.
    expect(requests).toBeLessThanOrEqual(7);
    const project = (await api.projects(plane!.workspace)).find((p) => p.id === plane!.projectId)!;
    const listed = await api.workItems(plane!.workspace, project);
    expect(first.data.counts.reduce((sum, c) => sum + c.count, 0)).toBe(listed.filter((i) => i.state).length);
    expect(first.data.cycles.length).toBeGreaterThanOrEqual(1);
    const message = buildDigest(first.data, { timeZone: 'UTC', filters: NO_FILTERS }, translator('en'));
    assertWithinSlackLimits(message);
    const text = JSON.stringify(message.blocks);
    expect(text).toContain('Cycle *');
    // Names and keys, never a UUID in what is shown (links carry keys too).
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/);
    await first.commit();

    // In Plane, ACME-1 moves to a completed state; the next digest says it was done since.
    const states = await api.states(plane!.workspace, project);
    const done = states.find((s) => s.group === 'completed')!;
    const item = await api.workItemByKey(plane!.workspace, 'ACME-1');
    const wasDone = typeof item.state === 'object' && item.state?.group === 'completed';
    await api.updateWorkItem(plane!.workspace, { id: item.id, projectId: project.id, key: 'ACME-1' }, { state: done.id });
    const { result: second, requests: warm } = await api.metered(() => digests.compose(target, { fresh: true }));
    expect(warm).toBeLessThanOrEqual(2);
    if (!wasDone) {
      expect(second.data.sections.done.items.map((i) => i.key)).toContain('ACME-1');
      expect(second.data.counts.find((c) => c.group === 'completed')!.change).toBe(1);
    }
    expect(second.data.since).toBeDefined();
  }, 120_000);
});
