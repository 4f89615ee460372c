import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Keyv from 'keyv';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { translator } from '../../src/i18n/index.js';
import type { PlaneError } from '../../src/plane/errors.js';
import { PlaneHttp, withPlaneWaitPolicy } from '../../src/plane/http.js';
import { PlaneLimiters } from '../../src/plane/limiter.js';
import { createPlaneKit } from '../../src/plane/kit.js';
import { closeTestbeds, startTestbed } from './setup.js';

afterEach(closeTestbeds);

describe('the Plane client against the fake', () => {
  it('sends X-Api-Key on API requests, trailing slashes everywhere, and no key to the instance probe', async () => {
    const t = await startTestbed();
    await t.call('plane_whoami', {});
    const all = t.plane.requests;
    expect(all.length).toBeGreaterThan(0);
    for (const r of all) {
      expect(r.path.endsWith('/')).toBe(true);
      expect(r.status).not.toBe(301);
      expect(r.apiKey).toBe(r.path === '/api/instances/' ? undefined : t.apiKey);
    }
  });

  it('says when no key was sent (401)', async () => {
    const t = await startTestbed();
    const http = new PlaneHttp({ baseUrl: `${t.plane.url}/`, apiKey: '', limiter: new PlaneLimiters().forKey('empty-key-test') });
    await expect(http.json({ path: '/api/v1/users/me', what: 'the current user' }, z.unknown())).rejects.toThrow(
      /no API key was sent. Set PLANE_API_KEY/,
    );
  });

  it('says that the key is bad when Plane does not know it (403)', async () => {
    const t = await startTestbed({ kit: { apiKey: 'plane_api_00000000000000000000000000000000' } });
    expect(await t.fail('plane_list_projects', {})).toMatch(/Plane rejected the API key \(403\): it is unknown, expired or inactive/);
  });

  it('says that the key’s user lacks permission when Plane refuses a project (403)', async () => {
    const t = await startTestbed();
    const secret = t.plane.db.addProject('acme', { identifier: 'SEC', name: 'Secret', network: 0, members: [t.users.dana.id] });
    t.plane.db.addWorkItem(secret.id, { name: 'hidden' });
    // The bot is not a member, yet an open project is listed to it; reading its items is refused.
    t.plane.db.projects.get(secret.id)!.network = 2;
    const error = await t.fail('plane_get_issue', { key: 'SEC-1' });
    expect(error).toMatch(/refused access to work item SEC-1 in workspace acme \(403\).*not a member/);
  });

  it('names what was not found (404)', async () => {
    const t = await startTestbed();
    expect(await t.fail('plane_get_issue', { key: 'ACME-999' })).toBe('Plane has no work item ACME-999 in workspace acme (404).');
  });

  it('reports a server error readably (5xx)', async () => {
    const t = await startTestbed();
    const asset = t.plane.db.addAsset('acme', { type: 'image/png', bytes: 'x', project: 'ACME' });
    const http = new PlaneHttp({ baseUrl: t.plane.url, apiKey: t.apiKey, limiter: new PlaneLimiters().forKey(t.apiKey) });
    await expect(http.json({ path: `/api/v1/workspaces/acme/assets/${asset.id}/`, what: 'an asset' }, z.unknown())).rejects.toThrow(
      /Plane failed with a server error \(500\) on an asset; try again later. Plane said: "Internal server error"/,
    );
  });

  it('counts each metered caller’s own requests, however the limiter interleaves them with another caller’s', async () => {
    const t = await startTestbed();
    // Two units a window: most requests wait in the limiter's queue and are started by another one's end.
    const http = new PlaneHttp({
      baseUrl: t.plane.url,
      apiKey: t.apiKey,
      limiter: new PlaneLimiters({ limit: 2, windowMs: 150 }).forKey(t.apiKey),
    });
    const me = () => http.json({ path: '/api/v1/users/me', what: 'the current user' }, z.unknown());
    const caller = (requests: number) =>
      http.metered(async () => {
        for (let i = 0; i < requests; i += 1) await me();
      });
    t.plane.resetRequests();
    const [a, b] = await Promise.all([caller(3), caller(4), me()]);
    expect([a.requests, b.requests]).toEqual([3, 4]);
    expect(t.plane.requests).toHaveLength(8);
  });

  it('says when Plane cannot be reached', async () => {
    const kit = createPlaneKit({
      apiKey: 'k-unreachable',
      baseUrl: 'http://127.0.0.1:1',
      appUrl: 'http://x',
      workspace: 'acme',
      cache: new Keyv(),
    });
    await expect(kit.api().projects('acme')).rejects.toThrow(
      /Could not reach Plane at http:\/\/127.0.0.1:1 for projects of workspace acme \(ECONNREFUSED\)/,
    );
    const failure = await kit
      .api()
      .projects('acme')
      .then(
        () => undefined,
        (error: unknown) => error as PlaneError,
      );
    expect(failure?.sayTo(translator('fr'))).toBe(
      'Impossible de joindre Plane à http://127.0.0.1:1 pour projects of workspace acme (ECONNREFUSED).',
    );
  });
});

