import { afterEach, describe, expect, it } from 'vitest';
import { imageComponent } from '../../../src/emulators/plane/index.js';
import { KEY, type Seeded, fakeClock, startSeeded } from './setup.js';

let seeded: Seeded;
afterEach(() => seeded.plane.close());

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

describe('work-item attachments', () => {
  it('lists uploaded attachments as a plain array of FileAsset rows without asset_url', async () => {
    seeded = await startSeeded();
    const { db } = seeded.plane;
    const item = db.addWorkItem('ACME', { name: 'With files' });
    const shot = db.addAttachment(item.id, { name: 'shot.png', type: 'image/png', bytes: PNG });
    db.addAttachment(item.id, { name: 'pending.pdf', type: 'application/pdf', bytes: 'x', uploaded: false });
    const list = await seeded.json<Array<Record<string, unknown>>>(`${seeded.projectPath}/work-items/${item.id}/attachments/`);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: shot.id,
      attributes: { name: 'shot.png', type: 'image/png', size: PNG.length },
      asset: shot.asset,
      entity_type: 'ISSUE_ATTACHMENT',
      is_uploaded: true,
      issue: item.id,
    });
    expect(list[0]).not.toHaveProperty('asset_url');
    expect(String(list[0]?.asset)).toMatch(/^[0-9a-f-]{36}\/[0-9a-f]{32}-shot\.png$/);
  });

  it('downloads through a 302 to a presigned URL that works only without the API key', async () => {
    seeded = await startSeeded();
    const item = seeded.plane.db.addWorkItem('ACME', { name: 'With files' });
    const shot = seeded.plane.db.addAttachment(item.id, { name: 'shot.png', type: 'image/png', bytes: PNG });
    const detail = await seeded.api(`${seeded.projectPath}/work-items/${item.id}/attachments/${shot.id}/`);
    expect(detail.status).toBe(302);
    expect(detail.headers.get('x-ratelimit-remaining')).not.toBeNull();
    const location = detail.headers.get('location') ?? '';
    expect(location.startsWith(`${seeded.plane.url}/uploads/`)).toBe(true);
    expect(new URL(location).searchParams.get('response-content-disposition')).toBe("attachment; filename*=UTF-8''shot.png");

    const withKey = await fetch(location, { headers: { 'X-Api-Key': KEY } });
    expect(withKey.status).toBe(403);
    expect(await withKey.text()).toContain('<Code>AccessDenied</Code>');
    const withBearer = await fetch(location, { headers: { Authorization: 'Bearer x' } });
    expect(withBearer.status).toBe(400);

    const clean = await fetch(location);
    expect(clean.status).toBe(200);
    expect(clean.headers.get('content-type')).toBe('image/png');
    expect(clean.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''shot.png");
    expect(Buffer.from(await clean.arrayBuffer())).toEqual(PNG);
  });

  it("lets fetch's default redirect handling leak the key, and the storage refuses it", async () => {
    seeded = await startSeeded();
    const item = seeded.plane.db.addWorkItem('ACME', { name: 'With files' });
    const shot = seeded.plane.db.addAttachment(item.id, { name: 'shot.png', type: 'image/png', bytes: PNG });
    const followed = await fetch(`${seeded.plane.url}${seeded.projectPath}/work-items/${item.id}/attachments/${shot.id}/`, {
      headers: { 'X-Api-Key': KEY },
    });
    expect(followed.status).toBe(403);
    expect(seeded.plane.requests.map((r) => r.status)).toEqual([302, 403]);
  });

  it('expires signed URLs after an hour and refuses a tampered signature', async () => {
    const clock = fakeClock();
    seeded = await startSeeded({ now: clock.now });
    const item = seeded.plane.db.addWorkItem('ACME', { name: 'With files' });
    const shot = seeded.plane.db.addAttachment(item.id, { name: 'shot.png', type: 'image/png', bytes: PNG });
    const location =
      (await seeded.api(`${seeded.projectPath}/work-items/${item.id}/attachments/${shot.id}/`)).headers.get('location') ?? '';
    const tampered = new URL(location);
    tampered.searchParams.set('response-content-disposition', 'inline');
    expect((await fetch(tampered)).status).toBe(403);
    clock.advance(3600_000);
    expect((await fetch(location)).status).toBe(200);
    clock.advance(1000);
    const expired = await fetch(location);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('Request has expired');
  });

  it("serves description images of the project through any work item's attachment route", async () => {
    seeded = await startSeeded();
    const { db } = seeded.plane;
    const image = db.addAsset('acme', { project: 'ACME', type: 'image/png', name: 'inline.png', bytes: PNG });
    const item = db.addWorkItem('ACME', { name: 'Pictured', description_html: `<p>See</p>${imageComponent(image.id)}` });
    const other = db.addWorkItem('ACME', { name: 'Unrelated' });
    const body = await seeded.json<{ description_html: string }>(`${seeded.projectPath}/work-items/${item.id}/`);
    expect(body.description_html).toContain(`<image-component src="${image.id}"`);
    const detail = await seeded.api(`${seeded.projectPath}/work-items/${other.id}/attachments/${image.id}/`);
    expect(detail.status).toBe(302);
    const download = await fetch(detail.headers.get('location') ?? '');
    expect(Buffer.from(await download.arrayBuffer())).toEqual(PNG);
    // Not listed: the list only shows ISSUE_ATTACHMENT rows of that work item.
    expect(await seeded.json(`${seeded.projectPath}/work-items/${item.id}/attachments/`)).toEqual([]);
  });

  it('answers 400 for an unconfirmed upload and 404 for an unknown asset; issue-attachments on /issues/', async () => {
    seeded = await startSeeded();
    const item = seeded.plane.db.addWorkItem('ACME', { name: 'With files' });
    const pending = seeded.plane.db.addAttachment(item.id, { name: 'p.pdf', bytes: 'x', uploaded: false });
    const notUploaded = await seeded.api(`${seeded.projectPath}/issues/${item.id}/issue-attachments/${pending.id}/`);
    expect(notUploaded.status).toBe(400);
    expect(await notUploaded.json()).toEqual({ error: 'The asset is not uploaded.', status: false });
    const unknown = await seeded.api(`${seeded.projectPath}/issues/${item.id}/issue-attachments/00000000-0000-4000-8000-000000000000/`);
    expect(unknown.status).toBe(404);
    expect((await seeded.api(`${seeded.projectPath}/work-items/${item.id}/issue-attachments/`)).status).toBe(404);
  });
});

