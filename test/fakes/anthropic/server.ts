import { createServer, type IncomingHttpHeaders } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AddressInfo } from 'node:net';
import Anthropic, { type ClientOptions } from '@anthropic-ai/sdk';
import { CacheSimulator } from './cache-simulator.js';
import type { Reply } from './replies.js';
import { imageProblem } from './validate.js';

export interface RecordedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Anthropic.MessageCreateParams;
  /** The client went away before its answer was sent (an SDK request aborted through its signal). */
  aborted: boolean;
  /** Resolves when the client goes away before its answer was sent. */
  abortSeen: Promise<void>;
}

/**
 * A scripted reply, or a function of the request (to echo a tool result, say). A function may return
 * a promise: the request is held until it settles (to stand for a slow model or a process that dies
 * mid-request).
 */
export type Step = Reply | ((request: RecordedRequest) => Reply | Promise<Reply>);

export interface FakeMessagesApi {
  /** The base URL to give the SDK (`baseURL`). */
  url: string;
  /** Every `POST /v1/messages` received, in order, with its parsed body. */
  requests: RecordedRequest[];
  /** Appends replies; each request takes the next one. */
  script(...steps: Step[]): void;
  /** Replies not yet taken. */
  pending(): number;
  /** An SDK client aimed at the fake: key `test`, no retries (errors surface at once). */
  client(options?: ClientOptions): Anthropic;
  close(): Promise<void>;
}

/** Text is streamed in pieces of this many characters, as the API sends a few tokens per delta. */
const TEXT_DELTA_CHARS = 16;

/**
 * A message as the API streams it (server-sent events): `message_start` with empty content and the
 * usage, each block as start, deltas and stop (text in pieces, tool input as partial JSON), then
 * `message_delta` with the stop reason and `message_stop`.
 */
function streamEvents(
  message: { usage: object; stop_reason: string; stop_details: unknown },
  content: Anthropic.ContentBlock[],
): [string, unknown][] {
  const events: [string, unknown][] = [
    ['message_start', { type: 'message_start', message: { ...message, content: [], stop_reason: null, stop_details: null } }],
  ];
  content.forEach((block, index) => {
    if (block.type === 'text') {
      events.push([
        'content_block_start',
        { type: 'content_block_start', index, content_block: { type: 'text', text: '', citations: null } },
      ]);
      for (let at = 0; at < block.text.length; at += TEXT_DELTA_CHARS) {
        events.push([
          'content_block_delta',
          { type: 'content_block_delta', index, delta: { type: 'text_delta', text: block.text.slice(at, at + TEXT_DELTA_CHARS) } },
        ]);
      }
    } else if (block.type === 'tool_use') {
      events.push(['content_block_start', { type: 'content_block_start', index, content_block: { ...block, input: {} } }]);
      events.push([
        'content_block_delta',
        { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) } },
      ]);
    } else {
      events.push(['content_block_start', { type: 'content_block_start', index, content_block: block }]);
    }
    events.push(['content_block_stop', { type: 'content_block_stop', index }]);
  });
  events.push(
    [
      'message_delta',
      {
        type: 'message_delta',
        delta: { stop_reason: message.stop_reason, stop_sequence: null, stop_details: message.stop_details },
        usage: message.usage,
      },
    ],
    ['message_stop', { type: 'message_stop' }],
  );
  return events;
}

/**
 * A real HTTP server on 127.0.0.1 that answers the Messages API from a script:
 * JSON replies with `content-type: application/json` and a `request-id`, errors in the API's shape,
 * usage computed by a prompt-cache simulator unless a reply gives its own. When the script runs out,
 * or without `fallback`, the request gets a 500 `api_error` that names the problem, so a test that
 * makes one request too many fails loudly. A request with `stream: true` gets the same reply as
 * server-sent events, its text in small deltas. A client that goes away before its answer (an
 * aborted request) is recorded as `aborted`. A request whose images the real API would refuse (shape,
 * media type, data, size) gets its 400 `invalid_request_error`.
 */
export async function startFakeMessagesApi(options: { script?: Step[]; fallback?: Step } = {}): Promise<FakeMessagesApi> {
  const queue: Step[] = [...(options.script ?? [])];
  const requests: RecordedRequest[] = [];
  const cache = new CacheSimulator();
  let messageIds = 0;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_fake_${requests.length}` });
        res.end(JSON.stringify(json));
      };
      const apiError = (status: number, type: string, message: string) => send(status, { type: 'error', error: { type, message } });
      if (req.method !== 'POST' || req.url !== '/v1/messages')
        return apiError(404, 'not_found_error', `fake Messages API: no route ${req.method} ${req.url}`);
      if (req.headers.authorization !== 'Bearer test')
        return apiError(401, 'authentication_error', 'fake Messages API: expected the key "test"');
      let seen!: () => void;
      const recorded: RecordedRequest = {
        path: req.url,
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        aborted: false,
        abortSeen: new Promise<void>((resolve) => (seen = resolve)),
      };
      requests.push(recorded);
      res.once('close', () => {
        if (res.writableFinished) return;
        recorded.aborted = true;
        seen();
      });
      // Refused as the real API refuses it, before any scripted reply is taken.
      const problem = await imageProblem(recorded.body);
      if (problem) return apiError(400, 'invalid_request_error', problem);
      const step = queue.shift() ?? options.fallback;
      if (!step) return apiError(500, 'api_error', `fake Messages API: the script has no reply for request #${requests.length}`);
      const reply = typeof step === 'function' ? await step(recorded) : step;
      if (res.destroyed) return;
      if (reply.kind === 'error') return apiError(reply.status, reply.type, reply.message);
      const outputChars = JSON.stringify(reply.content).length;
      const message = {
        id: `msg_fake_${++messageIds}`,
        type: 'message',
        role: 'assistant',
        model: recorded.body.model,
        content: reply.content,
        stop_reason: reply.stop_reason,
        stop_sequence: null,
        stop_details: reply.stop_details ?? null,
        container: null,
        usage: reply.usage ?? cache.usage(recorded.body, outputChars),
      };
      if ((recorded.body as { stream?: boolean }).stream !== true) return send(200, message);
      res.writeHead(200, { 'content-type': 'text/event-stream', 'request-id': `req_fake_${requests.length}` });
      for (const [name, data] of streamEvents(message, reply.content)) {
        if (res.destroyed) return;
        res.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
        if (reply.deltaDelayMs && name === 'content_block_delta') await sleep(reply.deltaDelayMs);
      }
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    script: (...steps) => void queue.push(...steps),
    pending: () => queue.length,
    client: (clientOptions) => new Anthropic({ apiKey: 'test', baseURL: url, maxRetries: 0, ...clientOptions }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
