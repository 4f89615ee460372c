import { encodeRequest, sendSigned, type EncodedRequest, type RequestKind } from './signing.js';
import { UsageError } from './usage-error.js';

/** One request the emulator sent to the app, and how the app answered. */
export interface Delivery {
  kind: RequestKind;
  /** The parsed body: an event envelope, the command's form fields, or the interaction payload. */
  body: Record<string, unknown>;
  rawBody: string;
  /** Headers added to the signed ones (a redelivery's X-Slack-Retry-*). */
  extraHeaders: Record<string, string>;
  time: number;
  /** HTTP status of the app's answer; 0 when there was none (see `error`). */
  status: number;
  /** The app's response body (a command's or interaction's ack). */
  responseBody: string;
  /** `no_request_url`, `http_timeout` or `connection_failed`, as Slack would put it. */
  error?: string;
}

export interface RetryHeaders {
  retryNum: number;
  retryReason: string;
}

/**
 * Sends Slack's requests to the app's Request URL, signed with the app's signing secret, and keeps
 * each one so a test can inspect it or redeliver an event as a Slack retry.
 */
export class Deliverer {
  readonly deliveries: Delivery[] = [];
  private readonly inFlight = new Set<Promise<Delivery>>();

  constructor(
    private readonly signingSecret: string,
    private requestUrl: string | undefined,
    /** Slack gives up on an answer after 3 seconds. */
    private readonly ackTimeoutMs: number,
  ) {}

  setRequestUrl(url: string): void {
    this.requestUrl = url;
  }

  send(kind: RequestKind, body: Record<string, unknown>, extraHeaders: Record<string, string> = {}): Promise<Delivery> {
    return this.track(this.deliver(kind, body, encodeRequest(kind, body), extraHeaders));
  }

  /** Sends an event envelope again, unchanged, with Slack's retry headers. */
  redeliver(eventId: string, retry: RetryHeaders): Promise<Delivery> {
    const original = this.deliveries.find((d) => d.kind === 'event' && d.body.event_id === eventId);
    if (!original) return Promise.reject(new UsageError(`no event ${eventId} was delivered`));
    const headers = { 'X-Slack-Retry-Num': String(retry.retryNum), 'X-Slack-Retry-Reason': retry.retryReason };
    const encoded = { rawBody: original.rawBody, contentType: 'application/json' };
    return this.track(this.deliver('event', original.body, encoded, headers));
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

  private async deliver(
    kind: RequestKind,
    body: Record<string, unknown>,
    encoded: EncodedRequest,
    headers: Record<string, string>,
  ): Promise<Delivery> {
    const delivery: Delivery = {
      kind,
      body,
      rawBody: encoded.rawBody,
      extraHeaders: headers,
      time: Date.now(),
      status: 0,
      responseBody: '',
    };
    this.deliveries.push(delivery);
    if (!this.requestUrl) {
      delivery.error = 'no_request_url';
      return delivery;
    }
    try {
      const response = await sendSigned(this.requestUrl, this.signingSecret, encoded, headers, AbortSignal.timeout(this.ackTimeoutMs));
      delivery.status = response.status;
      delivery.responseBody = await response.text();
    } catch (error) {
      delivery.error = (error as Error).name === 'TimeoutError' ? 'http_timeout' : 'connection_failed';
    }
    return delivery;
  }
}
