import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { request } from 'undici';
import type { z } from 'zod';
import type { Logger } from '../log.js';
import { phrase, type Phrase } from '../i18n/index.js';
import { PlaneError, planeHttpError } from './errors.js';
import type { PlaneLimiter } from './limiter.js';

export interface PlaneRequest {
  method?: 'GET' | 'POST' | 'PATCH';
  /** From the origin, e.g. `/api/v1/workspaces/acme/projects/`; the trailing slash is added if missing. */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** Names what is asked for, for error messages: "work item ACME-130 in workspace acme". */
  what: string;
  /** What a 404 means for this request, when more than "Plane has no {what}" can be said in every language. */
  missing?: Phrase;
  /** False for the unauthenticated instance probe: no key, no limiter. */
  auth?: boolean;
}

export interface PlaneHttpOptions {
  baseUrl: string;
  apiKey: string;
  limiter: PlaneLimiter;
  logger?: Logger;
  /** How a 429's Retry-After is waited out; tests replace it. */
  sleep?: (ms: number) => Promise<void>;
}

const MAX_RETRY_AFTER_MS = 60_000;

/** The request counters of the `metered` calls under way in this async context. */
const meters = new AsyncLocalStorage<{ requests: number }[]>();
const TIMEOUT_MS = 30_000;

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON, or the text as received when it is not JSON (an error page). */
  body: unknown;
  json: boolean;
}

