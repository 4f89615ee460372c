import { afterEach, describe, expect, it } from 'vitest';
import { KEY, type Seeded, startSeeded } from './setup.js';

let seeded: Seeded;
afterEach(() => seeded.plane.close());

const pageNotFound = { error: 'Page not found.' };

describe('version and edition detection', () => {
  it('reports the release and the edition on /api/instances/ without a key, outside the limiter', async () => {
    seeded = await startSeeded({ instanceVersion: '1.4.2' });
    const response = await fetch(`${seeded.plane.url}/api/instances/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-remaining')).toBeNull();
    const body = (await response.json()) as { config: object; instance: { current_version: string; edition: string } };
    expect(body.instance).toMatchObject({ current_version: '1.4.2', edition: 'PLANE_COMMUNITY' });
    expect(body.config).toBeTypeOf('object');
  });

  it('has no /api/v2/ on Community Edition', async () => {
    seeded = await startSeeded();
    const response = await seeded.api('/api/v2/users/me/');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(pageNotFound);
  });

  it('serves the v2 probe on Cloud, 401 problem+json without a valid key, and no /api/instances/', async () => {
    seeded = await startSeeded({ edition: 'cloud' });
    expect(await seeded.json('/api/v2/users/me/')).toMatchObject({ id: seeded.bot.id, email: 'bot@acme.io' });
    for (const headers of [{}, { 'X-Api-Key': 'plane_api_wrong' }] as Array<Record<string, string>>) {
      const response = await fetch(`${seeded.plane.url}/api/v2/users/me/`, { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      expect(await response.json()).toMatchObject({ code: 'authentication_failed' });
    }
    expect((await seeded.api('/api/instances/')).status).toBe(404);
    expect(await seeded.json('/api/v1/users/me/')).toMatchObject({ id: seeded.bot.id });
  });

  it('mimics CE before v1.1 with issues-only paths', async () => {
    seeded = await startSeeded({ pathStyle: 'issues-only' });
    const item = seeded.plane.db.addWorkItem('ACME', { name: 'Old paths' });
    expect((await seeded.json<{ id: string }>(`${seeded.projectPath}/issues/${item.id}/`)).id).toBe(item.id);
    expect((await seeded.json<{ id: string }>('/api/v1/workspaces/acme/issues/ACME-1/')).id).toBe(item.id);
    for (const path of [
      `${seeded.projectPath}/work-items/${item.id}/`,
      '/api/v1/workspaces/acme/work-items/ACME-1/',
      '/api/v1/workspaces/acme/work-items/search/',
    ]) {
      const response = await seeded.api(path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual(pageNotFound);
    }
    // Unrouted 404s come before authentication.
    expect((await fetch(`${seeded.plane.url}${seeded.projectPath}/work-items/`)).status).toBe(404);
  });

  it('derives the path family and the routes from instanceVersion', async () => {
    seeded = await startSeeded({ instanceVersion: '1.0.0' });
    expect((await seeded.api(`${seeded.projectPath}/work-items/`)).status).toBe(404);
    expect((await seeded.api(`${seeded.projectPath}/issues/`)).status).toBe(200);
    expect((await seeded.api(`${seeded.projectPath}/project-members/`)).status).toBe(404);
    expect((await seeded.json<{ instance: { current_version: string } }>('/api/instances/')).instance.current_version).toBe('1.0.0');
    await seeded.plane.close();

    seeded = await startSeeded({ instanceVersion: 'v0.27.0' });
    for (const path of ['/api/v1/users/me/', '/api/v1/workspaces/acme/members/', '/api/v1/workspaces/acme/issues/search/?search=a']) {
      expect((await seeded.api(path)).status, path).toBe(404);
    }
    expect((await seeded.api('/api/v1/workspaces/acme/projects/', { headers: { 'X-Api-Key': KEY } })).status).toBe(200);
  });
});
