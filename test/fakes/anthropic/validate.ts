import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';

/** The image types the Messages API takes. */
const MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
/** The API's limits on one image: 5 MB of data, 8000 px on a side; and at most 100 images per request. */
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const MAX_SIDE = 8000;
const MAX_IMAGES = 100;
/** What a tool_result's content may hold. */
const TOOL_RESULT_PARTS = ['text', 'image', 'document', 'search_result'];
const IMAGE_KEYS = ['type', 'source', 'cache_control'];
const BASE64_SOURCE_KEYS = ['type', 'media_type', 'data'];

interface Block {
  type?: unknown;
  [key: string]: unknown;
}

/**
 * What the real API would refuse with 400 in the images of a request (in user turns and in
 * tool_result content), as its message, or undefined: each block's shape and keys, the media type
 * among the four, base64 that decodes to an image of that very type, its bytes and dimensions
 * within the limits, and the number of images.
 */
export async function imageProblem(body: { messages?: unknown }): Promise<string | undefined> {
  const images: { path: string; block: Block }[] = [];
  const messages = Array.isArray(body.messages) ? (body.messages as { content?: unknown }[]) : [];
  for (const [m, message] of messages.entries()) {
    if (!Array.isArray(message.content)) continue;
    for (const [c, block] of (message.content as Block[]).entries()) {
      const path = `messages.${m}.content.${c}`;
      if (block.type === 'image') images.push({ path, block });
      if (block.type !== 'tool_result' || !Array.isArray(block.content)) continue;
      for (const [p, part] of (block.content as Block[]).entries()) {
        if (!TOOL_RESULT_PARTS.includes(String(part.type)))
          return `${path}.tool_result.content.${p}.type: Input tag '${String(part.type)}' found using 'type' does not match any of the expected tags: ${TOOL_RESULT_PARTS.map((t) => `'${t}'`).join(', ')}`;
        if (part.type === 'image') images.push({ path: `${path}.tool_result.content.${p}`, block: part });
      }
    }
  }
  if (images.length > MAX_IMAGES) return `too many images in the request: ${images.length} > ${MAX_IMAGES}`;
  for (const { path, block } of images) {
    const problem = await blockProblem(block);
    if (problem) return `${path}.image.${problem}`;
  }
  return undefined;
}

async function blockProblem(block: Block): Promise<string | undefined> {
  const extra = Object.keys(block).find((key) => !IMAGE_KEYS.includes(key));
  if (extra) return `${extra}: Extra inputs are not permitted`;
  const source = block.source as Block | undefined;
  if (typeof source !== 'object' || source === null) return 'source: Field required';
  if (source.type !== 'base64') return `source.type: only base64 sources are accepted here, not '${String(source.type)}'`;
  const extraInSource = Object.keys(source).find((key) => !BASE64_SOURCE_KEYS.includes(key));
  if (extraInSource) return `source.base64.${extraInSource}: Extra inputs are not permitted`;
  if (!MEDIA_TYPES.includes(String(source.media_type)))
    return `source.base64.media_type: Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp'`;
  if (typeof source.data !== 'string' || !/^[A-Za-z0-9+/]+={0,2}$/.test(source.data) || source.data.length % 4 !== 0)
    return 'source.base64.data: invalid base64 data';
  const bytes = Buffer.from(source.data, 'base64');
  if (source.data.length > MAX_IMAGE_BYTES)
    return `source.base64: image exceeds 5 MB maximum: ${source.data.length} bytes > ${MAX_IMAGE_BYTES} bytes`;
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime !== source.media_type)
    return `source.base64.data: Image does not match the provided media type ${String(source.media_type)}`;
  let size;
  try {
    size = imageSize(bytes);
  } catch {
    return 'source.base64.data: Could not process image';
  }
  if (size.width > MAX_SIDE || size.height > MAX_SIDE)
    return `source.base64.data: image dimensions exceed max allowed size: ${MAX_SIDE} pixels`;
  return undefined;
}
