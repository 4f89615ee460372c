import type Anthropic from '@anthropic-ai/sdk';
import { imageSize } from 'image-size';

/**
 * When the history grows past `high` characters, the oldest images, then the oldest tool results,
 * give way to short stand-ins until it is back under `low`.
 *
 * - high, 200,000 characters: about 50–70K tokens, well inside every model's window (200K tokens on
 *   the smallest) next to the tools, the system prompt and 32K of output, and a
 *   request of that size read from cache costs around a cent.
 * - low, 100,000 characters: the gap is the hysteresis. Trimming changes an early block, so the
 *   cached prefix is lost from there; after a trim the history must grow by ~100,000
 *   characters (dozens of ordinary turns, or one fetched page) before the next one.
 * - An image weighs what the model pays for it, not its base64: Anthropic's estimate of
 *   width × height / 750 tokens, at CHARS_PER_TOKEN characters each (a 1568×1176 image is about
 *   2,460 tokens, 8,600 characters).
 * - imageBytes, 8 MB: the most base64 image data the history keeps before the newest tool results
 *   (which keep theirs, at most 5 images of about 1 MB), whatever their weight; so a request stays
 *   far below the API's 32 MB and a thread's stored record stays a few MB.
 */
export interface HistoryBudget {
  high: number;
  low: number;
  imageBytes?: number;
}

export const HISTORY_BUDGET = { high: 200_000, low: 100_000, imageBytes: 8 * 1024 * 1024 } satisfies HistoryBudget;

/** 200,000 characters of ordinary history are about 50–70K tokens. */
const CHARS_PER_TOKEN = 3.5;
/** An image whose size cannot be read weighs as much as the largest one a tool sends. */
const LARGEST_IMAGE = { width: 1568, height: 1568 };

/**
 * The most one tool result may bring into the history. Above WebFetch's own 100 KB body cap plus its
 * header lines (so a page it already cut passes as it is), and well below `HISTORY_BUDGET.high`, so a
 * single result never fills the budget alone.
 */
export const MAX_TOOL_RESULT_CHARS = 120_000;

export interface FittedHistory {
  /** The input array itself when nothing was trimmed; otherwise a copy (the input is never changed). */
  messages: Anthropic.MessageParam[];
  /** How many tool results became placeholders in this call. */
  trimmed: number;
  /** How many images became stand-ins in this call. */
  imagesDropped: number;
  /** The size of `messages` as the budget counts it (images by their token estimate). */
  chars: number;
}

const PLACEHOLDER = /^\[Earlier output of .+ trimmed to save room: [\d,]+ characters\. Call the tool again if you need it\.\]$/;
const IMAGE_STAND_IN = '[An image shown here earlier was dropped from the history to save room. Call the tool again to see it.]';

type ImageBlock = Anthropic.ImageBlockParam & { source: Anthropic.Base64ImageSource };

/**
 * Keeps the history within `budget`. Nothing changes until it exceeds `budget.high` (or its images
 * `budget.imageBytes`); then the oldest images in tool results become text stand-ins, and after
 * them the oldest tool results placeholders, each keeping its `tool_use_id` (and `is_error`) so the
 * pairing with its call stays valid, until the size is at most `budget.low` (and the images within
 * their bytes) or nothing is left to trim. The newest message holding tool results (the exchange the
 * model is on) is never touched, nor is any other block. Calling it again on its own output changes
 * nothing.
 */
export function fitHistory(messages: Anthropic.MessageParam[], budget: HistoryBudget = HISTORY_BUDGET): FittedHistory {
  let chars = weigh(messages);
  const newest = messages.findLastIndex(holdsToolResults);
  const maxImageBytes = budget.imageBytes ?? HISTORY_BUDGET.imageBytes;
  let imageBytes = messages.slice(0, Math.max(0, newest)).reduce((sum, message) => sum + imageBytesOf(message), 0);
  const overHigh = chars > budget.high;
  if (!overHigh && imageBytes <= maxImageBytes) return { messages, trimmed: 0, imagesDropped: 0, chars };
  const fitted = [...messages];
  let trimmed = 0;
  let imagesDropped = 0;
  // Each block is swapped for a smaller one; the total changes by exactly the difference of their weights.
  const swap = <Slim>(block: unknown, slim: Slim): Slim => {
    chars -= weigh(block) - weigh(slim);
    return slim;
  };
  const dropImages = (block: Anthropic.ContentBlockParam) => {
    if (block.type !== 'tool_result' || typeof block.content === 'string' || !block.content) return block;
    let changed = false;
    const content = block.content.map((part) => {
      if (!((overHigh && chars > budget.low) || imageBytes > maxImageBytes) || !isBase64Image(part)) return part;
      imageBytes -= part.source.data.length;
      imagesDropped += 1;
      changed = true;
      return swap<Anthropic.TextBlockParam>(part, { type: 'text', text: IMAGE_STAND_IN });
    });
    return changed ? { ...block, content } : block;
  };
  const trimResult = (names: Map<string, string>) => (block: Anthropic.ContentBlockParam) => {
    if (chars <= budget.low || block.type !== 'tool_result') return block;
    const slim = placeholderFor(block, names.get(block.tool_use_id));
    if (!slim) return block;
    trimmed += 1;
    return swap(block, slim);
  };
  for (const change of [dropImages, ...(overHigh ? [trimResult(toolNames(messages))] : [])]) {
    for (let index = 0; index < newest; index += 1) {
      const message = fitted[index]!;
      if (message.role !== 'user' || typeof message.content === 'string') continue;
      const content = message.content.map(change);
      if (content.some((block, i) => block !== (message.content as Anthropic.ContentBlockParam[])[i]))
        fitted[index] = { ...message, content };
    }
  }
  return trimmed + imagesDropped > 0 ? { messages: fitted, trimmed, imagesDropped, chars } : { messages, trimmed, imagesDropped, chars };
}

