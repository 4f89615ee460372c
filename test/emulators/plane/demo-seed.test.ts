import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_API_KEY, type FakePlane, seedDemoDigests, seedDemoWorkspace, startFakePlane } from '../../../src/emulators/plane/index.js';

let plane: FakePlane;
afterEach(() => plane.close());

const headers = { 'X-Api-Key': DEMO_API_KEY };

describe('seedDemoWorkspace', () => {
  it('seeds acme / ACME "Website" with states in all five groups, labels, four members and twelve items', async () => {
    plane = await startFakePlane();
    const demo = seedDemoWorkspace(plane.db);
    expect(demo.apiKey).toBe(DEMO_API_KEY);
    expect(demo.workspace.slug).toBe('acme');
    expect(demo.project).toMatchObject({ identifier: 'ACME', name: 'Website' });
    expect(new Set(Object.values(demo.states).map((s) => s.group))).toEqual(
      new Set(['backlog', 'unstarted', 'started', 'completed', 'cancelled']),
    );
    expect(Object.keys(demo.labels)).toEqual(['bug', 'feature', 'design', 'docs', 'performance']);
    expect(demo.workItems.map((i) => i.sequence_id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(new Set(demo.workItems.map((i) => i.priority))).toEqual(new Set(['urgent', 'high', 'medium', 'low', 'none']));
    expect(plane.db.comments.size).toBeGreaterThanOrEqual(5);

    const me = (await (await fetch(`${plane.url}/api/v1/users/me/`, { headers })).json()) as { email: string };
    expect(me.email).toBe('plane-bot@acme.io');
    const members = (await (await fetch(`${plane.url}/api/v1/workspaces/acme/members/`, { headers })).json()) as unknown[];
    expect(members).toHaveLength(4);
    const mine = demo.workItems.filter((i) => i.assignees.includes(demo.users.bot.id));
    expect(mine.length).toBeGreaterThanOrEqual(3);
  });

  it('embeds downloadable PNG images in descriptions', async () => {
    plane = await startFakePlane();
    const demo = seedDemoWorkspace(plane.db);
    const item = (await (await fetch(`${plane.url}/api/v1/workspaces/acme/work-items/ACME-1/`, { headers })).json()) as {
      id: string;
      description_html: string;
    };
    const src = /<image-component src="([0-9a-f-]{36})"/.exec(item.description_html)?.[1];
    expect(src).toBeDefined();
    const detail = await fetch(
      `${plane.url}/api/v1/workspaces/acme/projects/${demo.project.id}/work-items/${item.id}/attachments/${src}/`,
      { headers, redirect: 'manual' },
    );
    expect(detail.status).toBe(302);
    const image = Buffer.from(await (await fetch(detail.headers.get('location') ?? '')).arrayBuffer());
    expect(image.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const images = demo.workItems.filter((i) => i.description_html.includes('<image-component'));
    expect(images).toHaveLength(2);
  });
});

describe('seedDemoDigests', () => {
  // 23:30 UTC on 7 December is already 00:30 on the 8th in Paris.
  const nearMidnight = Date.parse('2026-12-07T23:30:00Z');
  const dueDates = (timeZone?: string) => {
    const demo = seedDemoWorkspace(plane.db);
    const items = seedDemoDigests(plane.db, demo, timeZone);
    return items.filter((item) => item.target_date).map((item) => [item.name, item.target_date]);
  };

  it('dates overdue, today and tomorrow by the calendar of the zone it is given', async () => {
    plane = await startFakePlane({ now: () => nearMidnight });
    expect(dueDates('Europe/Paris')).toEqual([
      ['Renew the TLS certificate of the marketing site', '2026-12-06'],
      ['Publish the December changelog', '2026-12-08'],
      ['Review the cookie policy wording', '2026-12-09'],
    ]);
  });

  it('dates them by UTC days when given no zone', async () => {
    plane = await startFakePlane({ now: () => nearMidnight });
    expect(dueDates().map(([, date]) => date)).toEqual(['2026-12-05', '2026-12-07', '2026-12-08']);
  });
});
