/**
 * `/plane digest now` through the whole bot (Slack emulator, signed deliveries) against the real Plane
 * CE: the digest of the seeded ACME as Slack is shown it, within Slack's limits, then a change made in
 * Plane reported as done since the last digest.
 */
import { describe, expect, it } from 'vitest';
import { assertWithinSlackLimits } from '../slack/blocks/limits.js';
import { firstLine, run, shown } from '../slack/commands-e2e/support.js';
import { botOnRealPlane, projectRequest, realPlane } from './plane-ce.js';

const plane = realPlane();

describe.skipIf(!plane)('/plane digest through the bot against the real Plane CE', () => {
  const harness = botOnRealPlane(plane);
  const api = (path: string, init?: Parameters<typeof projectRequest>[2]) => projectRequest(plane!, path, init);

  it('posts ACME’s digest with its current cycle and counts, by key, within Slack’s limits; after ACME-6 is done in Plane, the next one says so', async () => {
    const [first] = (await run(harness(), { command: '/plane', text: 'digest now ACME' }, { channel: 1 })).channel;
    assertWithinSlackLimits(first!);
    expect(firstLine(first!)).toMatch(/^Digest of ACME/);
    expect(shown(first!)).toContain('Cycle *');
    expect(shown(first!)).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/);

    const states = ((await (await api('states/')).json()) as { results: { id: string; group: string }[] }).results;
    const done = states.find((state) => state.group === 'completed')!;
    const items = ((await (await api('work-items/?per_page=100')).json()) as { results: { id: string; sequence_id: number }[] }).results;
    const acme6 = items.find((item) => item.sequence_id === 6)!;
    expect((await api(`work-items/${acme6.id}/`, { method: 'PATCH', body: { state: done.id } })).status).toBe(200);

    const [second] = (await run(harness(), { command: '/plane', text: 'digest now ACME' }, { channel: 1 })).channel;
    assertWithinSlackLimits(second!);
    expect(shown(second!)).toMatch(/^Changes since the last digest/m);
    expect(shown(second!)).toMatch(/\*Done \(\d+\)\*[\s\S]*ACME-6/);
  }, 120_000);
});