describe('rate limiting', () => {
  it('waits Retry-After once after a 429 and retries', async () => {
    let offset = 0;
    const waits: number[] = [];
    const t = await startTestbed({
      fake: { rateLimit: { requests: 2 }, now: () => Date.now() + offset },
      // A short window so that the client's own pacing does not make the test wait a real minute.
      kit: { limiters: new PlaneLimiters({ windowMs: 200 }), sleep: async (ms) => void (waits.push(ms), (offset += ms)) },
    });
    t.plane.db.addWorkItem('ACME', { name: 'one' });
    const api = t.kit.api();
    await api.instance();
    await api.me();
    await api.projects('acme');
    // The third keyed request in the fake's minute is throttled (the probe's are not counted), the retry after Retry-After succeeds.
    const item = await api.workItemByKey('acme', 'ACME-1');
    expect(item.name).toBe('one');
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(50_000);
    expect(waits[0]).toBeLessThanOrEqual(60_000);
    const statuses = t.plane.requests.filter((r) => r.path.includes('ACME-1')).map((r) => r.status);
    expect(statuses).toEqual([429, 200]);
  });

  it('trusts the server’s X-RateLimit-Remaining when another client spends the same key', async () => {
    const windowMs = 400;
    let offset = 0;
    const t = await startTestbed({
      fake: { now: () => Date.now() + offset },
      // The fake's minute is a real one; the 61st request's Retry-After is skipped on its clock.
      kit: { limiters: new PlaneLimiters({ windowMs }), sleep: async (ms) => void (offset += ms) },
    });
    for (let i = 0; i < 58; i++) {
      await fetch(`${t.plane.url}/api/v1/users/me/`, { headers: { 'X-Api-Key': t.apiKey } }).then((r) => r.arrayBuffer());
    }
    const api = t.kit.api();
    await api.me(); // Plane: 1 left, though this client has spent only one of its 60
    await api.projects('acme');
    const before = performance.now();
    expect((await api.workspaceMembers('acme')).length).toBe(4);
    // Without trusting the header the limiter would have let it go at once.
    expect(performance.now() - before).toBeGreaterThanOrEqual(windowMs - 10);
  });

  it('answers at once with when to try again when a 429’s Retry-After outlasts the call’s bound', async () => {
    const t = await startTestbed({ fake: { rateLimit: { requests: 1 } }, kit: { limiters: new PlaneLimiters({ windowMs: 200 }) } });
    await t.kit.api().me();
    const waited: number[] = [];
    const call = withPlaneWaitPolicy({ deadline: Date.now() + 5_000, onWait: (ms) => waited.push(ms) }, () => t.kit.api().projects('acme'));
    await expect(call).rejects.toThrow(/^Plane’s rate limit for this API key is spent; try again in (59|60) s\.$/);
    expect(t.plane.requests.filter((r) => r.status === 429)).toHaveLength(1);
  });

  it('never waits more than 60 s, whatever Retry-After says', async () => {
    let calls = 0;
    const server = createServer((_req, res) => {
      calls += 1;
      if (calls === 1)
        res
          .writeHead(429, { 'Retry-After': '3600', 'Content-Type': 'application/json' })
          .end('{"error_code":5900,"error_message":"RATE_LIMIT_EXCEEDED"}');
      else res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const waits: number[] = [];
      const http = new PlaneHttp({
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        apiKey: 'k-retry-cap',
        limiter: new PlaneLimiters({ windowMs: 100 }).forKey('k-retry-cap'),
        sleep: async (ms) => void waits.push(ms),
      });
      expect(await http.json({ path: '/api/v1/users/me/', what: 'me' }, z.unknown())).toEqual({ ok: true });
      expect(waits).toEqual([60_000]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('pagination', () => {
  it('reads past 1,000 items: per_page with every cursor, one request per 1,000', async () => {
    const t = await startTestbed();
    t.plane.db.addManyWorkItems('ACME', 2345, (i) => ({ assignees: i % 2 === 0 ? [t.users.bot.id] : [] }));
    await t.call('plane_list_states', { project: 'ACME' }); // warms projects and the probe
    t.plane.resetRequests();
    const items = await t.kit.api().workItems('acme', (await t.kit.api().projects('acme'))[0]!);
    expect(items).toHaveLength(2345);
    expect(new Set(items.map((i) => i.sequence_id)).size).toBe(2345);
    const pages = t.apiRequests();
    expect(pages.map((r) => r.query.per_page)).toEqual(['1000', '1000', '1000']);
    expect(pages.map((r) => r.query.cursor)).toEqual([undefined, '1000:1:0', '1000:2:0']);
  });

  it('pages with the smaller size a server asks for (Plane Cloud)', async () => {
    const t = await startTestbed({ fake: { edition: 'cloud' } });
    t.plane.db.addManyWorkItems('ACME', 250);
    const items = await t.kit.api().workItems('acme', (await t.kit.api().projects('acme'))[0]!);
    expect(items).toHaveLength(250);
    const lists = t.apiRequests().filter((r) => r.path.endsWith('/work-items/'));
    expect(lists.map((r) => r.query.per_page)).toEqual(['100', '100', '100']);
  });
});

describe('versions and path families', () => {
  it('uses /work-items/ on v1.1 and later and reports v1', async () => {
    const t = await startTestbed({ fake: { instanceVersion: '1.3.1' } });
    t.plane.db.addWorkItem('ACME', { name: 'new paths' });
    expect(await t.call('plane_get_issue', { key: 'ACME-1' })).toContain('ACME-1: new paths');
    expect(await t.call('plane_whoami', {})).toMatch(/API: v1 \(instance v1\.3\.1, Community Edition, work items under \/work-items\/\)/);
    expect(t.apiRequests().some((r) => r.path === '/api/v1/workspaces/acme/work-items/ACME-1/')).toBe(true);
  });

  it('uses /issues/ on instances older than v1.1, for reads and writes', async () => {
    const t = await startTestbed({ fake: { instanceVersion: '1.0.0' } });
    t.plane.db.addWorkItem('ACME', { name: 'old paths' });
    expect(await t.call('plane_get_issue', { key: 'ACME-1' })).toContain('ACME-1: old paths');
    await t.call('plane_update_issue', { key: 'ACME-1', priority: 'high' });
    await t.call('plane_add_comment', { key: 'ACME-1', text: 'still works' });
    await t.call('plane_list_comments', { key: 'ACME-1' });
    await t.call('plane_create_issue', { project: 'ACME', title: 'created on old paths' });
    const paths = t.apiRequests().map((r) => r.path);
    expect(paths.some((p) => p.includes('/work-items/'))).toBe(false);
    expect(paths).toContain('/api/v1/workspaces/acme/issues/ACME-1/');
    expect(paths.filter((p) => /\/projects\/[^/]+\/issues\//.test(p)).length).toBeGreaterThanOrEqual(4);
    expect(await t.call('plane_whoami', {})).toMatch(/instance v1\.0\.0.*work items under \/issues\//);
    // Only the API v2 probe fails (CE does not route /api/v2/).
    expect(t.plane.requests.filter((r) => r.status >= 400).map((r) => r.path)).toEqual(['/api/v2/users/me/']);
  });

  it('reports v1 and v2 on Plane Cloud, where the instance route is missing', async () => {
    const t = await startTestbed({ fake: { edition: 'cloud' } });
    expect(await t.call('plane_whoami', {})).toMatch(/API: v1 and v2 \(instance version unknown, work items under \/work-items\/\)/);
  });
});

describe('the cache', () => {
  it('is shared by kits over one Keyv, and answers name lookups with no request for five minutes', async () => {
    const t = await startTestbed();
    await t.call('plane_list_members', { project: 'ACME' });
    t.plane.resetRequests();
    const other = createPlaneKit({ apiKey: t.apiKey, baseUrl: t.plane.url, appUrl: 'http://x', workspace: 'acme', cache: t.cache });
    const members = await other.api().projectMembers('acme', (await other.api().projects('acme'))[0]!);
    expect(members.map((m) => m.display_name)).toContain('dana');
    expect(t.apiRequests()).toEqual([]);
  });

  it('keeps entries of different keys apart', async () => {
    const t = await startTestbed();
    await t.call('plane_list_projects', {});
    const dana = 'plane_api_dana_dana_dana_dana_dana_dana_';
    t.plane.db.addApiKey(dana, t.users.dana.id);
    const other = createPlaneKit({ apiKey: dana, baseUrl: t.plane.url, appUrl: 'http://x', workspace: 'acme', cache: t.cache });
    t.plane.resetRequests();
    expect((await other.api().me()).display_name).toBe('dana');
    expect(t.apiRequests().map((r) => r.path)).toEqual(['/api/v1/users/me/']);
  });
});
