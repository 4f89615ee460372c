import type Anthropic from '@anthropic-ai/sdk';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { imageComponent } from '../../src/emulators/plane/index.js';
import type { ToolRegistry } from '../../src/tools/registry.js';
import { textReply, toolReply, type RecordedRequest } from '../fakes/anthropic/index.js';
import { closeTestbeds, startTestbed, type PlaneTestbed } from '../plane/setup.js';
import { startBackend, type Backend } from './support/backends.js';
import { ALICE, startHarness, type Harness } from './support/harness.js';

let h: Harness | undefined;
let backend: Backend | undefined;
const folders: string[] = [];
afterEach(async () => {
  await h?.close();
  await backend?.close();
  await closeTestbeds();
  await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  h = undefined;
  backend = undefined;
});

const solid = (width: number, height: number, background: string) => sharp({ create: { width, height, channels: 3, background } });

/** Two 200×200 frames, red then green: only the first may be shown. */
async function animatedGif(): Promise<Buffer> {
  const frame = (background: string) => solid(200, 200, background).raw().toBuffer();
  const frames = Buffer.concat([await frame('#ff0000'), await frame('#00ff00')]);
  return sharp(frames, { raw: { width: 200, height: 400, channels: 3, pageHeight: 200 } })
    .gif({ loop: 0 })
    .toBuffer();
}

/** A PNG signature and header, then garbage: typed as PNG by its bytes, but no decoder reads it. */
const BROKEN_PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d4948445200000064000000640806000000', 'hex'),
  Buffer.alloc(300, 0x5a),
]);

/** A work item of the testbed whose description holds these uploaded images, in order. */
function itemWithImages(t: PlaneTestbed, images: { bytes: Buffer; type: string }[]): string {
  const item = t.plane.db.addWorkItem('ACME', { name: 'Screens of the login bug' });
  const parts = images.map(({ bytes, type }) => imageComponent(t.plane.db.addAsset('acme', { type, bytes, workItem: item.id }).id));
  item.description_html = `<p>What we see:</p>${parts.join('<p>and</p>')}`;
  return `ACME-${item.sequence_id}`;
}

async function filesDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'planebot-images-'));
  folders.push(dir);
  return dir;
}

type Part = Exclude<Anthropic.ToolResultBlockParam['content'], string | undefined>[number];

/** The tool result answering `callId` in a request's last message. */
function resultIn(request: RecordedRequest, callId: string): Part[] {
  const turn = request.body.messages.find(
    (m) => Array.isArray(m.content) && m.content.some((b) => b.type === 'tool_result' && b.tool_use_id === callId),
  );
  const block = (turn!.content as Anthropic.ContentBlockParam[]).find(
    (b): b is Anthropic.ToolResultBlockParam => b.type === 'tool_result',
  )!;
  expect(Array.isArray(block.content)).toBe(true);
  return block.content as Part[];
}

const imagesOf = (parts: Part[]) =>
  parts.filter((p): p is Anthropic.ImageBlockParam & { source: Anthropic.Base64ImageSource } => p.type === 'image');

async function looks(block: { source: Anthropic.Base64ImageSource }) {
  const bytes = Buffer.from(block.source.data, 'base64');
  const { width, height, format } = await sharp(bytes).metadata();
  const { dominant } = await sharp(bytes).stats();
  return { width, height, format, bytes: bytes.length, dominant };
}

/** The result with each image's base64 elided: what the model reads, sizes included. */
function shownAs(parts: Part[]): unknown[] {
  return parts.map((p) =>
    p.type === 'image' && p.source.type === 'base64'
      ? { ...p, source: { ...p.source, data: `<${p.source.data.length} base64 characters>` } }
      : p,
  );
}

async function withPlane(t: PlaneTestbed, options: { store?: Backend } = {}) {
  const store = options.store ? await options.store.open() : undefined;
  return startHarness({ registry: t.tools as ToolRegistry, ...(store && { store }) });
}

