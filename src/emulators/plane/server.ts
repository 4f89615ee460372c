import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { authenticate, isPermitted } from './auth.js';
import type { ApiContext, BaseContext, Reply } from './context.js';
import type { FakePlaneDb } from './db.js';
import { ApiError, bodies } from './errors.js';
import type { PageRules } from './pagination.js';
import type { RateLimiter } from './rate-limiter.js';
import type { Route, RouteAccess, Router } from './router.js';
import { Serializers } from './serializers.js';
import { BUCKET, type Storage } from './storage.js';
import type { Flavour } from './version.js';
import type { WebhookSender } from './webhooks.js';

/** One request as the fake saw it, including the ones answered 301/401/403/429. */
export interface RecordedRequest {
  method: string;
  /** Path without the query string, e.g. `/api/v1/users/me/` or `/uploads/<key>` for storage. */
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** The X-Api-Key header as sent, if any. */
  apiKey: string | undefined;
  body: string;
  /** The status answered (0 until the answer is written). */
  status: number;
  /** The fake's clock when the request arrived. */
  time: number;
  /** The message of an unexpected exception behind a 500. */
  error?: string;
}

export interface ServerParts {
  db: FakePlaneDb;
  flavour: Flavour;
  router: Router;
  limiter: RateLimiter;
  /** The throttle of the public routes, per client address (FakePlaneOptions.anonymousRateLimit). */
  anonymousLimiter?: RateLimiter;
  storage: Storage;
  pageRules: PageRules;
  requests: RecordedRequest[];
  webhooks: WebhookSender;
  now: () => number;
}

/** FILE_SIZE_LIMIT, enforced by a middleware before any view. */
const BODY_LIMIT = 5_242_880;

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** DRF parses the body lazily, so parse errors come after auth and throttling. */
function parseBody(headers: IncomingHttpHeaders, raw: Buffer): unknown {
  const contentType = headers['content-type'];
  if (raw.length === 0 || contentType === undefined) return {};
  if (!/^application\/json\b/i.test(contentType)) {
    // Form and multipart parsing are not emulated (JSON is all a client needs).
    throw new ApiError(415, { detail: `Unsupported media type "${contentType}" in request.` });
  }
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch (error) {
    throw new ApiError(400, { detail: `JSON parse error - ${(error as Error).message}` });
  }
}

function send(response: ServerResponse, reply: Reply, now: number): void {
  // Stamped from the fake's clock as the answer leaves, as Django does: Node's own Date is a cached
  // string that lags a second behind when its refresh timer runs late on a busy machine.
  const headers: Record<string, string> = { Date: new Date(now).toUTCString(), ...reply.headers };
  let payload: Buffer | string = '';
  if (Buffer.isBuffer(reply.body) || typeof reply.body === 'string') payload = reply.body;
  else if (reply.body !== undefined) {
    payload = JSON.stringify(reply.body);
    headers['Content-Type'] ??= 'application/json';
  }
  // Django's redirects are HttpResponse subclasses: an empty text/html body.
  headers['Content-Type'] ??= 'text/html; charset=utf-8';
  response.writeHead(reply.status, headers);
  response.end(payload);
}

/** An ApiError as it says; anything else is a view crash, answered as Plane's generic 500. */
function replyForError(error: unknown, record: RecordedRequest): Reply {
  if (error instanceof ApiError) return { status: error.status, body: error.body, headers: error.headers };
  record.error = error instanceof Error ? error.message : String(error);
  return { status: 500, body: bodies.somethingWentWrong };
}

export function createListener(parts: ServerParts): (request: IncomingMessage, response: ServerResponse) => void {
  return (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake-plane.invalid');
    const apiKeyHeader = request.headers['x-api-key'];
    const record: RecordedRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: request.headers,
      apiKey: Array.isArray(apiKeyHeader) ? apiKeyHeader[0] : apiKeyHeader,
      body: '',
      status: 0,
      time: parts.now(),
    };
    parts.requests.push(record);
    void readBody(request)
      .then((raw) => {
        record.body = raw.toString('utf8');
        return answer(parts, record, url, raw, request.headers, request.socket.remoteAddress ?? '');
      })
      .catch((error: unknown) => replyForError(error, record))
      .then((reply) => {
        record.status = reply.status;
        send(response, reply, parts.now());
      });
  };
}

