import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { request } from 'undici';
import type { z } from 'zod';
import type { Logger } from '../log.js';
import { phrase, type Phrase } from '../i18n/index.js';
import { currentCredential, fallBackFrom, type PlaneCredential } from './credential.js';
import { PlaneError, planeHttpError, refusesKey } from './errors.js';
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
  /** The limiter of a person's token (credential.ts): each token has its own budget. The bot key's otherwise. */
  limiterFor?: (token: string) => PlaneLimiter;
  logger?: Logger;
  /** How a 429's Retry-After is waited out; tests replace it. */
  sleep?: (ms: number) => Promise<void>;
  meter?: PlaneMeter;
}

/** What the client tells whoever measures it (the process's metrics). */
export interface PlaneMeter {
  /** Each answer's HTTP status; 0 when Plane could not be reached. */
  request(status: number): void;
  /** How long a request waited for the rate limiter before it went out. */
  limiterWait(waitedMs: number): void;
}

const MAX_RETRY_AFTER_MS = 60_000;

/**
 * How long a call may wait for Plane's rate limit, and who hears while it waits: the MCP front end,
 * whose clients give up on a request after a minute, sets one per tool call.
 */
export interface PlaneWaitPolicy {
  /** Epoch ms: no wait for Plane's budget may end after it. */
  deadline: number;
  /** While waiting: how long so far, and how long until a slot frees as far as known. */
  onWait?: (waitedMs: number, etaMs: number) => void;
  reportEveryMs?: number;
}

const waits = new AsyncLocalStorage<PlaneWaitPolicy>();

/** Runs `work` with a bound on every wait for Plane's rate limit in it (see PlaneWaitPolicy). */
export function withPlaneWaitPolicy<T>(policy: PlaneWaitPolicy, work: () => Promise<T>): Promise<T> {
  return waits.run(policy, work);
}

/** The readable answer when a wait would outlast the caller's bound. */
function rateLimitSpent(waitMs: number): PlaneError {
  return new PlaneError(phrase('planeError.rateLimitSpent', { seconds: Math.max(1, Math.ceil(waitMs / 1000)) }), 429);
}

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

