import { createHmac } from 'node:crypto';

/** What Slack posts to a Request URL. */
export type RequestKind = 'event' | 'command' | 'interaction';

export interface EncodedRequest {
  rawBody: string;
  contentType: string;
}

/**
 * Slack's v0 signature headers: HMAC-SHA256 of `v0:<ts>:<raw body>` keyed with the
 * signing secret. `ts` (Unix seconds) defaults to now; pass an old one to forge a stale request.
 */
export function signRequest(
  secret: string,
  rawBody: string,
  contentType: string,
  ts: number = Math.floor(Date.now() / 1000),
): Record<string, string> {
  const digest = createHmac('sha256', secret).update(`v0:${ts}:${rawBody}`).digest('hex');
  return {
    'Content-Type': contentType,
    'X-Slack-Request-Timestamp': String(ts),
    'X-Slack-Signature': `v0=${digest}`,
  };
}

/**
 * The body exactly as Slack writes it: events as JSON, commands as form fields, interactivity as a
 * form with one `payload` field holding JSON. The content type is the exact string Slack sends.
 */
export function encodeRequest(kind: RequestKind, data: Record<string, unknown>): EncodedRequest {
  if (kind === 'event') return { rawBody: JSON.stringify(data), contentType: 'application/json' };
  const form =
    kind === 'command'
      ? new URLSearchParams(Object.entries(data).map(([k, v]): [string, string] => [k, String(v)]))
      : new URLSearchParams({ payload: JSON.stringify(data) });
  return { rawBody: form.toString(), contentType: 'application/x-www-form-urlencoded' };
}

/** Sends an already encoded body, signed now (every delivery, retries included, is signed afresh). */
export function sendSigned(
  url: string,
  secret: string,
  request: EncodedRequest,
  extraHeaders: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { ...signRequest(secret, request.rawBody, request.contentType), ...extraHeaders },
    body: request.rawBody,
    signal,
  });
}

/** Encodes, signs and posts one Slack request to `url` (the app's Request URL). */
export function postSigned(
  url: string,
  secret: string,
  kind: RequestKind,
  data: Record<string, unknown>,
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  return sendSigned(url, secret, encodeRequest(kind, data), extraHeaders);
}
