import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Keyv from 'keyv';
import { request } from 'undici';
import { beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { withPlaneWaitPolicy } from '../../../src/plane/http.js';
import { createPlaneKit, type PlaneKit } from '../../../src/plane/kit.js';
import { createPlaneTools } from '../../../src/tools/plane/index.js';
import { ToolRegistry, type Requester } from '../../../src/tools/registry.js';
import { CELERY_WORKERS, type ContractTarget, type Person } from './target.js';

/**
 * The kit's behaviours against a Plane, written once and run against the emulator (test/plane) and
 * against the real Plane CE (test/plane-ce): every plane_* tool's happy path and documented errors,
 * the raw answers the kit relies on (shapes, errors, pagination, headers) and the webhooks. What one
 * target answers and the other does not is a failing test, so the emulator stays honest.
 */
export function planeContract(target: () => ContractTarget | undefined): void {
  // Each test may write: every one starts from the seed (the real Plane's reset takes half a second).
  beforeEach(async () => {
    await target()?.reset();
  });

  const t = () => target()!;
  const kitFor = (person: Person = 'bot'): PlaneKit =>
    createPlaneKit({
      apiKey: t().keys[person],
      baseUrl: t().url,
      appUrl: 'https://plane.example.com',
      workspace: t().workspace,
      cache: new Keyv(),
    });
  const toolsFor = (person: Person = 'bot') => new ToolRegistry(createPlaneTools(kitFor(person)));
  const asPerson = (person: Person): Requester => ({ id: `U-${person}`, name: person, email: `${person}@acme.test` });

  async function call(name: string, input: unknown, options: { requester?: Requester; key?: Person; filesDir?: string } = {}) {
    const result = await toolsFor(options.key).call(name, input, {
      filesDir: options.filesDir ?? '/nonexistent',
      requester: options.requester,
    });
    if (!result.ok) throw new Error(`${name} failed on the ${t().name}: ${result.error}`);
    return result.text;
  }
  async function fail(name: string, input: unknown, options: { requester?: Requester; key?: Person } = {}) {
    const result = await toolsFor(options.key).call(name, input, { filesDir: '/nonexistent', requester: options.requester });
    if (result.ok) throw new Error(`${name} succeeded on the ${t().name}:\n${result.text}`);
    return result.error;
  }
  async function raw(method: 'GET' | 'POST' | 'PATCH' | 'PUT', path: string, options: { body?: unknown; key?: Person | null } = {}) {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.key !== null) headers['x-api-key'] = t().keys[options.key ?? 'bot'];
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const answer = await request(`${t().url}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await answer.body.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: answer.statusCode, headers: answer.headers, text, json: json as Record<string, any> };
  }
  const ws = () => `/api/v1/workspaces/${t().workspace}`;
  const itemOf = async (key: string) => (await raw('GET', `${ws()}/work-items/${key}/`)).json;

  describe('the plane_* tools', () => {
    it('plane_whoami names the key’s user and the release', async () => {
      const text = await call('plane_whoami', {});
      expect(text).toContain('planebot');
      expect(text).toContain('1.3.1');
    });

    it('plane_list_projects lists ACME and OPS', async () => {
      const text = await call('plane_list_projects', {});
      expect(text).toMatch(/ACME.*Acme Web/);
      expect(text).toMatch(/OPS.*Operations/);
    });

    it('plane_list_my_issues lists the requester’s open items, and nothing for the key’s user', async () => {
      const alice = await call('plane_list_my_issues', {}, { requester: asPerson('alice') });
      for (const key of ['ACME-1', 'ACME-3', 'ACME-4', 'ACME-7', 'ACME-9', 'ACME-12']) expect(alice).toContain(key);
      expect(alice).not.toContain('ACME-2:');
      const bob = await call('plane_list_my_issues', { project: 'OPS' }, { requester: asPerson('bob') });
      expect(bob).toContain('OPS-1');
      expect(bob).toContain('OPS-2');
      expect(bob).not.toContain('OPS-3');
      expect(await call('plane_list_my_issues', {})).not.toMatch(/ACME-\d/);
    });

    it('plane_search_issues finds by words of the title', async () => {
      const text = await call('plane_search_issues', { project: 'ACME', query: 'SSO' });
      expect(text).toContain('ACME-1');
      expect(text).toContain('ACME-12');
      expect(text).not.toContain('ACME-3:');
    });

    it('plane_get_issue shows state, people, dates and the description', async () => {
      const text = await call('plane_get_issue', { key: 'ACME-3' });
      expect(text).toContain('ACME-3: Dark mode');
      expect(text).toContain('State: In Progress (started)');
      expect(text).toContain('Priority: low');
      expect(text).toMatch(/Assignees: (alice, bob|bob, alice)/);
      expect(text).toContain('Start date: 2026-01-05');
      expect(text).toContain('Target date: 2026-01-30');
      expect(text).toMatch(/Add a dark theme\.[\s\S]*toggle[\s\S]*persist/);
    });

    it('plane_get_issue: an unknown key says so', async () => {
      expect(await fail('plane_get_issue', { key: 'ACME-999' })).toMatch(/ACME-999/);
    });

    it('plane_get_issue: a project the key’s user is not in is refused', async () => {
      expect(await fail('plane_get_issue', { key: 'OPS-1' }, { key: 'alice' })).toMatch(/403|permission|not allowed/i);
    });

    it('plane_get_issue_images saves the description image and the attachment', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'contract-images-'));
      onTestFinished(() => rm(dir, { recursive: true, force: true }));
      const text = await call('plane_get_issue_images', { key: 'ACME-4' }, { filesDir: dir });
      expect(text).toMatch(/screenshot|\.png/);
    });

    it('plane_list_comments shows bob’s comment with its link', async () => {
      const text = await call('plane_list_comments', { key: 'ACME-1' });
      expect(text).toContain('bob');
      expect(text).toContain('staging');
      expect(text).toContain('https://example.com/runbooks/sso');
    });

    it('plane_add_comment adds a comment that plane_list_comments then shows', async () => {
      await call('plane_add_comment', { key: 'ACME-6', text: 'Looking into <this> & that' });
      const text = await call('plane_list_comments', { key: 'ACME-6' });
      expect(text).toContain('Looking into');
      const comments = (
        await raw('GET', `${ws()}/projects/${(await itemOf('ACME-6')).project}/work-items/${(await itemOf('ACME-6')).id}/comments/`)
      ).json;
      // Unlike a description, a comment's HTML is stored as sent.
      expect(comments.results[0].comment_html).toBe('<p>Looking into &#60;this&#62; &#38; that</p>');
    });

    it('plane_create_issue writes every field by name and reads it back', async () => {
      const text = await call('plane_create_issue', {
        project: 'ACME',
        title: 'Checkout fails',
        description: 'Steps:\nopen <cart> & “pay”',
        state: 'In Review',
        priority: 'urgent',
        assignees: ['dana', 'bob@acme.test'],
        labels: ['bug', 'blocked'],
        start_date: '2026-04-01',
        target_date: '2026-04-30',
      });
      expect(text).toMatch(/^Created ACME-14\./);
      expect(text).toContain('State: In Review (started)\nPriority: urgent');
      expect(text).toContain('Labels: bug, blocked');
      expect(text).toContain('Description:\nSteps:\nopen <cart> & “pay”');
      const item = await itemOf('ACME-14');
      // Plane keeps one root element: several paragraphs come back wrapped, entities as characters.
      expect(item.description_html).toBe('<div><p>Steps:</p><p>open &lt;cart&gt; &amp; “pay”</p></div>');
      expect(item.type).toBeNull();
      expect(await call('plane_get_issue', { key: 'ACME-14' })).toContain('Description:\nSteps:\nopen <cart> & “pay”');
    });

    it('plane_create_issue: a guest cannot be assigned', async () => {
      expect(await fail('plane_create_issue', { project: 'ACME', title: 'x', assignees: ['carol'] })).toMatch(/carol/);
      expect((await raw('GET', `${ws()}/work-items/ACME-14/`)).status).toBe(404);
    });

    it('plane_create_issue: an unknown project names the known ones', async () => {
      const error = await fail('plane_create_issue', { project: 'NOPE', title: 'x' });
      expect(error).toMatch(/NOPE/);
      expect(error).toMatch(/ACME/);
    });

    it('plane_create_issue: a bad priority is refused before Plane, and Plane refuses it too', async () => {
      expect(await fail('plane_create_issue', { project: 'ACME', title: 'x', priority: 'p0' })).toMatch(/priority/);
      const answer = await raw('POST', `${ws()}/projects/${(await itemOf('ACME-1')).project}/work-items/`, {
        body: { name: 'x', priority: 'p0' },
      });
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({ priority: ['"p0" is not a valid choice.'] });
    });

    it('plane_create_issue: a user outside the project (wrong project) is refused', async () => {
      expect(await fail('plane_create_issue', { project: 'OPS', title: 'x', assignees: ['alice'] })).toMatch(/alice/);
    });

    it('plane_update_issue changes state, priority, assignees and labels', async () => {
      await call('plane_update_issue', { key: 'ACME-6', state: 'Done', priority: 'low', assignees: ['dana'], labels: ['docs'] });
      const text = await call('plane_get_issue', { key: 'ACME-6' });
      expect(text).toContain('State: Done (completed)\nPriority: low\nAssignees: dana\nLabels: docs');
    });

    it('plane_update_issue: an unknown state names the project’s states', async () => {
      const error = await fail('plane_update_issue', { key: 'ACME-6', state: 'Nowhere' });
      expect(error).toMatch(/Nowhere/);
      expect(error).toMatch(/In Review/);
    });

    it('plane_list_states, plane_list_labels and plane_list_members list the project’s', async () => {
      const states = await call('plane_list_states', { project: 'ACME' });
      for (const name of ['Backlog', 'Todo', 'In Progress', 'In Review', 'Done', 'Cancelled']) expect(states).toContain(name);
      const labels = await call('plane_list_labels', { project: 'ACME' });
      for (const name of ['bug', 'feature', 'docs', 'blocked']) expect(labels).toContain(name);
      const members = await call('plane_list_members', { project: 'OPS' });
      expect(members).toContain('bob');
      expect(members).not.toContain('alice');
    });
  });

  describe('the answers the kit relies on', () => {
    it('the instance says its release without a "v"', async () => {
      const answer = await raw('GET', '/api/instances/', { key: null });
      expect(answer.json.instance).toMatchObject({ current_version: '1.3.1', edition: 'PLANE_COMMUNITY' });
    });

    it('a work item, a project, a state, a label, a comment and a member have Plane’s fields', async () => {
      const item = await itemOf('ACME-1');
      expect(Object.keys(item).sort()).toEqual(WORK_ITEM_FIELDS);
      expect(item).toMatchObject({ type: null, type_id: null, sequence_id: 1, priority: 'urgent' });
      const project = (await raw('GET', `${ws()}/projects/${item.project}/`)).json;
      expect(Object.keys(project).sort()).toEqual(PROJECT_FIELDS);
      expect(project.logo_props).toMatchObject({ in_use: 'icon', icon: { name: expect.any(String), color: expect.any(String) } });
      const state = (await raw('GET', `${ws()}/projects/${item.project}/states/`)).json.results[0];
      expect(Object.keys(state).sort()).toEqual(STATE_FIELDS);
      const label = (await raw('GET', `${ws()}/projects/${item.project}/labels/`)).json.results[0];
      expect(Object.keys(label).sort()).toEqual(LABEL_FIELDS);
      const comment = (await raw('GET', `${ws()}/projects/${item.project}/work-items/${item.id}/comments/`)).json.results[0];
      expect(Object.keys(comment).sort()).toEqual(COMMENT_FIELDS);
      const member = (await raw('GET', `${ws()}/members/`)).json[0];
      expect(Object.keys(member).sort()).toEqual(MEMBER_FIELDS);
    });

    it('a description is stored as Plane normalises it', async () => {
      const project = (await itemOf('ACME-1')).project;
      const cases: [string, string][] = [
        ['<p>one</p>', '<p>one</p>'],
        ['<p>x</p><p>y</p>', '<div><p>x</p><p>y</p></div>'],
        ['<p>&#60;b&#62; &#38; &#34;q&#34; &#39;s&#39;</p>', '<p>&lt;b&gt; &amp; "q" \'s\'</p>'],
        ['<p>a</p><script>alert(1)</script>', '<div><p>a</p></div>'],
        ['<p><a href="https://x.test/?a=1&b=2">l</a></p>', '<p><a href="https://x.test/?a=1&amp;b=2" rel="noopener noreferrer">l</a></p>'],
      ];
      for (const [sent, stored] of cases) {
        const answer = await raw('POST', `${ws()}/projects/${project}/work-items/`, { body: { name: 'html', description_html: sent } });
        expect(answer.json.description_html, sent).toBe(stored);
      }
    });

    it('errors: unknown key, no key, a bad key, another project, an unrouted method', async () => {
      expect(await raw('GET', `${ws()}/work-items/ACME-999/`)).toMatchObject({
        status: 404,
        json: { error: 'The requested resource does not exist.' },
      });
      expect(await raw('GET', `${ws()}/work-items/ACME-1/`, { key: null })).toMatchObject({
        status: 401,
        json: { detail: 'Authentication credentials were not provided.' },
      });
      const forbidden = await raw('GET', `${ws()}/work-items/OPS-1/`, { key: 'alice' });
      expect(forbidden).toMatchObject({ status: 403, json: { detail: 'You do not have permission to perform this action.' } });
      expect(forbidden.headers['x-ratelimit-remaining']).toBeUndefined();
      const item = await itemOf('ACME-1');
      const put = await raw('PUT', `${ws()}/projects/${item.project}/work-items/${item.id}/`, { body: {} });
      expect(put).toMatchObject({ status: 405, json: { detail: 'Method "PUT" not allowed.' } });
    });

    it('answers carry Allow and the rate-limit headers (the reset a window ahead)', async () => {
      const item = await itemOf('ACME-1');
      const list = await raw('GET', `${ws()}/projects/${item.project}/work-items/?per_page=1`);
      expect(list.headers.allow).toBe('GET, POST');
      expect(Number(list.headers['x-ratelimit-remaining'])).toBeGreaterThan(0);
      const reset = Number(list.headers['x-ratelimit-reset']) - Date.now() / 1000;
      expect(reset).toBeGreaterThan(55);
      expect(reset).toBeLessThan(65);
      expect(list.headers['x-ratelimit-limit']).toBeUndefined();
      expect((await raw('GET', `${ws()}/work-items/ACME-1/`)).headers.allow).toBe('GET');
      expect((await raw('GET', '/api/v1/users/me/')).headers.allow).toBe('GET');
    });

    it('pagination: the envelope, the cursor, and the kit reading every page', async () => {
      const project = (await itemOf('ACME-1')).project;
      const first = (await raw('GET', `${ws()}/projects/${project}/work-items/?per_page=5`)).json;
      expect(first).toMatchObject({
        total_count: 12,
        count: 5,
        next_cursor: '5:1:0',
        prev_cursor: '5:-1:1',
        next_page_results: true,
        prev_page_results: false,
        total_pages: 3,
      });
      const last = (await raw('GET', `${ws()}/projects/${project}/work-items/?per_page=5&cursor=5:2:0`)).json;
      expect(last).toMatchObject({ count: 2, next_page_results: false, prev_page_results: true });
      expect((await raw('GET', `${ws()}/projects/${project}/work-items/?per_page=1001`)).status).toBe(400);
      const kit = kitFor();
      const api = kit.api();
      (api as unknown as { http: { pageSize: number } }).http.pageSize = 5;
      const acme = (await api.projects('acme')).find((p) => p.identifier === 'ACME')!;
      expect((await api.workItems('acme', acme)).map((i) => i.sequence_id).sort((a, b) => a - b)).toEqual([
        1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
      ]);
    });

    it('a duplicate link URL is refused, and the kit answers with the link already there', async () => {
      const item = await itemOf('ACME-2');
      const path = `${ws()}/projects/${item.project}/work-items/${item.id}/links/`;
      const created = await raw('POST', path, { body: { url: 'https://example.com/spec', title: 'Spec' } });
      expect(created.status).toBe(201);
      expect(await raw('POST', path, { body: { url: 'https://example.com/spec', title: 'Again' } })).toMatchObject({
        status: 400,
        json: { error: 'URL already exists for this Issue' },
      });
      const link = await kitFor()
        .api()
        .addLink('acme', { id: item.id, projectId: item.project, key: 'ACME-2' }, 'https://example.com/spec', 'Third');
      expect(link).toMatchObject({ id: created.json.id, title: 'Spec' });
    });

    it('an attachment is created with its upload form and the attachment row', async () => {
      const item = await itemOf('ACME-2');
      const answer = await raw('POST', `${ws()}/projects/${item.project}/work-items/${item.id}/attachments/`, {
        body: { name: 'a.txt', type: 'text/plain', size: 5 },
      });
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.json).sort()).toEqual(['asset_id', 'asset_url', 'attachment', 'upload_data']);
      expect(Object.keys(answer.json.upload_data).sort()).toEqual(['fields', 'url']);
      expect(answer.json.upload_data.fields).toMatchObject({ 'Content-Type': 'text/plain', key: expect.stringMatching(/-a\.txt$/) });
      expect(answer.json.attachment).toMatchObject({
        id: answer.json.asset_id,
        attributes: { name: 'a.txt', type: 'text/plain', size: 5 },
        is_uploaded: false,
        entity_type: 'ISSUE_ATTACHMENT',
        issue: item.id,
        size: 5,
      });
      expect(answer.json.asset_url).toBe(
        `/api/assets/v2/workspaces/acme/projects/${item.project}/issues/${item.id}/attachments/${answer.json.asset_id}/`,
      );
    });
  });

  describe('rate limits', () => {
    const THROTTLED = { error_code: 5900, error_message: 'RATE_LIMIT_EXCEEDED' };
    // The counters outlive the test otherwise, and the next file's first probe would wait a minute.
    const resetAfter = () => onTestFinished(() => t().reset());

    // Plane's default throttle (DRF's AnonRateThrottle, 30 a minute per address) on the instance
    // probe: a real 429 whatever the API-key rate the fixture runs at, so CI sees one every run.
    it('the unauthenticated instance probe: 30 a minute per address, then the 429 (Retry-After, error 5900, no X-RateLimit-*)', async () => {
      resetAfter();
      for (let i = 0; i < 30; i += 1) {
        const probe = await raw('GET', '/api/instances/', { key: null });
        expect(probe.status, `probe ${i + 1}`).toBe(200);
        expect(probe.headers['x-ratelimit-remaining']).toBeUndefined();
      }
      const throttled = await raw('GET', '/api/instances/', { key: null });
      expect(throttled).toMatchObject({ status: 429, json: THROTTLED });
      const retryAfter = Number(throttled.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(throttled.headers['x-ratelimit-remaining']).toBeUndefined();
      expect(throttled.headers.allow).toBe('GET, PATCH, HEAD, OPTIONS');
      // A throttled request is not counted: the wait does not grow.
      const again = await raw('GET', '/api/instances/', { key: null });
      expect(again.status).toBe(429);
      expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(retryAfter);
      // The API key's budget is another.
      expect((await raw('GET', '/api/v1/users/me/')).status).toBe(200);
    });

    // Plane's API-key throttle at its own 60 a minute: the emulator restarts at that rate; the real
    // Plane runs at the rate its up.sh was given, raised in CI, so there the case runs only when
    // started with PLANE_CE_API_RATE_LIMIT=60/minute (or any rate of at most 120 a window).
    it('the API key’s 429: Remaining counts down to 0, Reset is a window ahead, then 429 with Retry-After; the kit, bounded, says when to try again', async ({
      skip,
    }) => {
      await t().reset({ apiRate: { requests: 60, windowMs: 60_000 } });
      resetAfter();
      const rate = t().apiRate();
      if (rate.requests > 120)
        skip(`the ${t().name} allows ${rate.requests} requests a window; start it with PLANE_CE_API_RATE_LIMIT=60/minute to run this case`);
      const remaining: number[] = [];
      // One after the other: Plane's throttle (a read-modify-write of a list in its cache) loses concurrent requests.
      for (let i = 0; i < rate.requests; i += 1) {
        const answer = await raw('GET', '/api/v1/users/me/', { key: 'dana' });
        expect(answer.status, `request ${i + 1}`).toBe(200);
        remaining.push(Number(answer.headers['x-ratelimit-remaining']));
        // Reset is reckoned when the request came, Date when the answer left: a second apart at most.
        const window = Number(answer.headers['x-ratelimit-reset']) * 1000 - Date.parse(String(answer.headers.date));
        expect([rate.windowMs - 1000, rate.windowMs]).toContain(window);
      }
      expect(remaining).toEqual(Array.from({ length: rate.requests }, (_, i) => rate.requests - 1 - i));
      const throttled = await raw('GET', '/api/v1/users/me/', { key: 'dana' });
      expect(throttled).toMatchObject({ status: 429, json: THROTTLED });
      const retryAfter = Number(throttled.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(rate.windowMs / 1000);
      expect(throttled.headers['x-ratelimit-remaining']).toBeUndefined();
      expect(throttled.headers['x-ratelimit-reset']).toBeUndefined();
      // Another key has its own budget.
      expect((await raw('GET', '/api/v1/users/me/', { key: 'bob' })).status).toBe(200);
      const spent = withPlaneWaitPolicy({ deadline: Date.now() + 1_000 }, () => kitFor('dana').api().me({ fresh: true }));
      await expect(spent).rejects.toThrow(/rate limit for this API key is spent; try again in \d+ s/);
    });
  });

  describe('webhooks', () => {
    let hooks: Receiver;
    beforeAll(() => {
      // The receiver lives for the file; each test points the (reset) webhook at it again.
    });
    beforeEach(async () => {
      if (!target()) return;
      hooks = await receiver();
      await t().pointWebhook(hooks.url);
    });

    it('an API change sends one signed delivery per field, with the API’s names and Plane’s data', async () => {
      const item = await itemOf('ACME-6');
      const states = (await raw('GET', `${ws()}/projects/${item.project}/states/`)).json.results as { id: string; name: string }[];
      const done = states.find((s) => s.name === 'Done')!;
      await raw('PATCH', `${ws()}/projects/${item.project}/work-items/${item.id}/`, {
        body: { state: done.id, priority: 'low', name: item.name },
      });
      const deliveries = await hooks.waitFor(2);
      expect(deliveries.map((d) => d.payload.activity.field).sort()).toEqual(['priority', 'state']);
      for (const { headers, body, payload } of deliveries) {
        expect(headers['x-plane-signature']).toBe(createHmac('sha256', t().webhookSecret).update(body).digest('hex'));
        expect(headers['x-plane-event']).toBe('issue');
        expect(headers['user-agent']).toBe('Autopilot');
        expect(body).toMatch(/^\{"event": "issue", "action": "updated", /);
        expect(body).toMatch(/"sort_order": \d+\.\d+/);
        expect(payload.data).toMatchObject({
          description: {},
          description_json: {},
          type: null,
          state: { id: done.id, name: 'Done', group: 'completed' },
          priority: 'low',
        });
        expect(Object.keys(payload.data).sort()).toEqual(WEBHOOK_ITEM_FIELDS);
        expect(payload.activity.actor).toMatchObject({ display_name: 'planebot' });
      }
      const state = deliveries.find((d) => d.payload.activity.field === 'state')!;
      expect(state.payload.activity).toMatchObject({ new_value: done.id, old_value: item.state });
    });

    it('a web-app change sends the web app’s names', async () => {
      const item = await itemOf('ACME-6');
      const states = (await raw('GET', `${ws()}/projects/${item.project}/states/`)).json.results as { id: string; name: string }[];
      const done = states.find((s) => s.name === 'Done')!;
      await t().webEdit('dana', 'ACME-6', { state_id: done.id, priority: 'low' });
      const deliveries = await hooks.waitFor(2);
      expect(deliveries.map((d) => d.payload.activity.field).sort()).toEqual(['priority', 'state_id']);
      expect(deliveries[0]!.payload.activity.actor).toMatchObject({ display_name: 'dana' });
    });

    it('a burst is sent by Celery’s workers: no more deliveries on their way at once than it has processes', async () => {
      const slow = await receiver(300);
      await t().pointWebhook(slow.url);
      const items = await Promise.all(['ACME-1', 'ACME-2', 'ACME-3', 'ACME-4', 'ACME-5', 'ACME-6'].map(itemOf));
      for (const item of items) {
        await raw('PATCH', `${ws()}/projects/${item.project}/work-items/${item.id}/`, {
          body: { priority: item.priority === 'low' ? 'medium' : 'low' },
        });
      }
      const deliveries = await slow.waitFor(items.length);
      expect(deliveries).toHaveLength(items.length);
      expect(slow.mostAtOnce()).toBeGreaterThanOrEqual(1);
      expect(slow.mostAtOnce()).toBeLessThanOrEqual(CELERY_WORKERS);
    });

    it('a comment and a creation are delivered once each', async () => {
      await call('plane_add_comment', { key: 'ACME-1', text: 'hello' });
      await call('plane_create_issue', { project: 'ACME', title: 'new one', assignees: [] });
      const deliveries = await hooks.waitFor(2);
      expect(deliveries.map((d) => `${d.payload.event} ${d.payload.action}`).sort()).toEqual(['issue created', 'issue_comment created']);
      const comment = deliveries.find((d) => d.payload.event === 'issue_comment')!;
      expect(comment.payload.data.comment_html).toBe('<p>hello</p>');
      expect(comment.payload.activity).toMatchObject({ field: null, new_value: null, old_value: null });
    });
  });
}

interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
  payload: Record<string, any>;
}
interface Receiver {
  url: string;
  waitFor(n: number): Promise<Delivery[]>;
  /** The most deliveries that were ever on their way at once. */
  mostAtOnce(): number;
}

/**
 * A webhook target for one test: its deliveries, and a wait for so many of them (then a second for
 * extras). `answerAfterMs` holds each answer back, as a slow target would.
 */
async function receiver(answerAfterMs = 0): Promise<Receiver> {
  const received: Delivery[] = [];
  let inFlight = 0;
  let mostAtOnce = 0;
  const server = createServer((req, res) => {
    mostAtOnce = Math.max(mostAtOnce, ++inFlight);
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body, payload: JSON.parse(body) as Record<string, any> });
      setTimeout(() => {
        inFlight--;
        res.writeHead(200).end();
      }, answerAfterMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/plane/webhooks`,
    async waitFor(n) {
      await expect.poll(() => received.length, { timeout: 15_000, interval: 100 }).toBeGreaterThanOrEqual(n);
      // Extra deliveries (one per field too many) would show in the next second.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      return [...received];
    },
    mostAtOnce: () => mostAtOnce,
  };
}

// The fields of Plane CE v1.3.1's answers, sorted (as the real Plane answered them).
const WORK_ITEM_FIELDS = [
  'archived_at',
  'assignees',
  'completed_at',
  'created_at',
  'created_by',
  'deleted_at',
  'description_binary',
  'description_html',
  'estimate_point',
  'external_id',
  'external_source',
  'id',
  'is_draft',
  'labels',
  'name',
  'parent',
  'point',
  'priority',
  'project',
  'sequence_id',
  'sort_order',
  'start_date',
  'state',
  'target_date',
  'type',
  'type_id',
  'updated_at',
  'updated_by',
  'workspace',
];
const PROJECT_FIELDS = [
  'archive_in',
  'archived_at',
  'close_in',
  'cover_image',
  'cover_image_asset',
  'cover_image_url',
  'created_at',
  'created_by',
  'cycle_view',
  'default_assignee',
  'default_state',
  'deleted_at',
  'description',
  'description_html',
  'description_text',
  'emoji',
  'estimate',
  'external_id',
  'external_source',
  'guest_view_all_features',
  'icon_prop',
  'id',
  'identifier',
  'intake_view',
  'is_deployed',
  'is_issue_type_enabled',
  'is_member',
  'is_time_tracking_enabled',
  'issue_views_view',
  'logo_props',
  'member_role',
  'module_view',
  'name',
  'network',
  'page_view',
  'project_lead',
  'timezone',
  'total_cycles',
  'total_members',
  'total_modules',
  'updated_at',
  'updated_by',
  'workspace',
];
const STATE_FIELDS = [
  'color',
  'created_at',
  'created_by',
  'default',
  'deleted_at',
  'description',
  'external_id',
  'external_source',
  'group',
  'id',
  'is_triage',
  'name',
  'project',
  'sequence',
  'slug',
  'updated_at',
  'updated_by',
  'workspace',
];
const LABEL_FIELDS = [
  'color',
  'created_at',
  'created_by',
  'deleted_at',
  'description',
  'external_id',
  'external_source',
  'id',
  'name',
  'parent',
  'project',
  'sort_order',
  'updated_at',
  'updated_by',
  'workspace',
];
const COMMENT_FIELDS = [
  'access',
  'actor',
  'attachments',
  'comment_html',
  'created_at',
  'created_by',
  'deleted_at',
  'description',
  'edited_at',
  'external_id',
  'external_source',
  'id',
  'is_member',
  'issue',
  'parent',
  'project',
  'updated_at',
  'updated_by',
  'workspace',
];
const MEMBER_FIELDS = ['avatar', 'avatar_url', 'display_name', 'email', 'first_name', 'id', 'last_name', 'role'];
const WEBHOOK_ITEM_FIELDS = [
  'archived_at',
  'assignees',
  'completed_at',
  'created_at',
  'created_by',
  'deleted_at',
  'description',
  'description_binary',
  'description_html',
  'description_json',
  'description_stripped',
  'estimate_point',
  'external_id',
  'external_source',
  'id',
  'is_draft',
  'labels',
  'name',
  'parent',
  'point',
  'priority',
  'project',
  'sequence_id',
  'sort_order',
  'start_date',
  'state',
  'target_date',
  'type',
  'updated_at',
  'updated_by',
  'workspace',
];