/** Plane's REST API over undici: key header, trailing slashes, readable errors, pacing, 429s waited out. */
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
    if (answer.status < 200 || answer.status >= 300)
      throw planeHttpError(answer.status, answer.body, req, (await currentCredential()) !== undefined);
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

  /**
   * Sends, waiting out 429s: Plane does not count a throttled request and its Retry-After is when a
   * slot frees, so each 429 costs only that wait. Under a wait policy (planeWaitPolicy) no wait may
   * end past the policy's deadline: the call fails at once with when to try again instead.
   */
  private async send(req: PlaneRequest): Promise<RawAnswer> {
    // Without a policy, a key another client keeps saturated ends the call after two windows of waits.
    const giveUpAt = Date.now() + 2 * MAX_RETRY_AFTER_MS;
    for (;;) {
      const credential = req.auth === false ? undefined : await currentCredential();
      const answer = await this.attempt(req, credential);
      // A person's token Plane refuses is forgotten, and the same request goes again with the bot's key.
      if (credential && refusesKey(answer.status, answer.body)) {
        this.options.logger?.warn({ path: req.path, status: answer.status }, 'plane refused a personal token; going on with the bot key');
        await fallBackFrom(credential);
        continue;
      }
      if (answer.status !== 429) return answer;
      if (Date.now() > giveUpAt) throw planeHttpError(429, answer.body, req);
      const retryAfterMs = Math.min(MAX_RETRY_AFTER_MS, Math.max(1, Number(header(answer.headers, 'retry-after')) || 60) * 1000);
      this.options.logger?.warn({ path: req.path, retryAfterMs }, 'plane rate limit hit; waiting for Retry-After');
      await this.limiterOf(credential).observeThrottled(retryAfterMs);
      const policy = waits.getStore();
      if (policy && Date.now() + retryAfterMs > policy.deadline) throw rateLimitSpent(retryAfterMs);
      await this.waitReporting(this.sleep(retryAfterMs), retryAfterMs);
    }
  }

  private limiterOf(credential: PlaneCredential | undefined): PlaneLimiter {
    return credential && this.options.limiterFor ? this.options.limiterFor(credential.token) : this.options.limiter;
  }

  private attempt(req: PlaneRequest, credential: PlaneCredential | undefined): Promise<RawAnswer> {
    // The meters of whoever asks for the request: the limiter may run it from another caller's context.
    const counting = meters.getStore() ?? [];
    if (req.auth === false) return this.exchange(req, counting);
    const key = credential?.token ?? this.options.apiKey;
    const limiter = this.limiterOf(credential);
    const policy = waits.getStore();
    let abandoned = false;
    const queuedAt = Date.now();
    const scheduled = limiter.schedule(async () => {
      // A call that stopped waiting sends nothing (its unit goes back a window later all the same).
      if (abandoned) return undefined;
      this.options.meter?.limiterWait(Date.now() - queuedAt);
      const answer = await this.exchange(req, counting, key);
      const remaining = numberHeader(answer.headers, 'x-ratelimit-remaining');
      if (remaining !== undefined) await limiter.observeRemaining(remaining, serverWindowMs(answer.headers));
      return answer;
    });
    if (!policy) return scheduled.then((answer) => answer!);
    // Bottleneck starts a queued task when a unit comes back; past the deadline the call gives up.
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => {
          abandoned = true;
          reject(rateLimitSpent(limiter.nextSlotMs()));
        },
        Math.max(0, policy.deadline - Date.now()),
      );
    });
    const started = Promise.race([scheduled.then((answer) => answer!), late]);
    return this.waitReporting(started, () => limiter.nextSlotMs()).finally(() => clearTimeout(timer));
  }

  /** Tells the policy's `onWait` every few seconds while `work` has not ended. */
  private async waitReporting<T>(work: Promise<T>, etaMs: number | (() => number)): Promise<T> {
    const policy = waits.getStore();
    if (!policy?.onWait) return work;
    const started = Date.now();
    const eta = () => (typeof etaMs === 'number' ? Math.max(0, started + etaMs - Date.now()) : etaMs());
    const tick = setInterval(() => policy.onWait!(Date.now() - started, eta()), policy.reportEveryMs ?? 5_000);
    try {
      return await work;
    } finally {
      clearInterval(tick);
    }
  }

  private async exchange(req: PlaneRequest, counting: readonly { requests: number }[], key?: string): Promise<RawAnswer> {
    const url = this.url(req);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (key !== undefined) headers['x-api-key'] = key;
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
      this.options.meter?.request(0);
      const reason = (error as { code?: string }).code ?? (error as Error).message;
      throw new PlaneError(phrase('planeError.unreachable', { url: this.baseUrl, what: req.what, reason }));
    }
    this.options.meter?.request(response.statusCode);
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
    for (const [name, value] of Object.entries(req.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
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

/**
 * The server's rate window, at most: Plane's `X-RateLimit-Reset` is the request's time plus the
 * throttle's duration (whole seconds), reckoned when the request came; the answer's `Date` (the
 * server's clock too, whatever the local one says) is when it left, up to a second later across a
 * second's edge. So the window is Reset − Date, or a second more: the bound is the second more,
 * never less than the window, so that slots never come back before the server frees them. Without
 * a `Date`, the local clock stands for it.
 */
export function serverWindowMs(headers: RawAnswer['headers'], now = Date.now()): number | undefined {
  const reset = numberHeader(headers, 'x-ratelimit-reset');
  if (reset === undefined) return undefined;
  const date = Date.parse(header(headers, 'date') ?? '');
  const answeredAt = Number.isNaN(date) ? Math.floor(now / 1000) * 1000 : date;
  const window = reset * 1000 - answeredAt + 1000;
  return window > 1000 ? window : undefined;
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
  const issues = error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'the answer'}: ${issue.message}`);
  return error.issues.length > 3 ? `${issues.join('; ')}; …` : issues.join('; ');
}
