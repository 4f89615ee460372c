import Anthropic from '@anthropic-ai/sdk';
import { phrase, type Phrase } from '../i18n/index.js';
import { errorText, NONE } from './reasons.js';

/** How the agent reaches the model: a ready client (tests, proxies) or a key and base URL. */
export interface ModelOptions {
  client?: Anthropic;
  apiKey?: string;
  baseURL?: string;
  model: string;
  /** Output room per request; doubled once when a tool call is cut off. */
  maxTokens?: number;
}

export const DEFAULT_MAX_TOKENS = 8192;
export const MAX_TOKENS_CEILING = 32_000;
/**
 * An explicit per-request timeout for a streamed request (the whole answer, not the first byte): a
 * long answer at the doubled max_tokens may take minutes.
 */
export const REQUEST_TIMEOUT_MS = 10 * 60_000;

export function modelClient(options: ModelOptions): Anthropic {
  if (options.client) return options.client;
  if (!options.apiKey) throw new Error('The agent needs a model key (ANTHROPIC_API_KEY) or a client');
  return new Anthropic({ apiKey: options.apiKey, baseURL: options.baseURL });
}

/** Why a model request failed, with the API's own words as a detail, and whether trying again later may help. */
export function describeModelError(error: unknown): { reason: Phrase; retryable: boolean } {
  if (error instanceof Anthropic.APIConnectionError) {
    return { reason: phrase('runEnd.modelUnreachable', { detail: error.message }), retryable: true };
  }
  if (error instanceof Anthropic.APIError) {
    const status = error.status;
    const detail = error.apiMessage ?? error.message;
    const retryable = status === undefined || status === 408 || status === 409 || status === 429 || status >= 500;
    const problem = status === 401 || status === 403 ? 'key' : status === 429 ? 'rateLimit' : 'failed';
    return { reason: phrase('runEnd.modelApi', { problem, status: status ? String(status) : NONE, detail }), retryable };
  }
  return { reason: phrase('runEnd.modelRequest', { detail: errorText(error) }), retryable: false };
}
