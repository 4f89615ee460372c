import type Anthropic from '@anthropic-ai/sdk';

/**
 * Prompt-cache breakpoints: the last tool and the system prompt are the
 * same for every run, so they are cached for an hour (threads often pause longer than 5 minutes); the
 * newest user turn is marked with the default 5 minutes so that the next request of the loop reads the
 * whole history from cache. Three of the four slots; 1 h marks come before the 5 min one as required.
 */
const LONG: Anthropic.CacheControlEphemeral = { type: 'ephemeral', ttl: '1h' };
const TURN: Anthropic.CacheControlEphemeral = { type: 'ephemeral' };

/**
 * The tools with a mark on the last one; `sharedLength` also marks the end of the first tools that
 * sub-agents get as their whole list (all but the agent's own delegate), so that their first requests
 * read that prefix from the agent's cache. That is the fourth and last breakpoint.
 */
export function cachedTools(tools: readonly Anthropic.Tool[], sharedLength?: number): Anthropic.Tool[] {
  const marked = new Set([tools.length - 1, ...(sharedLength ? [sharedLength - 1] : [])]);
  return tools.map((tool, index) => (marked.has(index) ? { ...tool, cache_control: LONG } : tool));
}

export function cachedSystem(text: string): Anthropic.TextBlockParam[] {
  return [{ type: 'text', text, cache_control: LONG }];
}

/**
 * A copy of the conversation with one mark, on the last block of the newest user message. The stored
 * history never carries marks, so older turns need no unmarking.
 */
export function cachedMessages(messages: readonly Anthropic.MessageParam[]): Anthropic.MessageParam[] {
  const last = messages.length - 1;
  return messages.map((message, index) => {
    if (index !== last || message.role !== 'user') return message;
    const blocks: Anthropic.ContentBlockParam[] =
      typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : [...message.content];
    const tail = blocks[blocks.length - 1];
    // User turns end in the request's text or in tool results; both can carry a mark.
    if (tail?.type === 'text' || tail?.type === 'tool_result') blocks[blocks.length - 1] = { ...tail, cache_control: TURN };
    return { ...message, content: blocks };
  });
}
