import { afterEach, describe, expect, it } from 'vitest';
import { KEY, type Seeded, jsonBody, startSeeded } from './setup.js';

let seeded: Seeded;
afterEach(() => seeded.plane.close());

describe('missing trailing slash', () => {
  it('answers GET with 301 to the slashed path, query kept, before authentication', async () => {
    seeded = await startSeeded();
    const response = await fetch(`${seeded.plane.url}/api/v1/users/me?fields=id`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/api/v1/users/me/?fields=id');
    expect(await response.text()).toBe('');
    expect(response.headers.get('x-ratelimit-remaining')).toBeNull();
  });

  it('answers POST and PATCH with 301 too, and changes nothing', async () => {
    seeded = await startSeeded();
    const item = seeded.plane.db.addWorkItem('ACME', { name: 'Before' });
    const post = await seeded.api(`${seeded.projectPath}/work-items`, jsonBody({ name: 'Lost' }));
    expect(post.status).toBe(301);
    expect(post.headers.get('location')).toBe(`${seeded.projectPath}/work-items/`);
    const patch = await seeded.api(`${seeded.projectPath}/work-items/${item.id}`, jsonBody({ name: 'After' }, 'PATCH'));
    expect(patch.status).toBe(301);
    expect(seeded.plane.db.workItems.size).toBe(1);
    expect(item.name).toBe('Before');
  });

  it('does not spend the rate-limit budget', async () => {
    seeded = await startSeeded({ rateLimit: { requests: 60 } });
    for (let i = 0; i < 3; i += 1) expect((await seeded.api('/api/v1/users/me')).status).toBe(301);
    const response = await seeded.api('/api/v1/users/me/');
    expect(response.headers.get('x-ratelimit-remaining')).toBe('59');
  });

  it('answers 404 "Page not found." when the slashed path would not match either', async () => {
    seeded = await startSeeded();
    for (const path of ['/api/v1/nothing', '/api/v1/workspaces/acme/projects/not-a-uuid', '/api/v1/workspaces/acme/projects/not-a-uuid/']) {
      const response = await seeded.api(path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ error: 'Page not found.' });
    }
  });

  it('leads a redirect-following GET to the resource', async () => {
    seeded = await startSeeded();
    const response = await fetch(`${seeded.plane.url}/api/v1/users/me`, { headers: { 'X-Api-Key': KEY } });
    expect(response.status).toBe(200);
    expect(seeded.plane.requests.map((r) => [r.path, r.status])).toEqual([
      ['/api/v1/users/me', 301],
      ['/api/v1/users/me/', 200],
    ]);
  });
});

describe('request log', () => {
  it('records every request with method, path, query, headers, key, body, status and time', async () => {
    seeded = await startSeeded();
    await seeded.api(`${seeded.projectPath}/work-items/?per_page=5`);
    await seeded.api(`${seeded.projectPath}/work-items/`, jsonBody({ name: 'Recorded' }));
    await fetch(`${seeded.plane.url}/api/v1/users/me/`);
    await seeded.api('/api/v1/users/me/', { headers: { 'X-Api-Key': 'plane_api_bad' } });
    const log = seeded.plane.requests;
    expect(log.map((r) => [r.method, r.status])).toEqual([
      ['GET', 200],
      ['POST', 201],
      ['GET', 401],
      ['GET', 403],
    ]);
    expect(log[0]?.query).toEqual({ per_page: '5' });
    expect(log[0]?.apiKey).toBe(KEY);
    expect(log[0]?.headers['x-api-key']).toBe(KEY);
    expect(JSON.parse(log[1]?.body ?? '')).toEqual({ name: 'Recorded' });
    expect(log[2]?.apiKey).toBeUndefined();
    expect(log[3]?.apiKey).toBe('plane_api_bad');
    expect(typeof log[0]?.time).toBe('number');
    seeded.plane.resetRequests();
    expect(seeded.plane.requests).toHaveLength(0);
  });
});
