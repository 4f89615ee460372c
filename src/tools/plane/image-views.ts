import sharp from 'sharp';
import { z } from 'zod';
import type { DescriptionImage } from '../../plane/read-html.js';
import type { ToolImage } from '../registry.js';

/** At most this many images are shown per call; the others are named with their size. */
export const MAX_IMAGES_SHOWN = 5;
/** Anthropic's own advice: a longer side is scaled down by the API anyway, at the cost of latency. */
export const MAX_LONG_SIDE = 1568;
/** About 1 MB per image shown: five of them stay far below the API's 32 MB request cap. */
export const MAX_SHOWN_BYTES = 1024 * 1024;
/** A decompression bomb (a small file of huge dimensions) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 50_000_000;
/** Scaling steps tried when an image is still over MAX_SHOWN_BYTES as JPEG. */
const SHRINK_STEPS = 4;

export interface Size {
  width: number;
  height: number;
}

/** What became of one image for whoever reads the result. */
export interface Sight {
  /** Its own dimensions, when it could be read. */
  original?: Size;
  /** How it is shown (type and dimensions once scaled), or null. */
  shown: ({ mime: ToolImage['mime'] } & Size) | null;
  /** Why it is not shown. */
  notShown?: string;
  /** The image to send, when shown. */
  image?: ToolImage;
}

class Unreadable extends Error {}

/**
 * Turns the images of one call into what a model can see: each scaled to at most MAX_LONG_SIDE
 * pixels on its long side and about MAX_SHOWN_BYTES, in its own format (JPEG, PNG, WebP) or PNG (a
 * GIF's first frame, any other type), at most MAX_IMAGES_SHOWN per viewer. SVG is never shown (it
 * is markup the model would read as a picture only after rendering it, and may fetch things).
 */
export function createImageViewer(key: string) {
  let shown = 0;
  return {
    async look(n: number, content: Buffer, mime: string): Promise<Sight> {
      if (mime === 'image/svg+xml') return { shown: null, notShown: 'SVG images are not shown' };
      let original: Size | undefined;
      try {
        original = await sizeOf(content);
        if (shown >= MAX_IMAGES_SHOWN)
          return {
            original,
            shown: null,
            notShown: `at most ${MAX_IMAGES_SHOWN} images are shown per call (ask for this one with only: [${n}])`,
          };
        const encoded = await encodeForModel(content, mime, original);
        shown += 1;
        const { data, ...sized } = encoded;
        return { original, shown: sized, image: { label: `[image ${n}] of ${key}`, ...sized, data: data.toString('base64') } };
      } catch (error) {
        if (!(error instanceof Unreadable)) throw error;
        return { ...(original && { original }), shown: null, notShown: error.message };
      }
    },
  };
}

/** "shown below, scaled to 1568×1176" or "not shown: <why>", for the line that names the image. */
export function sightText(sight: Sight): string {
  if (!sight.shown) return `not shown: ${sight.notShown ?? 'unknown reason'}`;
  const { original, shown } = sight;
  const scaled = original && (original.width !== shown.width || original.height !== shown.height) ? `, scaled to ${dimensions(shown)}` : '';
  return `shown below as ${shown.mime}${scaled}`;
}

function dimensions(size: Size): string {
  return `${size.width}×${size.height}`;
}

async function sizeOf(content: Buffer): Promise<Size> {
  const meta = await readable(() => sharp(content, { limitInputPixels: MAX_INPUT_PIXELS }).metadata());
  // autoOrient holds the size as seen once its EXIF orientation is applied; the first page of an animation.
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.pageHeight ?? meta.height;
  if (!width || !height) throw new Unreadable('its dimensions could not be read');
  return { width, height };
}

/** Within the long side, then within the bytes: the format first gives way to JPEG, then the size shrinks. */
async function encodeForModel(content: Buffer, mime: string, original: Size): Promise<{ data: Buffer; mime: ToolImage['mime'] } & Size> {
  let scale = Math.min(1, MAX_LONG_SIDE / Math.max(original.width, original.height));
  const own = mime === 'image/jpeg' || mime === 'image/webp' ? mime : 'image/png';
  let encoded = await encode(content, own, scale, original);
  if (encoded.data.length <= MAX_SHOWN_BYTES) return encoded;
  for (let step = 0; step < SHRINK_STEPS; step += 1) {
    encoded = await encode(content, 'image/jpeg', scale, original);
    if (encoded.data.length <= MAX_SHOWN_BYTES) return encoded;
    // Bytes go roughly with the area: aim a little under the cap.
    scale *= Math.sqrt(MAX_SHOWN_BYTES / encoded.data.length) * 0.9;
  }
  throw new Unreadable(`it stays over ${Math.round(MAX_SHOWN_BYTES / 1024)} KB even scaled down`);
}

async function encode(content: Buffer, mime: ToolImage['mime'], scale: number, original: Size) {
  const width = Math.max(1, Math.round(original.width * scale));
  const height = Math.max(1, Math.round(original.height * scale));
  const image = sharp(content, { limitInputPixels: MAX_INPUT_PIXELS }).autoOrient().resize({ width, height, fit: 'fill' });
  const typed =
    mime === 'image/jpeg'
      ? image.flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: true })
      : mime === 'image/webp'
        ? image.webp({ quality: 85 })
        : image.png({ compressionLevel: 6 });
  const { data, info } = await readable(() => typed.toBuffer({ resolveWithObject: true }));
  return { data, mime, width: info.width, height: info.height };
}

/** libvips' refusal of a broken or unsupported file as this image's failure. */
async function readable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const reason = (error instanceof Error ? error.message.split('\n')[0]! : String(error)).trim().replace(/:$/, '');
    throw new Unreadable(`it could not be decoded (${reason.slice(0, 120)})`);
  }
}

/** Which of the description's images a call is about: `only` lists their numbers, all when absent. */
export const onlyImages = z
  .array(z.number().int().min(1))
  .min(1)
  .optional()
  .describe('Only these images, by the n of their [image n] markers; all of them when absent');

/** The images `only` names (in the description's order), or all. */
export function chosenImages(images: readonly DescriptionImage[], only: readonly number[] | undefined): DescriptionImage[] {
  return only ? images.filter((image) => only.includes(image.n)) : [...images];
}

export function noImagesText(key: string, only: readonly number[] | undefined): string {
  return only ? `${key} has no image ${only.join(', ')} in its description.` : `${key} has no images in its description.`;
}

/** "image/png, 4000×3000, 1.2 MB". */
export function imageFacts(mime: string, bytes: number, size: Size | undefined): string {
  return [mime, ...(size ? [dimensions(size)] : []), sizeText(bytes)].join(', ');
}

function sizeText(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
