import { fileTypeFromBuffer } from 'file-type';
import isSvg from 'is-svg';
import { getGlobalDispatcher, interceptors, request, type Dispatcher } from 'undici';
import { AddressRefusedError, createAddressGuard, type AddressGuard } from '../net/address-guard.js';
import { explainFetchFailure, NetError } from '../net/fetch-errors.js';
import { guardedFetch } from '../net/guarded-fetch.js';
import { createPinnedDispatcher, type Resolve } from '../net/pinned-dispatcher.js';
import { PlaneError } from './errors.js';
import type { DescriptionImage } from './read-html.js';

export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
const TIMEOUT_MS = 30_000;
const MAX_REDIRECTS = 3;

/** One description image as downloaded: its bytes, typed by their signature, or why it could not be had. */
export type FetchedImage = { n: number; ok: true; content: Buffer; mime: string; ext: string } | { n: number; ok: false; error: string };

export type LocateAsset = (assetId: string) => Promise<string>;

export interface ImageSaverOptions {
  /** PLANEBOT_WEBFETCH_ALLOW: hosts, addresses or CIDRs external images may come from although not public. */
  allow?: readonly string[];
  /** How the hosts of external images resolve; the system resolver by default. Tests answer without DNS. */
  resolve?: Resolve;
  maxBytes?: number;
}

/** The kit's downloader of description images (the tools save and show them). */
export interface ImageSaver {
  /**
   * Downloads a description's images, in order, one at a time (each may be 20 MB). An uploaded image
   * (an asset id) is found through `locate` (Plane's attachment-detail redirect); an absolute URL is
   * fetched through the address guard. The type comes from the file's signature (SVG, which has
   * none, from its markup), and a file that is not an image is refused. One failure is reported and
   * does not stop the others.
   */
  fetch(images: readonly DescriptionImage[], locate: LocateAsset): AsyncGenerator<FetchedImage>;
}

/** An answer as far as saving an image cares, whichever way it was fetched. */
interface Download {
  status: number;
  declaredLength: number;
  body: AsyncIterable<Uint8Array> | null;
  /** Drops the rest of the body, closing the connection. */
  discard(): void;
  /** An error met while reading the body (a dropped connection, a timeout) as this image's failure. */
  failure(error: unknown): unknown;
}

const ASSET_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Signed storage URLs: never with the API key, a few redirects at most. Not guarded: the storage
// Plane itself points to may well sit on an internal address (a MinIO beside a self-hosted Plane).
const storage = getGlobalDispatcher().compose(interceptors.redirect({ maxRedirections: MAX_REDIRECTS }));

export function createImageSaver(options: ImageSaverOptions = {}): ImageSaver {
  // Whoever writes a description chooses external URLs: they get WebFetch's guard.
  const guard = createAddressGuard(options.allow ?? []);
  const dispatcher = createPinnedDispatcher(guard, options.resolve, { headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS });
  const maxBytes = options.maxBytes ?? MAX_IMAGE_BYTES;

  async function open(image: DescriptionImage, locate: LocateAsset): Promise<Download> {
    if (ASSET_ID.test(image.src)) return fromStorage(await locate(image.src));
    if (/^https?:\/\//i.test(image.src) && URL.canParse(image.src)) return fromOutside(new URL(image.src), guard, dispatcher);
    throw new PlaneError(`its source "${image.src.slice(0, 80)}" is neither an uploaded asset nor an http(s) URL`);
  }

  async function* fetchImages(images: readonly DescriptionImage[], locate: LocateAsset): AsyncGenerator<FetchedImage> {
    for (const image of images) {
      try {
        const content = await readImage(await open(image, locate), maxBytes);
        yield { n: image.n, ok: true, content, ...(await imageType(content)) };
      } catch (error) {
        if (!(error instanceof PlaneError)) throw error;
        yield { n: image.n, ok: false, error: error.message };
      }
    }
  }

  return { fetch: fetchImages };
}

/** The image's type from its signature, or from its markup for SVG (text, no signature); anything else is refused. */
async function imageType(content: Buffer): Promise<{ mime: string; ext: string }> {
  const type = await fileTypeFromBuffer(content);
  if (type?.mime.startsWith('image/')) return { mime: type.mime, ext: type.ext };
  // An SVG with an XML declaration reads as XML by its signature.
  if ((!type || type.mime === 'application/xml') && isSvg(content.toString('utf8'))) return { mime: 'image/svg+xml', ext: 'svg' };
  if (type) throw new PlaneError(`it is not an image but ${type.mime}`);
  throw new PlaneError('its content is not a known image format');
}

// The message leaves out the signed URL: it carries a credential.
const storageFailure = (error: unknown) =>
  new PlaneError(`the download failed (${(error as { code?: string }).code ?? (error as Error).message})`);

async function fromStorage(url: string): Promise<Download> {
  let response;
  try {
    response = await request(url, { dispatcher: storage, headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS });
  } catch (error) {
    throw storageFailure(error);
  }
  const { body } = response;
  return {
    status: response.statusCode,
    declaredLength: Number(response.headers['content-length']),
    body,
    discard: () => body.destroy(),
    failure: storageFailure,
  };
}

/** Every hop's URL and resolved address checked, and connected to the address checked. */
async function fromOutside(url: URL, guard: AddressGuard, dispatcher: Dispatcher): Promise<Download> {
  try {
    const { response } = await guardedFetch({ url, method: 'GET', headers: {} }, { guard, dispatcher, maxRedirects: MAX_REDIRECTS });
    const { body } = response;
    return {
      status: response.status,
      declaredLength: Number(response.headers.get('content-length')),
      body,
      discard: () => void body?.cancel().catch(() => undefined),
      // undici's fetch ends a broken body with TypeError "terminated", the reason in its cause.
      failure: (error) => outsideFailure(explainFetchFailure(error, url)),
    };
  } catch (error) {
    throw outsideFailure(error);
  }
}

/** The guard's and the network's errors as the image's failure; anything else as it is. */
function outsideFailure(error: unknown): unknown {
  if (error instanceof AddressRefusedError) return new PlaneError(`refused: ${error.reason}`);
  if (error instanceof NetError) return new PlaneError(error.message);
  return error;
}

async function readImage(download: Download, maxBytes: number): Promise<Buffer> {
  const tooBig = new PlaneError(`it is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
  if (download.status !== 200) {
    download.discard();
    throw new PlaneError(`the download answered ${download.status}`);
  }
  if (download.declaredLength > maxBytes) {
    download.discard();
    throw tooBig;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    // Leaving the loop early closes the body: the rest is never downloaded.
    for await (const chunk of download.body ?? []) {
      size += chunk.byteLength;
      if (size > maxBytes) throw tooBig;
      chunks.push(chunk);
    }
  } catch (error) {
    throw error === tooBig ? error : download.failure(error);
  }
  return Buffer.concat(chunks);
}
