import type Anthropic from '@anthropic-ai/sdk';

/**
 * When the history (as serialized JSON) grows past `high` characters, the oldest tool results give
 * way to short placeholders until it is back under `low`.
 *
 * - high, 200,000 characters: about 50–70K tokens, well inside every model's window (200K tokens on
 *   the smallest) next to the tools, the system prompt and 32K of output, and a
 *   request of that size read from cache costs around a cent.
 * - low, 100,000 characters: the gap is the hysteresis. Trimming changes an early block, so the
 *   cached prefix is lost from there; after a trim the history must grow by ~100,000
 *   characters (dozens of ordinary turns, or one fetched page) before the next one.
 */
export interface HistoryBudget {
  high: number;
  low: number;
}

export const HISTORY_BUDGET: HistoryBudget = { high: 200_000, low: 100_000 };

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
  /** The serialized size of `messages`. */
  chars: number;
}

const PLACEHOLDER = /^\[Earlier output of .+ trimmed to save room: [\d,]+ characters\. Call the tool again if you need it\.\]$/;

/**
 * Keeps the history within `budget`. Nothing changes until it exceeds `budget.high`; then the oldest
 * tool results (in message order) are replaced by placeholders, each keeping its `tool_use_id` (and
 * `is_error`) so the pairing with its call stays valid, until the size is at most `budget.low` or
 * nothing is left to trim. The newest message holding tool results (the exchange the model is on)
 * is never touched, nor is any other block. Calling it again on its own output changes nothing.
 */
export function fitHistory(messages: Anthropic.MessageParam[], budget: HistoryBudget = HISTORY_BUDGET): FittedHistory {
  let chars = JSON.stringify(messages).length;
  if (chars <= budget.high) return { messages, trimmed: 0, chars };
  const newest = messages.findLastIndex(holdsToolResults);
  const names = toolNames(messages);
  const fitted = [...messages];
  let trimmed = 0;
  for (let index = 0; index < newest && chars > budget.low; index += 1) {
    const message = fitted[index]!;
    if (message.role !== 'user' || typeof message.content === 'string') continue;
    let changed = false;
    const content = message.content.map((block) => {
      if (chars <= budget.low || block.type !== 'tool_result') return block;
      const slim = placeholderFor(block, names.get(block.tool_use_id));
      if (!slim) return block;
      // JSON.stringify concatenates its parts, so the whole shrinks by exactly the block's difference.
      chars -= JSON.stringify(block).length - JSON.stringify(slim).length;
      trimmed += 1;
      changed = true;
      return slim;
    });
    if (changed) fitted[index] = { ...message, content };
  }
  return trimmed > 0 ? { messages: fitted, trimmed, chars } : { messages, trimmed, chars };
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
  const size = typeof content === 'string' ? content.length : JSON.stringify(content).length;
  const text = `[Earlier output of ${name} trimmed to save room: ${size.toLocaleString('en-US')} characters. Call the tool again if you need it.]`;
  return text.length < size ? { ...block, content: text } : undefined;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