describe('workspace assets', () => {
  it('answers 500 on Community Edition for an uploaded asset, after the 404 and 400 checks', async () => {
    seeded = await startSeeded();
    const { db } = seeded.plane;
    const asset = db.addAsset('acme', { project: 'ACME', type: 'image/png', bytes: PNG });
    const pending = db.addAsset('acme', { type: 'image/png', bytes: PNG, uploaded: false });
    const broken = await seeded.api(`/api/v1/workspaces/acme/assets/${asset.id}/`);
    expect(broken.status).toBe(500);
    expect(await broken.json()).toEqual({ error: 'Internal server error' });
    const notYet = await seeded.api(`/api/v1/workspaces/acme/assets/${pending.id}/`);
    expect(notYet.status).toBe(400);
    expect(await notYet.json()).toEqual({ error: 'Asset not yet uploaded' });
    const missing = await seeded.api('/api/v1/workspaces/acme/assets/00000000-0000-4000-8000-000000000000/');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Asset not found' });
  });

  it('answers the documented JSON with an inline presigned URL on Cloud', async () => {
    seeded = await startSeeded({ edition: 'cloud' });
    const asset = seeded.plane.db.addAsset('acme', { type: 'image/png', name: 'logo.png', bytes: PNG });
    const body = await seeded.json<Record<string, string>>(`/api/v1/workspaces/acme/assets/${asset.id}/`);
    expect(body).toMatchObject({ asset_id: asset.id, asset_name: 'logo.png', asset_type: 'image/png' });
    expect(new URL(body.asset_url ?? '').searchParams.get('response-content-disposition')).toMatch(/^inline;/);
    expect(Buffer.from(await (await fetch(body.asset_url ?? '')).arrayBuffer())).toEqual(PNG);
  });
});
