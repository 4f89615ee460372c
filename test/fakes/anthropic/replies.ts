import type Anthropic from '@anthropic-ai/sdk';
import type { FakeUsage } from './cache-simulator.js';

/** One scripted answer of the fake Messages API. */
export type Reply =
  | {
      kind: 'message';
      content: Anthropic.ContentBlock[];
      stop_reason: string;
      stop_details?: { category: string | null; explanation: string | null; type?: string } | null;
      /** Reported as given; otherwise the cache simulator computes it from the request. */
      usage?: FakeUsage;
      /** When streamed, the pause after each delta (a model writing slowly). */
      deltaDelayMs?: number;
    }
  | { kind: 'error'; status: number; type: string; message: string };

let toolIds = 0;

export function textBlock(text: string): Anthropic.TextBlock {
  return { type: 'text', text, citations: null };
}

export function toolUseBlock(name: string, input: unknown, id = `toolu_fake_${++toolIds}`): Anthropic.ToolUseBlock {
  return { type: 'tool_use', id, name, input } as Anthropic.ToolUseBlock;
}

/** The model ends its turn with text. */
export function textReply(text: string): Reply {
  return { kind: 'message', content: [textBlock(text)], stop_reason: 'end_turn' };
}

/** The model asks for one or more tool calls (parallel when several), optionally after some text. */
export function toolReply(calls: { name: string; input: unknown; id?: string }[], text?: string): Reply {
  return {
    kind: 'message',
    content: [...(text ? [textBlock(text)] : []), ...calls.map((call) => toolUseBlock(call.name, call.input, call.id))],
    stop_reason: 'tool_use',
  };
}

/** Any stop reason with any content, for the unusual endings. */
export function stopReply(
  stop_reason: string,
  content: Anthropic.ContentBlock[] = [],
  extra: Partial<Extract<Reply, { kind: 'message' }>> = {},
): Reply {
  return { kind: 'message', content, stop_reason, ...extra };
}

/** An API error response, e.g. errorReply(529, 'overloaded_error', 'Overloaded'). */
export function errorReply(status: number, type: string, message: string): Reply {
  return { kind: 'error', status, type, message };
}

/** How many requests the SDK makes for one failing call: the first and its two retries. */
export const SDK_ATTEMPTS = 3;

/** A 500 that the SDK's own retries meet as well: the run fails, and Retry is worth offering. */
export function modelDown(): Reply[] {
  return Array.from({ length: SDK_ATTEMPTS }, () => errorReply(500, 'api_error', 'Internal error'));
}
