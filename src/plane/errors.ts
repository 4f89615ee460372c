import { phrase, PhrasedError, type Phrase } from '../i18n/index.js';

/**
 * A failure talking to Plane, with a message written for the person or model reading it: it says
 * what was asked, what Plane answered and what to do. It never contains the API key.
 */
export class PlaneError extends PhrasedError {
  constructor(
    said: string | Phrase | readonly Phrase[],
    readonly status?: number,
  ) {
    super(said);
    this.name = 'PlaneError';
  }
}

/** Plane answers errors as `{detail}`, `{error}`, `{error_message}` or a field map. */
export function planeErrorText(body: unknown): string {
  if (typeof body === 'string') return body.slice(0, 300);
  if (!body || typeof body !== 'object') return '';
  const record = body as Record<string, unknown>;
  for (const field of ['detail', 'error', 'error_message']) {
    const value = record[field];
    if (typeof value === 'string') return value;
    if (Array.isArray(value)) return value.join(' ');
  }
  return Object.entries(record)
    .map(([field, value]) => `${field}: ${Array.isArray(value) ? value.join(' ') : JSON.stringify(value)}`)
    .join('; ');
}

const INVALID_KEY = /token is not valid|invalid token|api key/i;
const ROUTE_NOT_FOUND = /page not found/i;

/** Plane refused the key itself (unknown, revoked or expired), rather than what it was asked. */
export function refusesKey(status: number, body: unknown): boolean {
  return status === 401 || (status === 403 && INVALID_KEY.test(planeErrorText(body)));
}

/**
 * Turns an HTTP error status into a readable PlaneError; `what` names the object asked for, `missing`
 * says its 404; `asPerson`: the request went with a person's own token, so a 403 is theirs to hear.
 */
export function planeHttpError(
  status: number,
  body: unknown,
  { what, missing }: { what: string; missing?: Phrase },
  asPerson = false,
): PlaneError {
  const said = planeErrorText(body);
  const quoted = { quoted: said ? 'yes' : 'no', said };
  if (status === 401) return new PlaneError(phrase('planeError.noKey', { what }), 401);
  if (status === 403) {
    if (INVALID_KEY.test(said)) return new PlaneError(phrase('planeError.badKey', quoted), 403);
    return new PlaneError(phrase(asPerson ? 'planeError.forbiddenForYou' : 'planeError.forbidden', { what, ...quoted }), 403);
  }
  if (status === 404) {
    if (ROUTE_NOT_FOUND.test(said)) return new PlaneError(phrase('planeError.noRoute', { what }), 404);
    return new PlaneError(missing ?? phrase('planeError.notFound', { what }), 404);
  }
  if (status === 429) return new PlaneError(phrase('planeError.rateLimited'), 429);
  if (status >= 500) return new PlaneError(phrase('planeError.serverError', { status, what, ...quoted }), status);
  return new PlaneError(phrase('planeError.rejected', { status, what, ...quoted }), status);
}
