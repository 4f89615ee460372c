/**
 * A failure talking to Plane, with a message written for the person or model reading it: it says
 * what was asked, what Plane answered and what to do. It never contains the API key.
 */
export class PlaneError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
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

/** Turns an HTTP error status into a readable PlaneError; `what` names the object asked for. */
export function planeHttpError(status: number, body: unknown, what: string): PlaneError {
  const said = planeErrorText(body);
  const quoted = said ? ` Plane said: "${said}"` : '';
  if (status === 401)
    return new PlaneError(`Plane refused the request for ${what} (401): no API key was sent. Set PLANE_API_KEY.`, 401);
  if (status === 403) {
    if (INVALID_KEY.test(said))
      return new PlaneError(
        `Plane rejected the API key (403): it is unknown, expired or inactive. Check PLANE_API_KEY.${quoted}`,
        403,
      );
    return new PlaneError(
      `Plane refused access to ${what} (403): the API key's user is most likely not a member of that ` +
        `project or workspace, or is a guest there. (If every request fails like this, the key itself is invalid.)${quoted}`,
      403,
    );
  }
  if (status === 404) {
    if (ROUTE_NOT_FOUND.test(said))
      return new PlaneError(`This Plane instance does not serve the route for ${what} (404, route not found).`, 404);
    return new PlaneError(`Plane has no ${what} (404).`, 404);
  }
  if (status === 429)
    return new PlaneError(
      `Plane's rate limit for this API key is still exceeded after waiting once; try again in a minute.`,
      429,
    );
  if (status >= 500)
    return new PlaneError(`Plane failed with a server error (${status}) on ${what}; try again later.${quoted}`, status);
  return new PlaneError(`Plane rejected the request for ${what} (${status}).${quoted}`, status);
}
