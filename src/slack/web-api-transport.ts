import { Agent, request } from 'undici';

type Fetch = typeof globalThis.fetch;

/** A Slack answer read whole: what the Web API clients' fetch meters and hands on as one Response. */
export interface SlackAnswer {
  status: number;
  statusText: string;
  headers: Headers;
  /** Null for the statuses that have no body (204, 304). */
  body: Uint8Array | null;
}

/** A call the clients make: the Web API's form posts and the response_url's JSON posts, never a redirect. */
export type SlackSend = (input: Parameters<Fetch>[0], init?: Parameters<Fetch>[1]) => Promise<SlackAnswer>;

const NO_BODY = new Set([101, 103, 204, 205, 304]);
/**
 * The package's own pool: the global dispatcher is Node's bundled undici once anything has called
 * fetch, and the package's request() then goes through a compatibility wrapper on every call.
 */
const dispatcher = new Agent();
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Sends one call of the Slack clients. A call whose body is text (every Web API method but the file
 * uploads, and the response_url posts) goes through undici's `request`, which costs about half the
 * CPU of `fetch` (no Request, no WHATWG streams); anything else (a FormData upload, a stream) through
 * `fetch`. Either way the answer is read whole, once.
 */
export const sendToSlack: SlackSend = async (input, init = {}) => {
  const { method = 'GET', headers, body, redirect, signal } = init;
  const plain = (typeof body === 'string' || body == null) && (headers === undefined || isPlainObject(headers));
  if (typeof input !== 'string' || !plain) return readFetched(await fetch(input, init));
  const answer = await request(input, {
    method,
    dispatcher,
    ...(headers !== undefined && { headers: headers as Record<string, string> }),
    ...(body != null && { body }),
    ...(signal != null && { signal }),
  });
  // As fetch does with `redirect: 'error'` (the Web API client's setting): a redirect is a failure.
  if (redirect === 'error' && REDIRECTS.has(answer.statusCode)) {
    await answer.body.dump();
    throw new TypeError('fetch failed', { cause: new Error(`unexpected redirect (${answer.statusCode}) from ${new URL(input).host}`) });
  }
  const received = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    for (const each of Array.isArray(value) ? value : value === undefined ? [] : [value]) received.append(name, each);
  }
  const bytes = await answer.body.bytes();
  return {
    status: answer.statusCode,
    statusText: answer.statusText,
    headers: received,
    body: NO_BODY.has(answer.statusCode) ? null : bytes,
  };
};

/** The answer as the Response the Slack clients read. */
export function asResponse(answer: SlackAnswer): Response {
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers: answer.headers });
}

async function readFetched(response: Response): Promise<SlackAnswer> {
  const body = response.body === null ? null : new Uint8Array(await response.arrayBuffer());
  return { status: response.status, statusText: response.statusText, headers: response.headers, body };
}

function isPlainObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