/** The pipeline, in Django/DRF order: middleware, URL resolution, auth, permission, throttle, view. */
async function answer(
  parts: ServerParts,
  record: RecordedRequest,
  url: URL,
  raw: Buffer,
  headers: IncomingHttpHeaders,
  address: string,
): Promise<Reply> {
  const { method, path } = record;
  const query = url.searchParams;
  if (path.startsWith(`/${BUCKET}/`)) return parts.storage.serve(method, path, query, headers);
  if (raw.length > BODY_LIMIT) {
    return {
      status: 413,
      body: { error: 'REQUEST_BODY_TOO_LARGE', detail: `Request body exceeds the limit of ${BODY_LIMIT} bytes.` },
    };
  }
  let decodedPath: string;
  try {
    decodedPath = decodeURIComponent(path);
  } catch {
    return { status: 404, body: bodies.pageNotFound };
  }
  const match = parts.router.match(decodedPath);
  if (!match) {
    const location = parts.router.slashRedirect(decodedPath, url.search);
    if (location) return { status: 301, headers: { Location: location } };
    return { status: 404, body: bodies.pageNotFound };
  }
  const base: BaseContext = {
    method,
    path: decodedPath,
    query,
    params: match.params,
    headers,
    body: {},
    db: parts.db,
    flavour: parts.flavour,
    storage: parts.storage,
    pageRules: parts.pageRules,
    webhooks: parts.webhooks,
  };
  // DRF names the view's methods in `Allow` on every answer of the view, errors included.
  const allow = { Allow: match.route.allow ?? Object.keys(match.route.methods).join(', ') };
  let reply: Reply;
  try {
    if (match.route.access === 'public') {
      // Anonymous throttling comes before the method check, as in DRF's initial(); its 429 is the API key's.
      const throttle = parts.anonymousLimiter?.check(address);
      if (throttle && !throttle.allowed) return { status: 429, body: bodies.throttled, headers: { ...allow, ...throttle.headers } };
      const handler = match.route.methods[method];
      if (!handler) throw new ApiError(405, bodies.methodNotAllowed(method));
      reply = await handler(base);
    } else reply = await answerApi(parts, match.route, base, raw, record);
  } catch (error) {
    reply = replyForError(error, record);
  }
  return { ...reply, headers: { ...allow, ...reply.headers } };
}

async function answerApi(
  parts: ServerParts,
  route: Extract<Route, { access: RouteAccess }>,
  base: BaseContext,
  raw: Buffer,
  record: RecordedRequest,
): Promise<Reply> {
  let identity: ReturnType<typeof authenticate>;
  try {
    identity = authenticate(parts.db, base.headers);
  } catch (error) {
    // v2 reports auth failures as 401 problem+json (from Plane's docs only).
    if (route.access === 'v2' && error instanceof ApiError) {
      return {
        status: 401,
        body: { type: 'about:blank', code: 'authentication_failed', detail: (error.body as { detail: string }).detail },
        headers: { 'Content-Type': 'application/problem+json' },
      };
    }
    throw error;
  }
  const access = route.access === 'v2' ? 'user' : route.access;
  if (!isPermitted(parts.db, access, identity.user, base.method, base.params)) throw new ApiError(403, bodies.noPermission);
  const throttle = parts.limiter.check(identity.apiKey);
  if (!throttle.allowed) return { status: 429, body: bodies.throttled, headers: throttle.headers };

  let reply: Reply;
  try {
    const handler = route.methods[base.method];
    if (!handler) throw new ApiError(405, bodies.methodNotAllowed(base.method));
    const body = base.method === 'POST' || base.method === 'PATCH' ? parseBody(base.headers, raw) : {};
    const context: ApiContext = { ...base, body, ...identity, out: new Serializers(parts.db, identity.user) };
    reply = await handler(context);
  } catch (error) {
    reply = replyForError(error, record);
  }
  // Every response of a throttled view carries the limiter's headers, errors included.
  return { ...reply, headers: { ...reply.headers, ...throttle.headers } };
}