/** Plane's REST API over undici: key header, trailing slashes, readable errors, pacing, one 429 retry. */
export class PlaneHttp {
  readonly baseUrl: string;
  /** Rows per page: CE's maximum, one request per 1,000 rows; lowered when a server says less. */
  pageSize = 1000;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: PlaneHttpOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.sleep = options.sleep ?? ((ms) => delay(ms));
  }

  /**
   * The JSON answer of a 2xx, checked against `shape`; any other status, and a 2xx that is not that
   * JSON (a proxy's HTML page, a cut body, another shape), becomes a PlaneError naming the request.
   */
  async json<T>(req: PlaneRequest, shape: z.ZodType<T>): Promise<T> {
    const answer = await this.send(req);
    if (answer.status < 200 || answer.status >= 300) throw planeHttpError(answer.status, answer.body, req);
    const request = `${req.method ?? 'GET'} ${this.pathOf(req)} (${req.what})`;
    // An empty body (a 204) is what a shape that allows undefined expects; anything else must be JSON.
    const parsed = shape.safeParse(answer.body);
    if (parsed.success && (answer.json || answer.body === undefined)) return parsed.data;
    if (!answer.json) {
      const start = typeof answer.body === 'string' ? oneLine(answer.body) : '';
      const notJson = phrase('planeError.notJson', { request, status: answer.status, empty: start ? 'no' : 'yes', start });
      throw new PlaneError([notJson, phrase('planeError.notPlane')], answer.status);
    }
    const otherShape = phrase('planeError.otherShape', { request, issues: describeIssues(parsed.error!) });
    throw new PlaneError([otherShape, phrase('planeError.notPlane')], answer.status);
  }

  /**
   * Runs `work` and counts the HTTP requests it sends to Plane (429 retries and the instance probe
   * included), however they interleave with other callers' requests.
   */
  async metered<T>(work: () => Promise<T>): Promise<{ result: T; requests: number }> {
    const meter = { requests: 0 };
    const result = await meters.run([...(meters.getStore() ?? []), meter], work);
    return { result, requests: meter.requests };
  }

  /** The `Location` of a redirect answer (attachment downloads); redirects are not followed. */
  async redirectLocation(req: PlaneRequest): Promise<string> {
    const answer = await this.send(req);
    const location = header(answer.headers, 'location');
    if (answer.status >= 300 && answer.status < 400 && location) return new URL(location, this.baseUrl).href;
    if (answer.status < 300) throw new PlaneError(`Plane answered ${req.what} without a download redirect.`);
    throw planeHttpError(answer.status, answer.body, req);
  }

  private async send(req: PlaneRequest): Promise<RawAnswer> {
    const first = await this.attempt(req);
    if (first.status !== 429) return first;
    const retryAfterMs = Math.min(MAX_RETRY_AFTER_MS, Math.max(1, Number(header(first.headers, 'retry-after')) || 60) * 1000);
    this.options.logger?.warn({ path: req.path, retryAfterMs }, 'plane rate limit hit; retrying once');
    await this.options.limiter.observeThrottled(retryAfterMs);
    await this.sleep(retryAfterMs);
    return this.attempt(req);
  }

  private attempt(req: PlaneRequest): Promise<RawAnswer> {
    // The meters of whoever asks for the request: the limiter may run it from another caller's context.
    const counting = meters.getStore() ?? [];
    if (req.auth === false) return this.exchange(req, counting);
    return this.options.limiter.schedule(async () => {
      const answer = await this.exchange(req, counting);
      const remaining = numberHeader(answer.headers, 'x-ratelimit-remaining');
      // X-RateLimit-Reset is in epoch seconds: when the server's window will have passed.
      const resetAt = numberHeader(answer.headers, 'x-ratelimit-reset');
      if (remaining !== undefined) await this.options.limiter.observeRemaining(remaining, resetAt === undefined ? undefined : resetAt * 1000);
      return answer;
    });
  }

  private async exchange(req: PlaneRequest, counting: readonly { requests: number }[]): Promise<RawAnswer> {
    const url = this.url(req);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (req.auth !== false) headers['x-api-key'] = this.options.apiKey;
    if (req.body !== undefined) headers['content-type'] = 'application/json';
    const method = req.method ?? 'GET';
    for (const meter of counting) meter.requests += 1;
    let response;
    try {
      response = await request(url, {
        method,
        headers,
        body: req.body === undefined ? undefined : JSON.stringify(req.body),
        headersTimeout: TIMEOUT_MS,
        bodyTimeout: TIMEOUT_MS,
      });
    } catch (error) {
      const reason = (error as { code?: string }).code ?? (error as Error).message;
      throw new PlaneError(phrase('planeError.unreachable', { url: this.baseUrl, what: req.what, reason }));
    }
    const text = await response.body.text();
    this.options.logger?.debug({ method, path: req.path, status: response.statusCode }, 'plane request');
    return { status: response.statusCode, headers: response.headers, ...parseBody(text) };
  }

  /** The path as sent, without the query (which may carry a cursor, never worth showing). */
  private pathOf(req: PlaneRequest): string {
    return req.path.endsWith('/') ? req.path : `${req.path}/`;
  }

  private url(req: PlaneRequest): string {
    const url = new URL(this.baseUrl + this.pathOf(req));
    for (const [name, value] of Object.entries(req.query ?? {}))
      if (value !== undefined) url.searchParams.set(name, String(value));
    return url.href;
  }
}

function header(headers: RawAnswer['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function numberHeader(headers: RawAnswer['headers'], name: string): number | undefined {
  const text = header(headers, name);
  const value = Number(text);
  return text !== undefined && text.trim() !== '' && Number.isFinite(value) ? value : undefined;
}

function parseBody(text: string): { body: unknown; json: boolean } {
  if (!text) return { body: undefined, json: false };
  try {
    return { body: JSON.parse(text) as unknown, json: true };
  } catch {
    return { body: text, json: false };
  }
}


/** The start of a text on one line, for an error message. */
function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 80 ? `${flat.slice(0, 80)}…` : flat;
}

/** The first few places where an answer differs from the shape expected, e.g. `results: expected array`. */
function describeIssues(error: z.ZodError): string {
  const issues = error.issues.slice(0, 3).map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'the answer'}: ${issue.message}`);
  return error.issues.length > 3 ? `${issues.join('; ')}; …` : issues.join('; ');
}
