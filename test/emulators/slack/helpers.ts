import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isValidSlackRequest, webApi, type types } from '@slack/bolt';
import type { SlackEmulator } from '../../../src/emulators/slack/index.js';

type ActionsBlock = types.ActionsBlock;

export const SECRET = 'emulator-test-signing-secret';
export const TOKEN = 'xoxb-emulator-test';
/** The app-level token of Socket Mode. */
export const APP_TOKEN = 'xapp-1-A0APP-emulator-test';

const silent = { debug() {}, info() {}, warn() {}, error() {}, setLevel() {}, getLevel: () => 'error', setName() {} };

/** A Web API client as the bot builds it, pointed at the emulator, failing fast. */
export function clientFor(emulator: SlackEmulator, token = TOKEN): webApi.WebClient {
  return new webApi.WebClient(token, {
    slackApiUrl: emulator.url,
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    logger: silent as never,
  });
}

export interface Received {
  headers: IncomingHttpHeaders;
  rawBody: string;
  contentType: string;
  /** Bolt's own verifier, with the secret the app would hold. */
  signatureValid: boolean;
  /** Events: the envelope; commands: the form fields; interactions: the parsed `payload`. */
  body: Record<string, unknown>;
}

export type Answer = { status?: number; body?: string; contentType?: string };

/**
 * A tiny app endpoint: records each signed request Slack would send and answers with `answer`
 * (200 and an empty body by default).
 */
export async function startReceiver(
  answer: (received: Received) => Answer | Promise<Answer> = () => ({}),
): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = createServer(async (req, res) => {
    let rawBody = '';
    for await (const chunk of req) rawBody += chunk;
    const contentType = req.headers['content-type'] ?? '';
    const signatureValid = isValidSlackRequest({
      signingSecret: SECRET,
      body: rawBody,
      headers: {
        'x-slack-signature': String(req.headers['x-slack-signature']),
        'x-slack-request-timestamp': Number(req.headers['x-slack-request-timestamp']),
      },
    });
    const form = new URLSearchParams(rawBody);
    const body =
      contentType === 'application/json'
        ? JSON.parse(rawBody)
        : form.has('payload')
          ? JSON.parse(form.get('payload')!)
          : Object.fromEntries(form);
    const entry = { headers: req.headers, rawBody, contentType, signatureValid, body };
    received.push(entry);
    const reply = await answer(entry);
    res.writeHead(reply.status ?? 200, reply.contentType ? { 'Content-Type': reply.contentType } : {});
    res.end(reply.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/slack/events`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A message's button, as the bot would build it. */
export function buttonBlock(actionId: string, value: string, text = 'Click'): ActionsBlock {
  return { type: 'actions', elements: [{ type: 'button', action_id: actionId, value, text: { type: 'plain_text', text } }] };
}

/** Polls until `check` returns a value (not undefined/false); fails after `timeoutMs`. */
export async function waitFor<T>(check: () => T | undefined | false, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
