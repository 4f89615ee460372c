/**
 * The WebFetch tool: one HTTP request, redirects followed up to five hops,
 * every hop through the address guard, the body streamed and cut at the cap. It asks by default;
 * whatever is approved, the guard still holds.
 */
import { z } from 'zod';
import { createAddressGuard } from '../../net/address-guard.js';
import { explainFetchFailure, NetError } from '../../net/fetch-errors.js';
import { guardedFetch } from '../../net/guarded-fetch.js';
import { createPinnedDispatcher, type Resolve } from '../../net/pinned-dispatcher.js';
import { defineTool, ToolError, type ToolDefinition } from '../registry.js';
import { fetchResult, fetchResultSchema, formatOutput } from './format-output.js';
import { readCapped } from './read-capped.js';
import { formatBytes, renderBody } from './render-body.js';

export interface WebFetchOptions {
  /** PLANEBOT_WEBFETCH_ALLOW: host names, addresses or CIDRs that may be reached although not public. */
  allow: readonly string[];
  /** How host names resolve; the system resolver by default. Tests answer without DNS. */
  lookup?: Resolve;
  /** The cap on the body read from the network and on the body shown; 100 KB by default. */
  maxBytes?: number;
}

export const WEBFETCH_MAX_BYTES = 100 * 1024;
export const WEBFETCH_TIMEOUT_MS = 30_000;
export const WEBFETCH_MAX_REDIRECTS = 5;
const MAX_TIMEOUT_MS = 120_000;

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const HEADER_VALUE = /^[^\r\n\0]*$/;

const webFetchInput = z
  .object({
    url: z.string().min(1).describe('The http:// or https:// URL to fetch.'),
    method: z.enum(METHODS).default('GET').describe('The HTTP method; GET by default.'),
    headers: z
      .record(
        z.string().regex(HEADER_NAME, 'not a valid HTTP header name'),
        z.string().regex(HEADER_VALUE, 'a header value may not contain line breaks or NUL'),
      )
      .optional()
      .describe('Request headers, e.g. {"Authorization": "Bearer …", "Content-Type": "application/json"}.'),
    body: z.string().optional().describe('The request body, for POST, PUT, PATCH or DELETE.'),
    timeout: z
      .number()
      .int()
      .min(1)
      .max(MAX_TIMEOUT_MS)
      .default(WEBFETCH_TIMEOUT_MS)
      .describe(`Timeout in milliseconds for the whole call; ${WEBFETCH_TIMEOUT_MS} by default, at most ${MAX_TIMEOUT_MS}.`),
  })
  .refine((input) => input.body === undefined || (input.method !== 'GET' && input.method !== 'HEAD'), {
    message: 'a GET or HEAD request cannot carry a body; use POST, PUT, PATCH or DELETE',
    path: ['body'],
  });

type WebFetchInput = z.output<typeof webFetchInput>;

function parseUrl(raw: string): URL {
  try {
    return new URL(raw);
  } catch {
    throw new ToolError(`Invalid URL: ${raw}`);
  }
}

/** The URL as it will be fetched (odd address spellings made plain), a password masked. */
function displayUrl(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.password !== '') url.password = '***';
    return url.href;
  } catch {
    return raw;
  }
}

function withDefaultHeaders(headers: Record<string, string> | undefined): Record<string, string> {
  const given = headers ?? {};
  const hasUserAgent = Object.keys(given).some((name) => name.toLowerCase() === 'user-agent');
  return hasUserAgent ? given : { 'User-Agent': 'Planebot-WebFetch', ...given };
}

function parseLength(header: string | null): number | undefined {
  return header !== null && /^\d+$/.test(header) ? Number(header) : undefined;
}

export function createWebFetchTool(options: WebFetchOptions): ToolDefinition {
  const guard = createAddressGuard(options.allow, 'WebFetch');
  const dispatcher = createPinnedDispatcher(guard, options.lookup);
  const maxBytes = options.maxBytes ?? WEBFETCH_MAX_BYTES;

  return defineTool({
    name: 'WebFetch',
    description:
      'Fetch a URL over HTTP or HTTPS and return the response status, headers and body. ' +
      'JSON is pretty-printed, text and XML are returned as they are, HTML is converted to plain text, ' +
      `binary content is summarised by type and size. The body is cut at ${formatBytes(maxBytes)}; ` +
      `up to ${WEBFETCH_MAX_REDIRECTS} redirects are followed. Only public addresses can be reached.`,
    input: webFetchInput,
    output: fetchResultSchema,
    // Any public host: what it answers is outside the bot's reach, so a person approves each call.
    effects: { readOnly: false, destructive: false, openWorld: true },
    permission: 'ask',
    progress: (input: WebFetchInput, t) => {
      const host = URL.parse(input.url)?.host;
      return host ? t.t('tool.step.fetch', { host }) : t.t('tool.step.fetchPage');
    },
    describe(input: WebFetchInput, t) {
      const details = [
        ...(input.headers && Object.keys(input.headers).length > 0
          ? [t.t('tool.does.fetchHeaders', { names: Object.keys(input.headers).join(', ') })]
          : []),
        ...(input.body !== undefined ? [t.t('tool.does.fetchBody', { bytes: Buffer.byteLength(input.body) })] : []),
      ];
      const said = { method: input.method, url: displayUrl(input.url) };
      return details.length > 0
        ? t.t('tool.does.fetchWith', { ...said, details: details.join(t.t('tool.field.separator')) })
        : t.t('tool.does.fetch', said);
    },
    async run(input: WebFetchInput, context) {
      const url = parseUrl(input.url);
      const timeout = AbortSignal.timeout(input.timeout);
      const signal = context.signal ? AbortSignal.any([timeout, context.signal]) : timeout;
      try {
        const fetched = await guardedFetch(
          { url, method: input.method, headers: withDefaultHeaders(input.headers), body: input.body },
          { guard, dispatcher, signal, maxRedirects: WEBFETCH_MAX_REDIRECTS },
        );
        const { response } = fetched;
        const body = await readCapped(response.body, maxBytes);
        const declaredLength = parseLength(response.headers.get('content-length'));
        const rendered = await renderBody(body, response.headers.get('content-type'), declaredLength);
        const summary = {
          status: response.status,
          statusText: response.statusText,
          url: fetched.url.href,
          redirectedFrom: fetched.redirectedFrom.map((hop) => hop.href),
          headers: response.headers,
        };
        const result = fetchResult(summary, rendered, body, maxBytes, declaredLength);
        return { text: formatOutput(result), data: result };
      } catch (error) {
        if (timeout.aborted) throw new ToolError(`Timed out after ${input.timeout} ms fetching ${url.href}.`);
        if (context.signal?.aborted) throw new ToolError(`Cancelled while fetching ${url.href}.`);
        const explained = explainFetchFailure(error, url);
        throw explained instanceof NetError ? new ToolError(explained.message) : explained;
      }
    },
  });
}
