import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse } from 'node:querystring';
import { HTTPModuleFunctions, type App, type Receiver, type ReceiverEvent } from '@slack/bolt';
import type { Handler } from '../../http/server.js';
import type { Logger } from '../../log.js';
import { ackFirst, type AckFirst } from './ack-first.js';
import { isOwnEvent, type AppSelf } from './own-events.js';
import { SlackSignature } from './signature.js';

/**
 * Slack's HTTP requests, acknowledged as soon as they are verified: every listener of this app acks
 * with an empty body (events, slash commands, button clicks), so the empty 200 can go before Bolt
 * builds a context and walks its middleware. A modal's submission is the one exception: its ack
 * carries the answer (`response_action: errors` keeps the modal open with the field named), so it
 * goes to Bolt at once and its listener's ack is the HTTP answer. Slack retries what it has not seen acked within 3 s;
 * here no work of the bot's (and none of Bolt's) stands between a request and its ack. The request
 * then reaches Bolt once the acks of the requests read with it have gone (ack-first.ts), with an
 * ack() that has nothing left to do. An event the app caused itself (the echo of each of its posts)
 * is acked and goes no further, as Bolt's `ignoreSelf` would stop it (own-events.ts).
 *
 * The signature is checked by signature.ts (Bolt's rules, at a fraction of the CPU); reading the body,
 * parsing it, `ssl_check`, `url_verification` and the error statuses are Bolt's own functions, as its
 * HTTPReceiver uses them.
 */
export class AckFirstReceiver implements Receiver {
  private app: App | undefined;
  private readonly acks: AckFirst;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly signature: SlackSignature;
  /** The route of POST /slack/events on our server. */
  readonly handler: Handler;

  constructor(private readonly options: { signingSecret: string; logger: Logger; self?: AppSelf }) {
    this.acks = ackFirst();
    this.signature = new SlackSignature(options.signingSecret);
    this.handler = (request, response) => this.receive(request, response);
  }

  init(app: App): void {
    this.app = app;
  }

  // Our server owns the socket and its shutdown.
  start(): Promise<void> {
    return Promise.resolve();
  }

  stop(): Promise<void> {
    return Promise.resolve();
  }

  /** Resolves once every acked request has been handed to Bolt and its listeners have finished. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private async receive(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const event = await this.verifiedEvent(request, response);
    if (!event) return;
    if (event.body.type === 'view_submission') return this.answerWithAck(event, response);
    response.writeHead(200).end();
    if (this.options.self && isOwnEvent(event.body, this.options.self)) return;
    const work = this.acks.afterAck().then(() => this.process(event));
    this.inFlight.add(work);
    await work.finally(() => this.inFlight.delete(work));
  }

  /** The request as Bolt's event, or undefined once the request has been answered (an error, a check). */
  private async verifiedEvent(request: IncomingMessage, response: ServerResponse): Promise<ReceiverEvent | undefined> {
    const { logger } = this.options;
    let buffered: Awaited<ReturnType<typeof HTTPModuleFunctions.bufferIncomingMessage>>;
    try {
      // Read before it is verified, so the body is capped as Bolt's own receiver caps it (4 MB).
      buffered = await HTTPModuleFunctions.bufferIncomingMessage(request, HTTPModuleFunctions.defaultBodyLimit);
    } catch (error) {
      const tooLarge = HTTPModuleFunctions.isRawBodyError(error) && (error.type === 'entity.too.large' || error.statusCode === 413);
      logger.warn({ reason: (error as Error).message }, tooLarge ? 'Slack request body too large' : 'Slack request failed verification');
      HTTPModuleFunctions.buildNoBodyResponse(response, tooLarge ? 413 : 401);
      return undefined;
    }
    try {
      this.signature.verify(buffered.rawBody, request.headers);
    } catch (error) {
      // Slack's SSL check is not signed; it is answered and nothing of its body is used.
      if (isSslCheck(request, buffered.rawBody)) {
        HTTPModuleFunctions.buildSSLCheckResponse(response);
        return undefined;
      }
      logger.warn({ reason: (error as Error).message }, 'Slack request failed verification');
      HTTPModuleFunctions.buildNoBodyResponse(response, 401);
      return undefined;
    }
    let body: Record<string, unknown>;
    try {
      body = asObject(HTTPModuleFunctions.parseHTTPRequestBody(buffered));
    } catch (error) {
      // A 400, unlike a 500, is not retried by Slack.
      logger.warn({ reason: (error as Error).message }, 'malformed Slack request body');
      HTTPModuleFunctions.buildNoBodyResponse(response, 400);
      return undefined;
    }
    if (body.ssl_check === '1') {
      HTTPModuleFunctions.buildSSLCheckResponse(response);
      return undefined;
    }
    if (body.type === 'url_verification') {
      HTTPModuleFunctions.buildUrlVerificationResponse(response, body);
      return undefined;
    }
    return {
      body,
      ack: (answer) => this.alreadyAcked(answer, body),
      retryNum: HTTPModuleFunctions.extractRetryNumFromHTTPRequest(request),
      retryReason: HTTPModuleFunctions.extractRetryReasonFromHTTPRequest(request),
      customProperties: {},
    };
  }

  /**
   * Bolt's listener answers through its ack; the HTTP answer waits for it, at most until shortly
   * before Slack's 3 s are up (an empty ack then: Slack closes the modal rather than show an error).
   */
  private async answerWithAck(event: ReceiverEvent, response: ServerResponse): Promise<void> {
    let acked!: (answer: unknown) => void;
    const answer = new Promise<unknown>((resolve) => (acked = resolve));
    const timer = setTimeout(() => acked(undefined), SUBMISSION_ACK_MS);
    const work = this.process({ ...event, ack: async (given) => acked(given) });
    this.inFlight.add(work);
    const given = await answer;
    clearTimeout(timer);
    if (given === undefined || given === '') response.writeHead(200).end();
    else if (typeof given === 'string') response.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' }).end(given);
    else response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(given));
    await work.finally(() => this.inFlight.delete(work));
  }

  private async process(event: ReceiverEvent): Promise<void> {
    try {
      await this.app?.processEvent(event);
    } catch (error) {
      // The request was answered already: a failure can only be logged (app.error has seen it too).
      this.options.logger.error({ err: error }, 'a Slack request failed after its ack');
    }
  }

  /** A listener that acks with content would be answering a request whose ack has gone. */
  private async alreadyAcked(answer: unknown, body: Record<string, unknown>): Promise<void> {
    if (answer === undefined || answer === '') return;
    this.options.logger.error(
      { type: body.type, command: body.command },
      'a listener acked with content after the early ack; the content was not sent',
    );
  }
}

/** How long a modal submission's answer may take before an empty ack is sent in its place. */
const SUBMISSION_ACK_MS = 2_500;

/** Bolt's rule: a form body whose `ssl_check` is 1, which Slack sends unsigned. */
function isSslCheck(request: IncomingMessage, rawBody: Buffer): boolean {
  return request.headers['content-type'] === 'application/x-www-form-urlencoded' && parse(rawBody.toString()).ssl_check === '1';
}

/** Slack always sends an object; a signed `null`, list, string or number is refused, not dereferenced. */
function asObject(parsed: unknown): Record<string, unknown> {
  if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  const found = parsed === null ? 'null' : Array.isArray(parsed) ? 'a list' : `a ${typeof parsed}`;
  throw new Error(`the body is ${found}, not an object`);
}