describe('the fake Messages API, like the real one,', () => {
  const png = (data: string, media_type = 'image/png') => ({ type: 'image', source: { type: 'base64', media_type, data } });
  const asked = async (part: unknown) => {
    await h?.close();
    h = await startHarness();
    h.api.script(textReply('fine'));
    const message = {
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: 'x' }, part] }],
    };
    const request = h.api.client().messages.create({
      model: 'claude-test',
      max_tokens: 10,
      messages: [
        { role: 'user', content: 'look' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 't', input: {} }] },
        message,
      ],
    } as Anthropic.MessageCreateParamsNonStreaming);
    return request.then(
      () => 'accepted',
      (error: { status: number; error: { error: { message: string } } }) => `${error.status} ${error.error.error.message}`,
    );
  };

  it('takes a well-formed image in a tool result', async () => {
    expect(await asked(png((await solid(20, 10, '#ffffff').png().toBuffer()).toString('base64')))).toBe('accepted');
  });

  it('refuses a media type it does not take, data of another type, broken base64 and unknown keys', async () => {
    const jpeg = (await solid(20, 10, '#ffffff').jpeg().toBuffer()).toString('base64');
    expect(await asked(png(jpeg, 'image/bmp'))).toMatch(/^400 .*media_type: Input should be 'image\/jpeg'/);
    expect(await asked(png(jpeg))).toBe(
      '400 messages.2.content.0.tool_result.content.1.image.source.base64.data: Image does not match the provided media type image/png',
    );
    expect(await asked(png('not base64!'))).toMatch(/^400 .*invalid base64 data$/);
    expect(await asked({ ...png(jpeg, 'image/jpeg'), width: 20 })).toMatch(/^400 .*width: Extra inputs are not permitted$/);
    expect(await asked({ type: 'video', source: {} })).toMatch(/^400 .*does not match any of the expected tags/);
  });
});

