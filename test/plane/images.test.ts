import type { LookupAddress } from 'node:dns';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { imageComponent } from '../../src/emulators/plane/index.js';
import { createImageSaver } from '../../src/plane/images.js';
import { closeTestbeds, startTestbed, type PlaneTestbed } from './setup.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]), Buffer.alloc(64)]);
const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n');

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
  await closeTestbeds();
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'plane-images-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

interface ImageHost {
  origin: string;
  port: number;
  /** Connections accepted: a refused image must never open one. */
  connections: number;
}

/** An "external" image host on loopback; a string answer is a 302 to it, a function answers itself. */
async function imageHost(
  files: Record<string, Buffer | string | ((res: ServerResponse) => void)>,
  address = '127.0.0.1',
): Promise<ImageHost> {
  const server: Server = createServer((req, res) => {
    const answer = files[req.url ?? ''];
    if (typeof answer === 'function') answer(res);
    else if (typeof answer === 'string') res.writeHead(302, { Location: answer }).end();
    else if (answer) res.writeHead(200).end(answer);
    else res.writeHead(404).end('no');
  });
  await new Promise<void>((resolve) => server.listen(0, address, resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  const port = (server.address() as AddressInfo).port;
  const host: ImageHost = { origin: `http://${address}:${port}`, port, connections: 0 };
  server.on('connection', () => (host.connections += 1));
  return host;
}

/** Part of the body, then the connection goes: the headers promised more. */
function cutShort(res: ServerResponse): void {
  res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': String(PNG.length * 4) });
  res.write(PNG, () => res.socket?.destroy());
}

/** External image hosts as the kit resolves them: no DNS, and nothing but loopback is ever connected to. */
const names: Record<string, string> = { 'images.test': '127.0.0.1', 'intranet.test': '10.0.0.1', 'metadata.test': '169.254.169.254' };
async function networkResolve(hostname: string): Promise<LookupAddress[]> {
  const address = names[hostname];
  if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return [{ address, family: 4 }];
}

/** As the MCP front end calls the tool: absolute folders, shown as they are (chat: test/faults/image-folders.test.ts). */
const overMcp = { context: { fileWrites: 'anywhere' as const } };

/** The loopback test servers stand for public hosts: the allow list opens 127.0.0.1 (not 127.0.0.2). */
const openToLoopback = { ...overMcp, kit: { networkAllow: ['127.0.0.1'], networkResolve } };

function describedItem(t: PlaneTestbed, parts: (id: string) => string[]) {
  const item = t.plane.db.addWorkItem('ACME', { name: 'with images' });
  item.description_html = parts(item.id).join('<p>text</p>');
  return item;
}

describe('plane_get_issue_images', () => {
  it('saves every image in order, through the attachment redirect without the key, typed by signature', async () => {
    const t = await startTestbed(openToLoopback);
    const { origin: host } = await imageHost({ '/photo': JPEG });
    const dir = await tempDir();
    describedItem(t, (id) => {
      // Declared as octet-stream: the extension must come from the bytes.
      const uploaded = t.plane.db.addAsset('acme', { type: 'application/octet-stream', bytes: PNG, workItem: id });
      return [imageComponent(uploaded.id), imageComponent(`${host}/photo`)];
    });
    const out = await t.call('plane_get_issue_images', { key: 'ACME-1', dir });
    expect(out).toBe(
      [
        `Saved 2 of 2 images of ACME-1 in ${dir}:`,
        `[image 1] ${join(dir, 'image-1.png')} (image/png, 1×1, 1 KB): shown below as image/png`,
        `[image 2] ${join(dir, 'image-2.jpg')} (image/jpeg, 1 KB): not shown: it could not be decoded (Input buffer has corrupt header: VipsJpeg: premature end of JPEG image)`,
      ].join('\n'),
    );
    expect(await readFile(join(dir, 'image-1.png'))).toEqual(PNG);
    expect(await readFile(join(dir, 'image-2.jpg'))).toEqual(JPEG);
    const storage = t.plane.requests.filter((r) => r.path.startsWith('/uploads/'));
    expect(storage).toHaveLength(1);
    expect(storage[0]!.apiKey).toBeUndefined();
    expect(storage[0]!.status).toBe(200);
    const redirect = t.plane.requests.find((r) => r.path.includes('/attachments/'))!;
    expect(redirect.status).toBe(302);
    expect(redirect.apiKey).toBe(t.apiKey);
  });

  it('reports each failure and carries on with the others', async () => {
    const t = await startTestbed(openToLoopback);
    const { origin: host } = await imageHost({ '/doc.pdf': PDF, '/ok.png': PNG });
    const dir = await tempDir();
    describedItem(t, (id) => [
      imageComponent('0b0b0b0b-0000-4000-8000-000000000000'),
      imageComponent(`${host}/doc.pdf`),
      imageComponent(`${host}/missing.png`),
      imageComponent('data:image/png;base64,AAAA'),
      imageComponent(t.plane.db.addAsset('acme', { type: 'image/png', bytes: 'just text', workItem: id }).id),
      imageComponent(`${host}/ok.png`),
    ]);
    const lines = (await t.call('plane_get_issue_images', { key: 'ACME-1', dir })).split('\n');
    expect(lines[0]).toBe(`Saved 1 of 6 images of ACME-1 in ${dir}:`);
    expect(lines[1]).toBe('[image 1] not saved: Plane has no such image in work item ACME-1 (404).');
    expect(lines[2]).toBe('[image 2] not saved: it is not an image but application/pdf');
    expect(lines[3]).toBe('[image 3] not saved: the download answered 404');
    expect(lines[4]).toMatch(
      /^\[image 4\] not saved: its source "data:image\/png;base64,AAAA" is neither an uploaded asset nor an http\(s\) URL$/,
    );
    expect(lines[5]).toBe('[image 5] not saved: its content is not a known image format');
    expect(lines[6]).toMatch(/^\[image 6\] .*image-6\.png \(image\/png/);
    expect(await readdir(dir)).toEqual(['image-6.png']);
  });

  it('saves an SVG (known by its markup) but never shows it, and says so', async () => {
    const t = await startTestbed(overMcp);
    const dir = await tempDir();
    const svg = '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
    describedItem(t, (id) => [imageComponent(t.plane.db.addAsset('acme', { type: 'image/svg+xml', bytes: svg, workItem: id }).id)]);
    const result = await t.tools.call(
      'plane_get_issue_images',
      { key: 'ACME-1', dir },
      { filesDir: '/nonexistent', fileWrites: 'anywhere' },
    );
    expect(result).toMatchObject({ ok: true, images: [] });
    expect(result.ok && result.text.split('\n')[1]).toBe(
      `[image 1] ${join(dir, 'image-1.svg')} (image/svg+xml, 1 KB): not shown: SVG images are not shown`,
    );
    expect(await readFile(join(dir, 'image-1.svg'), 'utf8')).toBe(svg);
  });

  it('reports a connection dropped in the middle of a body as that image’s failure, and saves the others', async () => {
    const t = await startTestbed(openToLoopback);
    const host = await imageHost({
      '/cut.png': cutShort,
      '/ok.png': PNG,
    });
    const dir = await tempDir();
    describedItem(t, () => [imageComponent(`${host.origin}/cut.png`), imageComponent(`${host.origin}/ok.png`)]);
    const lines = (await t.call('plane_get_issue_images', { key: 'ACME-1', dir })).split('\n');
    expect(lines).toEqual([
      `Saved 1 of 2 images of ACME-1 in ${dir}:`,
      `[image 1] not saved: Could not fetch ${host.origin}/cut.png: UND_ERR_SOCKET other side closed`,
      `[image 2] ${join(dir, 'image-2.png')} (image/png, 1×1, 1 KB): shown below as image/png`,
    ]);
    expect(await readdir(dir)).toEqual(['image-2.png']);
  });

  it('reports an uploaded image whose storage drops the connection mid-body as that image’s failure', async () => {
    const host = await imageHost({ '/cut.png': cutShort, '/ok.png': PNG });
    const assets: Record<string, string> = {
      '0b0b0b0b-0000-4000-8000-000000000001': `${host.origin}/cut.png`,
      '0b0b0b0b-0000-4000-8000-000000000002': `${host.origin}/ok.png`,
    };
    const images = Object.keys(assets).map((src, i) => ({ n: i + 1, src }));
    const outcomes = [];
    for await (const outcome of createImageSaver().fetch(images, async (id) => assets[id]!)) outcomes.push(outcome);
    expect(outcomes).toEqual([
      { n: 1, ok: false, error: 'the download failed (UND_ERR_SOCKET)' },
      { n: 2, ok: true, content: PNG, mime: 'image/png', ext: 'png' },
    ]);
  });

  it('refuses external images on loopback, link-local, private and other internal addresses before connecting', async () => {
    // No allow list: even the loopback test host is internal. Plane's own storage (here on loopback too) is not guarded.
    const t = await startTestbed({ ...overMcp, kit: { networkResolve } });
    const host = await imageHost({ '/ok.png': PNG });
    const dir = await tempDir();
    describedItem(t, (id) => [
      imageComponent('http://10.0.0.5/x.png'),
      imageComponent('http://169.254.169.254/latest/meta-data/iam.png'),
      imageComponent('http://0xa9fea9fe/x.png'),
      imageComponent('http://[::ffff:10.0.0.5]/x.png'),
      imageComponent('http://[fd00:ec2::254]/x.png'),
      imageComponent('http://100.64.0.1/x.png'),
      imageComponent('http://0.0.0.0/x.png'),
      imageComponent(`${host.origin}/ok.png`),
      imageComponent(`http://2130706433:${host.port}/ok.png`),
      imageComponent(`http://intranet.test:${host.port}/x.png`),
      imageComponent(`http://metadata.test/x.png`),
      imageComponent(t.plane.db.addAsset('acme', { type: 'image/png', bytes: PNG, workItem: id }).id),
    ]);
    const lines = (await t.call('plane_get_issue_images', { key: 'ACME-1', dir })).split('\n');
    expect(lines.slice(0, 12)).toEqual([
      `Saved 1 of 12 images of ACME-1 in ${dir}:`,
      '[image 1] not saved: refused: 10.0.0.5 is a private address',
      '[image 2] not saved: refused: 169.254.169.254 is a link-local address (where cloud metadata services live)',
      '[image 3] not saved: refused: 169.254.169.254 is a link-local address (where cloud metadata services live)',
      '[image 4] not saved: refused: 10.0.0.5 is a private address',
      '[image 5] not saved: refused: fd00:ec2::254 is a unique-local address',
      '[image 6] not saved: refused: 100.64.0.1 is a carrier-grade NAT address',
      '[image 7] not saved: refused: 0.0.0.0 is the unspecified address',
      '[image 8] not saved: refused: 127.0.0.1 is a loopback address',
      '[image 9] not saved: refused: 127.0.0.1 is a loopback address',
      '[image 10] not saved: refused: intranet.test resolves to 10.0.0.1, a private address',
      '[image 11] not saved: refused: metadata.test resolves to 169.254.169.254, a link-local address (where cloud metadata services live)',
    ]);
    expect(lines[12]).toBe(`[image 12] ${join(dir, 'image-12.png')} (image/png, 1×1, 1 KB): shown below as image/png`);
    expect(host.connections).toBe(0);
    expect(await readdir(dir)).toEqual(['image-12.png']);
  });

  it('downloads an external image the allow list opens, by address or by a name resolving into it', async () => {
    const t = await startTestbed(openToLoopback);
    const host = await imageHost({ '/a.png': PNG, '/b.jpg': JPEG, '/moved': '/a.png' });
    const dir = await tempDir();
    describedItem(t, () => [
      imageComponent(`${host.origin}/a.png`),
      imageComponent(`http://images.test:${host.port}/b.jpg`),
      imageComponent(`${host.origin}/moved`),
    ]);
    expect(await t.call('plane_get_issue_images', { key: 'ACME-1', dir })).toMatch(/^Saved 3 of 3 images/);
    expect(await readFile(join(dir, 'image-2.jpg'))).toEqual(JPEG);
    expect(await readFile(join(dir, 'image-3.png'))).toEqual(PNG);
  });

  it('checks every redirect hop: an allowed image host redirecting inwards is refused before connecting', async () => {
    const t = await startTestbed(openToLoopback);
    const sideDoor = await imageHost({ '/x.png': PNG }, '127.0.0.2'); // loopback, but not allowed
    const host = await imageHost({
      '/private': 'http://10.0.0.5/x.png',
      '/metadata': 'http://169.254.169.254/latest/meta-data/',
      '/side-door': `${sideDoor.origin}/x.png`,
      '/by-name': `http://intranet.test:${sideDoor.port}/x.png`,
      '/ftp': 'ftp://example.com/x.png',
      '/loop': '/loop',
      '/ok.png': PNG,
    });
    const dir = await tempDir();
    describedItem(t, () =>
      ['/private', '/metadata', '/side-door', '/by-name', '/ftp', '/loop', '/ok.png'].map((path) =>
        imageComponent(`${host.origin}${path}`),
      ),
    );
    const lines = (await t.call('plane_get_issue_images', { key: 'ACME-1', dir })).split('\n');
    expect(lines).toEqual([
      `Saved 1 of 7 images of ACME-1 in ${dir}:`,
      '[image 1] not saved: refused: 10.0.0.5 is a private address',
      '[image 2] not saved: refused: 169.254.169.254 is a link-local address (where cloud metadata services live)',
      '[image 3] not saved: refused: 127.0.0.2 is a loopback address',
      '[image 4] not saved: refused: intranet.test resolves to 10.0.0.1, a private address',
      '[image 5] not saved: refused: ftp: is not http: or https:',
      `[image 6] not saved: Too many redirects: 3 were followed and ${host.origin}/loop redirects again, to ${host.origin}/loop.`,
      `[image 7] ${join(dir, 'image-7.png')} (image/png, 1×1, 1 KB): shown below as image/png`,
    ]);
    expect(sideDoor.connections).toBe(0);
  });

  it('refuses a file over 20 MB', async () => {
    const t = await startTestbed(overMcp);
    const dir = await tempDir();
    const big = Buffer.concat([PNG, Buffer.alloc(20 * 1024 * 1024)]);
    describedItem(t, (id) => [imageComponent(t.plane.db.addAsset('acme', { type: 'image/png', bytes: big, workItem: id }).id)]);
    expect(await t.call('plane_get_issue_images', { key: 'ACME-1', dir })).toBe(
      `Saved 0 of 1 images of ACME-1 in ${dir}:\n[image 1] not saved: it is larger than 20 MB`,
    );
    expect(await readdir(dir)).toEqual([]);
  });

  it('uses <tmp>/plane-mcp/<KEY>/ by default, creating it', async () => {
    const t = await startTestbed(overMcp);
    describedItem(t, (id) => [imageComponent(t.plane.db.addAsset('acme', { type: 'image/png', bytes: PNG, workItem: id }).id)]);
    const dir = join(tmpdir(), 'plane-mcp', 'ACME-1');
    await rm(dir, { recursive: true, force: true });
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    expect(await t.call('plane_get_issue_images', { key: 'acme-1' })).toContain(join(dir, 'image-1.png'));
    expect(await readdir(dir)).toEqual(['image-1.png']);
  });

  it('says when there is nothing to save, and wants an absolute folder', async () => {
    const t = await startTestbed(overMcp);
    t.plane.db.addWorkItem('ACME', { name: 'plain' });
    expect(await t.call('plane_get_issue_images', { key: 'ACME-1' })).toBe('ACME-1 has no images in its description.');
    expect(await t.fail('plane_get_issue_images', { key: 'ACME-1', dir: 'relative/dir' })).toMatch(/dir: must be an absolute folder path/);
  });

  it('works on instances older than v1.1 (issue-attachments)', async () => {
    const t = await startTestbed({ ...overMcp, fake: { instanceVersion: '1.0.0' } });
    const dir = await tempDir();
    describedItem(t, (id) => [imageComponent(t.plane.db.addAsset('acme', { type: 'image/png', bytes: PNG, workItem: id }).id)]);
    expect(await t.call('plane_get_issue_images', { key: 'ACME-1', dir })).toMatch(/^Saved 1 of 1 images/);
    expect(t.plane.requests.some((r) => r.path.includes('/issue-attachments/') && r.status === 302)).toBe(true);
  });
});
