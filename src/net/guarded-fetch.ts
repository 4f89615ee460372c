/**
 * Fetches a URL and follows redirects by hand, so that every hop goes through the guard again (its
 * URL here, its resolved address in the pinned dispatcher) and the number of hops is bounded.
 */
import { fetch, type Dispatcher, type Response } from 'undici';
import type { AddressGuard } from './address-guard.js';
import { explainFetchFailure, NetError } from './fetch-errors.js';

export interface OutgoingRequest {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

export interface FollowedResponse {
  response: Response;
  /** The URL that answered. */
  url: URL;
  /** The URLs that redirected, in order. */
  redirectedFrom: URL[];
}

export interface GuardedFetchOptions {
  guard: AddressGuard;
  /** A pinned dispatcher over the same guard (createPinnedDispatcher): it checks resolved addresses. */
  dispatcher: Dispatcher;
  signal?: AbortSignal;
  maxRedirects: number;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Sent to the origin they were meant for only (as browsers do on a cross-origin redirect). */
const CREDENTIAL_HEADERS = new Set(['authorization', 'cookie', 'proxy-authorization']);
/** Describe a request body; dropped with the body when a redirect turns the request into a GET. */
const BODY_HEADERS = new Set(['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location']);

export async function guardedFetch(first: OutgoingRequest, options: GuardedFetchOptions): Promise<FollowedResponse> {
  const redirectedFrom: URL[] = [];
  let request = first;
  for (;;) {
    refuseEmbeddedCredentials(request.url);
    options.guard.checkUrl(request.url);
    const response = await send(request, options);
    const location = response.headers.get('location');
    if (!REDIRECT_STATUSES.has(response.status) || location === null) {
      return { response, url: request.url, redirectedFrom };
    }
    await response.body?.cancel();
    const target = resolveLocation(location, request.url);
    if (redirectedFrom.length === options.maxRedirects) {
      throw new NetError(
        `Too many redirects: ${options.maxRedirects} were followed and ${request.url.href} redirects again, to ${target.href}.`,
      );
    }
    redirectedFrom.push(request.url);
    request = redirected(request, response.status, target);
  }
}

async function send(request: OutgoingRequest, options: GuardedFetchOptions): Promise<Response> {
  try {
    return await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      dispatcher: options.dispatcher,
      redirect: 'manual',
      signal: options.signal,
    });
  } catch (error) {
    throw explainFetchFailure(error, request.url);
  }
}

function refuseEmbeddedCredentials(url: URL): void {
  if (url.username !== '' || url.password !== '') {
    throw new NetError(`Refused ${url.host}: a URL may not carry a user name or password; send credentials in a header.`);
  }
}

function resolveLocation(location: string, base: URL): URL {
  try {
    return new URL(location, base);
  } catch {
    throw new NetError(`${base.href} redirects to an invalid URL: ${location}`);
  }
}

/** The request for the next hop, with the method and headers the fetch standard prescribes. */
function redirected(previous: OutgoingRequest, status: number, url: URL): OutgoingRequest {
  const becomesGet = (status === 303 && previous.method !== 'HEAD') || ((status === 301 || status === 302) && previous.method === 'POST');
  const crossOrigin = url.origin !== previous.url.origin;
  const headers = Object.fromEntries(
    Object.entries(previous.headers).filter(([name]) => {
      const lower = name.toLowerCase();
      return !(becomesGet && BODY_HEADERS.has(lower)) && !(crossOrigin && CREDENTIAL_HEADERS.has(lower));
    }),
  );
  return becomesGet ? { url, method: 'GET', headers } : { url, method: previous.method, headers, body: previous.body };
}
