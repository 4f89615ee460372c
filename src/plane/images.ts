import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { getGlobalDispatcher, interceptors, request } from 'undici';
import { PlaneError } from './errors.js';
import type { DescriptionImage } from './read-html.js';

export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

export type ImageOutcome =
  | { n: number; ok: true; file: string; mime: string; bytes: number }
  | { n: number; ok: false; error: string };

const ASSET_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Signed storage URLs and external images: never with the API key, a few redirects at most.
const downloads = getGlobalDispatcher().compose(interceptors.redirect({ maxRedirections: 3 }));

/**
 * Saves a description's images as `image-<n>.<ext>` in `dir`, in order. An uploaded image (an asset
 * id) is found through `locate` (Plane's attachment-detail redirect); an absolute URL is fetched as
 * is. The type comes from the file's signature, and a file that is not an image is refused. One
 * failure is reported and does not stop the others.
 */
export async function saveImages(
  images: readonly DescriptionImage[],
  dir: string,
  locate: (assetId: string) => Promise<string>,
  maxBytes = MAX_IMAGE_BYTES,
): Promise<ImageOutcome[]> {
  await mkdir(dir, { recursive: true });
  const outcomes: ImageOutcome[] = [];
  for (const image of images) {
    try {
      const url = await sourceUrl(image, locate);
      const bytes = await download(url, maxBytes);
      const type = await fileTypeFromBuffer(bytes);
      if (!type?.mime.startsWith('image/'))
        throw new PlaneError(type ? `it is not an image but ${type.mime}` : 'its content is not a known image format');
      const file = join(dir, `image-${image.n}.${type.ext}`);
      await writeFile(file, bytes);
      outcomes.push({ n: image.n, ok: true, file, mime: type.mime, bytes: bytes.length });
    } catch (error) {
      if (!(error instanceof PlaneError)) throw error;
      outcomes.push({ n: image.n, ok: false, error: error.message });
    }
  }
  return outcomes;
}

async function sourceUrl(image: DescriptionImage, locate: (assetId: string) => Promise<string>): Promise<string> {
  if (ASSET_ID.test(image.src)) return locate(image.src);
  if (/^https?:\/\//i.test(image.src)) return image.src;
  throw new PlaneError(`its source "${image.src.slice(0, 80)}" is neither an uploaded asset nor an http(s) URL`);
}

async function download(url: string, maxBytes: number): Promise<Buffer> {
  let response;
  try {
    response = await request(url, { dispatcher: downloads, headersTimeout: 30_000, bodyTimeout: 30_000 });
  } catch (error) {
    throw new PlaneError(`the download failed (${(error as { code?: string }).code ?? (error as Error).message})`);
  }
  const tooBig = new PlaneError(`it is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
  if (response.statusCode !== 200) {
    await response.body.dump();
    throw new PlaneError(`the download answered ${response.statusCode}`);
  }
  if (Number(response.headers['content-length']) > maxBytes) {
    response.body.destroy();
    throw tooBig;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      response.body.destroy();
      throw tooBig;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
