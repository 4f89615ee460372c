import { createHash } from 'node:crypto';
import type Anthropic from '@anthropic-ai/sdk';

/** The usage numbers the fake reports, shaped like the API's. */
export interface FakeUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

/** How far back from a breakpoint a read looks for an earlier write. */
const LOOKBACK = 20;

/**
 * Prompt caching as Anthropic documents it, simplified: the request is the sequence
 * tools → system → message blocks; a breakpoint writes the prefix that ends at it; a later request
 * reads the longest written prefix found within 20 blocks before one of its breakpoints. Tokens are
 * estimated as characters / 4. Enough to tell good breakpoints from bad ones, not a price model.
 */
export class CacheSimulator {
  private readonly written = new Set<string>();

  usage(body: Anthropic.MessageCreateParams, outputChars: number): FakeUsage {
    const blocks = linearize(body);
    const prefixTokens: number[] = [];
    const prefixKeys: string[] = [];
    let tokens = 0;
    let key = '';
    for (const block of blocks) {
      tokens += Math.ceil(block.json.length / 4);
      key = createHash('sha256').update(key).update(block.json).digest('hex');
      prefixTokens.push(tokens);
      prefixKeys.push(key);
    }
    const breakpoints = blocks.flatMap((block, index) => (block.breakpoint ? [index] : []));
    let read = 0;
    for (const point of breakpoints) {
      for (let k = point; k >= Math.max(0, point - LOOKBACK); k -= 1) {
        if (this.written.has(prefixKeys[k]!)) {
          read = Math.max(read, prefixTokens[k]!);
          break;
        }
      }
    }
    const last = breakpoints.at(-1);
    const write = last === undefined ? 0 : Math.max(0, prefixTokens[last]! - read);
    for (const point of breakpoints) this.written.add(prefixKeys[point]!);
    return {
      input_tokens: tokens - read - write,
      output_tokens: Math.max(1, Math.ceil(outputChars / 4)),
      cache_creation_input_tokens: write,
      cache_read_input_tokens: read,
    };
  }
}

/** Each cacheable unit as canonical JSON without its mark, and whether it carried one. */
function linearize(body: Anthropic.MessageCreateParams): { json: string; breakpoint: boolean }[] {
  const unit = (value: object, prefix = '') => {
    const { cache_control, ...rest } = value as { cache_control?: unknown };
    return { json: prefix + JSON.stringify(rest), breakpoint: cache_control != null };
  };
  const system = typeof body.system === 'string' ? [{ type: 'text', text: body.system }] : (body.system ?? []);
  return [
    ...(body.tools ?? []).map((tool) => unit(tool)),
    ...system.map((block) => unit(block, 'system:')),
    ...body.messages.flatMap((message) =>
      (typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content).map((block) =>
        unit(block, `${message.role}:`),
      ),
    ),
  ];
}