describe('the agent sees description images', () => {
  it('gets a big PNG scaled and a GIF’s first frame as image blocks, the broken one named in the text', async () => {
    const t = await startTestbed();
    const key = itemWithImages(t, [
      { bytes: await solid(4000, 3000, '#1e90ff').png().toBuffer(), type: 'image/png' },
      { bytes: await animatedGif(), type: 'image/gif' },
      { bytes: BROKEN_PNG, type: 'image/png' },
    ]);
    const dir = await filesDir();
    h = await withPlane(t);
    h.api.script(
      toolReply([{ name: 'plane_get_issue_images', input: { key }, id: 'toolu_img' }]),
      textReply('A blue screen and a red square.'),
    );
    await h.say(`What do the images of ${key} show?`, { context: { filesDir: dir } });
    await h.agent.idle();

    expect(h.ui.result()).toMatchObject({ answer: 'A blue screen and a red square.' });
    const parts = resultIn(h.api.requests[1]!, 'toolu_img');
    const [text, ...rest] = parts;
    expect(text!.type).toBe('text');
    const lines = (text as Anthropic.TextBlockParam).text.split('\n');
    expect(lines[0]).toBe(`Saved 3 of 3 images of ${key} in images/${key}:`);
    expect(lines[1]).toMatch(
      new RegExp(
        `^\\[image 1\\] images/${key}/image-1\\.png \\(image/png, 4000×3000, \\d+ KB\\): shown below as image/png, scaled to 1568×1176$`,
      ),
    );
    expect(lines[2]).toBe(`[image 2] images/${key}/image-2.gif (image/gif, 200×200, 1 KB): shown below as image/png`);
    expect(lines[3]).toMatch(
      new RegExp(`^\\[image 3\\] images/${key}/image-3\\.png \\(image/png, 1 KB\\): not shown: it could not be decoded \\(.+\\)$`),
    );
    // Each image after the words that name it.
    expect(rest.map((p) => (p.type === 'text' ? p.text : p.type))).toEqual([
      `[image 1] of ${key} (image/png, 1568×1176):`,
      'image',
      `[image 2] of ${key} (image/png, 200×200):`,
      'image',
    ]);
    const [big, gif] = imagesOf(parts);
    expect(big!.source.media_type).toBe('image/png');
    expect(await looks(big!)).toMatchObject({ width: 1568, height: 1176, format: 'png', dominant: { r: 24, g: 136, b: 248 } });
    expect(gif!.source.media_type).toBe('image/png');
    expect(await looks(gif!)).toMatchObject({ width: 200, height: 200, format: 'png', dominant: { r: 248, g: 8, b: 8 } });
    for (const image of [big!, gif!]) expect((await looks(image)).bytes).toBeLessThanOrEqual(1024 * 1024);
    // The files are saved as before, the broken one too (it is the bytes Plane holds).
    expect((await readdir(join(dir, 'images', key))).sort()).toEqual(['image-1.png', 'image-2.gif', 'image-3.png']);
    expect(shownAs(rest)).toEqual([
      { type: 'text', text: `[image 1] of ${key} (image/png, 1568×1176):` },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: `<${big!.source.data.length} base64 characters>` } },
      { type: 'text', text: `[image 2] of ${key} (image/png, 200×200):` },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: `<${gif!.source.data.length} base64 characters>` } },
    ]);
  });

  it('shows five images per call and names the sixth with its size; only: [6] shows it', async () => {
    const colours = ['#ff0000', '#00ff00', '#0000ff', '#ffff00', '#00ffff', '#ff00ff'];
    const t = await startTestbed();
    const key = itemWithImages(
      t,
      await Promise.all(
        colours.map(async (c, i) => ({
          bytes: await solid(300 + i, 200, c)
            .png()
            .toBuffer(),
          type: 'image/png',
        })),
      ),
    );
    h = await withPlane(t);
    h.api.script(
      toolReply([{ name: 'plane_get_issue_images', input: { key }, id: 'toolu_all' }]),
      toolReply([{ name: 'plane_get_issue', input: { key, images: true, only: [6] }, id: 'toolu_6' }]),
      textReply('Six colours.'),
    );
    await h.say(`Show me ${key}'s images`, { context: { filesDir: await filesDir() } });
    await h.agent.idle();

    const first = resultIn(h.api.requests[1]!, 'toolu_all');
    expect(imagesOf(first)).toHaveLength(5);
    const lines = (first[0] as Anthropic.TextBlockParam).text.split('\n');
    expect(lines[0]).toBe(`Saved 6 of 6 images of ${key} in images/${key}:`);
    expect(lines[6]).toBe(
      `[image 6] images/${key}/image-6.png (image/png, 305×200, 1 KB): not shown: at most 5 images are shown per call (ask for this one with only: [6])`,
    );
    const sixth = resultIn(h.api.requests[2]!, 'toolu_6');
    expect((sixth[0] as Anthropic.TextBlockParam).text).toContain(`Images:\n[image 6] image/png, 305×200, 1 KB: shown below as image/png`);
    const [magenta] = imagesOf(sixth);
    expect(await looks(magenta!)).toMatchObject({ width: 305, height: 200, dominant: { r: 248, g: 8, b: 248 } });
  });

  it('a run resumed after a restart sends its history with the images again, and the API takes it', async () => {
    backend = await startBackend('embedded');
    const t = await startTestbed();
    const key = itemWithImages(t, [{ bytes: await solid(2000, 1000, '#1e90ff').jpeg().toBuffer(), type: 'image/jpeg' }]);
    h = await withPlane(t, { store: backend });
    h.api.script(
      toolReply([{ name: 'plane_get_issue_images', input: { key }, id: 'toolu_img' }]),
      toolReply([{ name: 'plane_add_comment', input: { key, text: 'The screen is blue.' }, id: 'toolu_c' }]),
      textReply('Commented.'),
    );
    const { runId } = await h.say(`Describe ${key}'s screenshot in a comment`, { context: { filesDir: await filesDir() } });
    await h.agent.idle();
    expect(h.ui.of('ask')).toHaveLength(1);
    await h.agent.close();

    const next = await h.otherAgent({ store: await backend.open() });
    await next.agent.decide({ runId, callId: 'toolu_c', decision: 'approve', decidedBy: ALICE });
    await next.agent.idle();
    expect(next.ui.result()).toMatchObject({ answer: 'Commented.' });
    // The third request, from the new process, replays the image read from the store.
    const [jpeg] = imagesOf(resultIn(h.api.requests[2]!, 'toolu_img'));
    expect(jpeg!.source.media_type).toBe('image/jpeg');
    expect(await looks(jpeg!)).toMatchObject({ width: 1568, height: 784, format: 'jpeg' });
    expect(h.api.requests[2]!.body.messages.at(-1)).toMatchObject({ content: [{ type: 'tool_result', tool_use_id: 'toolu_c' }] });
  });
});
