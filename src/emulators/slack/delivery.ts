import { encodeRequest, sendSigned, type EncodedRequest, type RequestKind } from './signing.js';
import type { SocketConnections } from './socket-mode/connections.js';
import { ackBody } from './socket-mode/frames.js';
import { UsageError } from './usage-error.js';

/** How Slack reaches the app: signed POSTs to its Request URL, or envelopes on its Socket Mode socket. */
export type Transport = 'http' | 'socket';

/** One request the emulator sent to the app, and how the app answered. */
export interface Delivery {
  kind: RequestKind;
  transport: Transport;
  /** The parsed body: an event envelope, the command's form fields, or the interaction payload. */
  body: Record<string, unknown>;
  /** What went on the wire: the HTTP body, or the socket frame. */
  rawBody: string;
  /** Headers added to the signed ones (a redelivery's X-Slack-Retry-*); none over a socket. */
  extraHeaders: Record<string, string>;
  /** A redelivery's attempt and reason (HTTP headers, or the frame's retry_attempt / retry_reason). */
  retry?: RetryHeaders;
  /** Over a socket: the frame's envelope_id. */
  envelopeId?: string;
  time: number;
  /** HTTP status of the app's answer; over a socket, 200 once the ack came; 0 when there was none (see `error`). */
  status: number;
  /** The app's response body, or the ack's payload as JSON ('' when empty): a command's or interaction's ack. */
  responseBody: string;
  /** HTTP: `no_request_url`, `http_timeout`, `connection_failed`, as Slack would put it. Socket: `not_connected`, `timeout`, `connection_closed`. */
  error?: string;
}

export interface RetryHeaders {
  retryNum: number;
  retryReason: string;
}

export interface DelivererOptions {
  signingSecret: string;
  requestUrl?: string;
  /** Slack gives up on an answer after 3 seconds. */
  ackTimeoutMs: number;
  sockets: SocketConnections;
  /** Forces a transport; by default HTTP until the app first connects by socket, then the socket. */
  transport?: Transport;
}

/**
 * Sends Slack's requests to the app — signed to its Request URL, or as Socket Mode envelopes — and
 * keeps each one so a test can inspect it or redeliver an event as a Slack retry.
 */
export class Deliverer {
  readonly deliveries: Delivery[] = [];
  private readonly inFlight = new Set<Promise<Delivery>>();
  private requestUrl: string | undefined;

  constructor(private readonly options: DelivererOptions) {
    this.requestUrl = options.requestUrl;
  }

  setRequestUrl(url: string): void {
    this.requestUrl = url;
  }

  /** Socket Mode, once turned on, is how the app gets everything (as when enabled in its settings). */
  get transport(): Transport {
    return this.options.transport ?? (this.options.sockets.connections.length > 0 ? 'socket' : 'http');
  }

  send(kind: RequestKind, body: Record<string, unknown>, via: Transport = this.transport): Promise<Delivery> {
    return this.track(this.deliver(kind, body, via));
  }

  /** Sends an event envelope again, unchanged, marked as Slack's retry. */
  redeliver(eventId: string, retry: RetryHeaders): Promise<Delivery> {
    const original = this.deliveries.find((d) => d.kind === 'event' && d.body.event_id === eventId);
    if (!original) return Promise.reject(new UsageError(`no event ${eventId} was delivered`));
    return this.track(this.deliver('event', original.body, this.transport, retry));
  }

  /** Resolves once every delivery started so far has been answered or has failed. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private track(delivery: Promise<Delivery>): Promise<Delivery> {
    this.inFlight.add(delivery);
    void delivery.finally(() => this.inFlight.delete(delivery));
    return delivery;
  }

  private async deliver(kind: RequestKind, body: Record<string, unknown>, transport: Transport, retry?: RetryHeaders): Promise<Delivery> {
    const delivery: Delivery = {
      kind,
      transport,
      body,
      rawBody: '',
      extraHeaders: {},
      ...(retry ? { retry } : {}),
      time: Date.now(),
      status: 0,
      responseBody: '',
    };
    this.deliveries.push(delivery);
    if (transport === 'socket') await this.overSocket(delivery);
    else await this.overHttp(delivery, encodeRequest(kind, body));
    return delivery;
  }

  private async overHttp(delivery: Delivery, encoded: EncodedRequest): Promise<void> {
    const { retry } = delivery;
    delivery.rawBody = encoded.rawBody;
    if (retry) delivery.extraHeaders = { 'X-Slack-Retry-Num': String(retry.retryNum), 'X-Slack-Retry-Reason': retry.retryReason };
    if (!this.requestUrl) {
      delivery.error = 'no_request_url';
      return;
    }
    try {
      const signal = AbortSignal.timeout(this.options.ackTimeoutMs);
      const response = await sendSigned(this.requestUrl, this.options.signingSecret, encoded, delivery.extraHeaders, signal);
      delivery.status = response.status;
      delivery.responseBody = await response.text();
    } catch (error) {
      delivery.error = (error as Error).name === 'TimeoutError' ? 'http_timeout' : 'connection_failed';
    }
  }

  private async overSocket(delivery: Delivery): Promise<void> {
    const sent = this.options.sockets.send(delivery.kind, delivery.body, delivery.retry, this.options.ackTimeoutMs);
    if (!sent) {
      delivery.error = 'not_connected';
      return;
    }
    Object.assign(delivery, { rawBody: sent.frame, envelopeId: sent.envelopeId });
    const answer = await sent.answer;
    if ('error' in answer) delivery.error = answer.error;
    else Object.assign(delivery, { status: 200, responseBody: ackBody(answer.ack) });
  }
}
