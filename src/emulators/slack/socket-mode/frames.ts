import type { RetryHeaders } from '../delivery.js';
import type { RequestKind } from '../signing.js';

/**
 * The JSON frames of Socket Mode, as @slack/socket-mode reads them: it looks
 * at `type`, `envelope_id`, `payload`, `accepts_response_payload`, `retry_attempt` and
 * `retry_reason`. The other fields (`num_connections`, `debug_info`, `connection_info`, `reason`)
 * follow Slack's documented frames; the client only logs them. Pure: no I/O.
 */

type Json = Record<string, unknown>;

const ENVELOPE_TYPES: Record<RequestKind, string> = {
  event: 'events_api',
  command: 'slash_commands',
  interaction: 'interactive',
};

/** Stands in for the name of the Slack server holding the connection. */
const HOST = 'applink-emulator';

export function helloFrame(appId: string, connections: number): Json {
  return {
    type: 'hello',
    num_connections: connections,
    debug_info: { host: HOST, build_number: 1, approximate_connection_time: 18060 },
    connection_info: { app_id: appId },
  };
}

/** Slack asks the app to reconnect: `warning` (soon), `refresh_requested` (now), `link_disabled`. */
export function disconnectFrame(reason: string): Json {
  return { type: 'disconnect', reason, debug_info: { host: HOST } };
}

/**
 * What Slack would otherwise POST to the Request URL, wrapped for the socket. The body is the same:
 * an event envelope, the command's fields (strings), the interaction payload. Events carry the
 * attempt: 0 and an empty reason the first time.
 */
export function envelopeFrame(kind: RequestKind, payload: Json, envelopeId: string, retry?: RetryHeaders): Json {
  return {
    envelope_id: envelopeId,
    payload,
    type: ENVELOPE_TYPES[kind],
    accepts_response_payload: acceptsResponsePayload(kind, payload),
    ...(kind === 'event' ? { retry_attempt: retry?.retryNum ?? 0, retry_reason: retry?.retryReason ?? '' } : {}),
  };
}

/** Only what can answer with a body: a command (its reply) and a modal submission (errors, update…). */
function acceptsResponsePayload(kind: RequestKind, payload: Json): boolean {
  return kind === 'command' || (kind === 'interaction' && payload.type === 'view_submission');
}

export interface AckFrame {
  envelopeId: string;
  payload?: Json;
}

/** The app's ack `{ envelope_id, payload }`; anything else is not an ack. */
export function parseAck(text: string): AckFrame | undefined {
  let frame: unknown;
  try {
    frame = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof frame !== 'object' || frame === null) return undefined;
  const { envelope_id: envelopeId, payload } = frame as Json;
  if (typeof envelopeId !== 'string') return undefined;
  return { envelopeId, ...(typeof payload === 'object' && payload !== null ? { payload: payload as Json } : {}) };
}

/** An ack's payload read like an HTTP ack's body: empty when there is nothing in it. */
export function ackBody(ack: AckFrame): string {
  return ack.payload && Object.keys(ack.payload).length > 0 ? JSON.stringify(ack.payload) : '';
}
