import { afterEach, describe, expect, it } from 'vitest';
import { KEY, type Seeded, jsonBody, startSeeded } from './setup.js';

let seeded: Seeded;
afterEach(() => seeded.plane.close());

describe('API-key authentication', () => {
  it("answers 401 with DRF's body when the header is missing or empty", async () => {
    seeded = await startSeeded();
    for (const headers of [{}, { 'X-Api-Key': '' }] as Array<Record<string, string>>) {
      const response = await fetch(`${seeded.plane.url}/api/v1/users/me/`, { headers });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
      expect(response.headers.get('x-ratelimit-remaining')).toBeNull();
    }
  });

  it('answers 403 (not 401) for an unknown, inactive or expired key', async () => {
    seeded = await startSeeded();
    const { db } = seeded.plane;
    db.addApiKey('plane_api_inactive', seeded.bot.id, { active: false });
    db.addApiKey('plane_api_expired', seeded.bot.id, { expiresAt: Date.now() - 1000 });
    for (const key of ['plane_api_wrong', 'plane_api_inactive', 'plane_api_expired']) {
      const response = await seeded.api('/api/v1/users/me/', { headers: { 'X-Api-Key': key } });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ detail: 'Given API token is not valid' });
      expect(response.headers.get('x-ratelimit-remaining')).toBeNull();
    }
  });

  it("acts as the key's owner, whatever the header's case", async () => {
    seeded = await startSeeded();
    const response = await fetch(`${seeded.plane.url}/api/v1/users/me/`, { headers: { 'x-api-key': KEY } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      id: seeded.bot.id,
      first_name: 'Slack',
      last_name: 'Bot',
      email: 'bot@acme.io',
      avatar: '',
      avatar_url: null,
      display_name: 'plane-bot',
    });
  });

  it('answers 403 "no permission" outside the owner\'s projects and for unknown ids', async () => {
    seeded = await startSeeded();
    const { db } = seeded.plane;
    const secret = db.addProject('acme', { identifier: 'HR', name: 'Hiring', network: 0, members: [seeded.dana.id] });
    const noPermission = { detail: 'You do not have permission to perform this action.' };
    for (const path of [
      `/api/v1/workspaces/acme/projects/${secret.id}/work-items/`,
      // Permission runs before lookup: an unknown project is a 403, not a 404.
      `/api/v1/workspaces/acme/projects/00000000-0000-4000-8000-000000000000/states/`,
      '/api/v1/workspaces/nowhere/projects/',
    ]) {
      const response = await seeded.api(path);
      expect(response.status, path).toBe(403);
      expect(await response.json()).toEqual(noPermission);
    }
  });

  it('lets a guest read and comment but not write work items', async () => {
    seeded = await startSeeded({ apiKeys: { plane_api_guest: 'guest@acme.io' } });
    const item = seeded.plane.db.addWorkItem('ACME', { name: 'Visible to guests' });
    const headers = { 'X-Api-Key': 'plane_api_guest' };
    expect((await seeded.api(`${seeded.projectPath}/work-items/${item.id}/`, { headers })).status).toBe(200);
    const create = await seeded.api(`${seeded.projectPath}/work-items/`, {
      ...jsonBody({ name: 'no' }),
      headers: { ...headers, 'Content-Type': 'application/json' },
    });
    expect(create.status).toBe(403);
    expect(await create.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    const comment = await seeded.api(`${seeded.projectPath}/work-items/${item.id}/comments/`, {
      ...jsonBody({ comment_html: '<p>hi</p>' }),
      headers: { ...headers, 'Content-Type': 'application/json' },
    });
    expect(comment.status).toBe(201);
  });

  it('refuses the workspace member list to guests', async () => {
    seeded = await startSeeded({ apiKeys: { plane_api_guest: 'guest@acme.io' } });
    const response = await seeded.api('/api/v1/workspaces/acme/members/', { headers: { 'X-Api-Key': 'plane_api_guest' } });
    expect(response.status).toBe(403);
    expect((await seeded.api('/api/v1/workspaces/acme/members/')).status).toBe(200);
  });
});