/**
 * The size of anything in the history as the budget counts it: its JSON, but each base64 image by
 * its token estimate instead of its data.
 */
function weigh(value: unknown): number {
  let images = 0;
  const json = JSON.stringify(value, (_key, part: unknown) => {
    if (!isBase64Image(part)) return part;
    // Written as `0`: one character instead of the block.
    images += imageTokens(part) * CHARS_PER_TOKEN - 1;
    return 0;
  });
  return json.length + Math.ceil(images);
}

/** Anthropic's estimate of an image's cost: width × height / 750 tokens. */
export function imageTokens(block: ImageBlock): number {
  const { width, height } = imageDimensions(block.source.data);
  return Math.ceil((width * height) / 750);
}

/** Read from the image's header: the first 48 KB hold it for every format a tool sends. */
function imageDimensions(base64: string): { width: number; height: number } {
  for (const data of [base64.slice(0, 65_536), base64]) {
    try {
      const { width, height } = imageSize(Buffer.from(data, 'base64'));
      if (width && height) return { width, height };
    } catch {
      // A header cut short: the whole image is read next.
    }
  }
  return LARGEST_IMAGE;
}

function isBase64Image(part: unknown): part is ImageBlock {
  const block = part as Partial<Anthropic.ImageBlockParam> | null;
  return typeof block === 'object' && block !== null && block.type === 'image' && block.source?.type === 'base64';
}

function imageBytesOf(message: Anthropic.MessageParam): number {
  if (typeof message.content === 'string') return 0;
  let bytes = 0;
  for (const block of message.content) {
    if (block.type !== 'tool_result' || typeof block.content === 'string' || !block.content) continue;
    for (const part of block.content) if (isBase64Image(part)) bytes += part.source.data.length;
  }
  return bytes;
}

/** A tool's output cut to `max` characters, with a visible note saying so. */
export function capToolResult(text: string, max: number = MAX_TOOL_RESULT_CHARS): string {
  if (text.length <= max) return text;
  const note = (shown: number) =>
    `\n\n[Output truncated to save room: the first ${shown.toLocaleString('en-US')} of ${text.length.toLocaleString('en-US')} characters are shown.]`;
  // A note naming `max` is at least as long as the one naming the final cut, so the whole fits.
  let end = Math.max(0, max - note(max).length);
  // Never split a surrogate pair: a lone half is not valid Unicode for the API.
  if (end > 0 && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
  return text.slice(0, end) + note(end);
}

function holdsToolResults(message: Anthropic.MessageParam): boolean {
  return message.role === 'user' && typeof message.content !== 'string' && message.content.some((block) => block.type === 'tool_result');
}

/** tool_use id → tool name, from the assistant turns. */
function toolNames(messages: readonly Anthropic.MessageParam[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const message of messages) {
    if (message.role !== 'assistant' || typeof message.content === 'string') continue;
    for (const block of message.content) if (block.type === 'tool_use') names.set(block.id, block.name);
  }
  return names;
}

/** The block's placeholder, or undefined when it already is one or would not be smaller. */
function placeholderFor(block: Anthropic.ToolResultBlockParam, name = 'a tool'): Anthropic.ToolResultBlockParam | undefined {
  const { content } = block;
  if (content === undefined || (typeof content === 'string' && PLACEHOLDER.test(content))) return undefined;
  const size = typeof content === 'string' ? content.length : weigh(content);
  const text = `[Earlier output of ${name} trimmed to save room: ${size.toLocaleString('en-US')} characters. Call the tool again if you need it.]`;
  return text.length < size ? { ...block, content: text } : undefined;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
