import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson } from '../http.js';
import { decodeJsonArgs, type ApiContext, type Args, type MethodSpec } from './args.js';
import { appMethods } from './apps.js';
import { authMethods } from './auth.js';
import { chatMethods } from './chat.js';
import { conversationMethods } from './conversations.js';
import { fileMethods } from './files.js';
import { SlackApiError } from './errors.js';
import { reactionMethods } from './reactions.js';
import { streamMethods } from './streams.js';
import { userMethods } from './users.js';
import { viewMethods } from './views.js';

const METHODS: Record<string, MethodSpec> = {
  ...appMethods,
  ...authMethods,
  ...chatMethods,
  ...conversationMethods,
  ...userMethods,
  ...reactionMethods,
  ...viewMethods,
  ...streamMethods,
  ...fileMethods,
};

/** One Web API call as the emulator received it; `args` has its JSON fields decoded, no token. */
export interface ApiCall {
  method: string;
  args: Args;
  token?: string;
  time: number;
  /** The Slack error code answered, or `http_<status>` for a scripted HTTP failure. */
  error?: string;
}

/**
 * A scripted failure for the next call of a method: `{ status: 429, retryAfter: 1 }` (rate limited,
 * with Slack's numeric `Retry-After`), `{ status: 500 }`, or `{ error: 'ratelimited' }` (HTTP 200,
 * `ok: false`).
 */
export interface ScriptedFailure {
  status?: number;
  retryAfter?: number;
  error?: string;
  /** How many calls of the method succeed before this one fails (0 by default: the next call). */
  after?: number;
}

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

/** The tokens the workspace knows: the bot's, and the app-level one when Socket Mode may be used. */
export interface ApiTokens {
  bot: string;
  app?: string;
}

/**
 * `POST /api/<method>` as the client in @slack/web-api expects it: form or JSON
 * body, `Authorization: Bearer`, always HTTP 200 with `{ ok }`, except scripted HTTP failures.
 */
export class WebApi {
  readonly calls: ApiCall[] = [];
  private readonly failures = new Map<string, ScriptedFailure[]>();
  /** The last accepted chat.postMessage per channel, for the pace rule. */
  private readonly lastPost = new Map<string, number>();

  constructor(
    private readonly context: ApiContext,
    private readonly tokens: ApiTokens,
    private readonly postMessageIntervalMs?: number,
    private readonly now: () => number = Date.now,
  ) {}

  failNext(method: string, failure: ScriptedFailure): void {
    const queue = this.failures.get(method) ?? [];
    queue.push({ ...failure });
    this.failures.set(method, queue);
  }

  async handle(req: IncomingMessage, res: ServerResponse, method: string): Promise<void> {
    const call: ApiCall = { method, args: {}, time: this.now() };
    this.calls.push(call);
    const answer = await this.answer(req, method, call);
    const body = answer.body as { ok?: boolean; error?: string };
    if (answer.status !== 200) call.error = `http_${answer.status}`;
    else if (body.ok === false) call.error = body.error;
    sendJson(res, answer.status, answer.body, answer.headers);
  }

  private async answer(req: IncomingMessage, method: string, call: ApiCall): Promise<Answer> {
    let args: Args;
    try {
      args = await parseArgs(req);
    } catch {
      return fail('invalid_form_data');
    }
    const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const { token: bodyToken, ...rest } = args;
    call.token = bearer ?? (typeof bodyToken === 'string' ? bodyToken : undefined);
    call.args = decodeJsonArgs(rest);

    const scripted = this.failures.get(method)?.[0];
    if (scripted?.after) scripted.after -= 1;
    else if (scripted) return scriptedAnswer(this.failures.get(method)!.shift()!);
    if (call.token === undefined) return fail('not_authed');
    const kind = call.token === this.tokens.bot ? 'bot' : call.token === this.tokens.app ? 'app' : undefined;
    if (!kind) return fail('invalid_auth');
    const spec = METHODS[method];
    if (!spec) return fail('unknown_method');
    if ((spec.token ?? 'bot') !== kind) return fail('not_allowed_token_type');
    if (method === 'chat.postMessage' && this.postMessageIntervalMs !== undefined) {
      const channel = String(call.args.channel ?? '');
      const last = this.lastPost.get(channel);
      if (last !== undefined && call.time - last < this.postMessageIntervalMs) return scriptedAnswer({ status: 429, retryAfter: 1 });
    }
    const needed = spec.scope?.(call.args, this.context);
    if (needed && !this.context.scopes.has(needed)) return fail('missing_scope', { needed, provided: [...this.context.scopes].join(',') });
    try {
      const answer = { status: 200, body: { ok: true, ...spec.run(call.args, this.context) } };
      if (method === 'chat.postMessage') this.lastPost.set(String(call.args.channel ?? ''), call.time);
      return answer;
    } catch (error) {
      if (error instanceof SlackApiError) return fail(error.code, error.extra);
      throw error;
    }
  }
}

function fail(error: string, extra: Record<string, unknown> = {}): Answer {
  return { status: 200, body: { ok: false, error, ...extra } };
}

function scriptedAnswer(failure: ScriptedFailure): Answer {
  const status = failure.status ?? 200;
  if (status === 429) {
    return {
      status,
      body: { ok: false, error: failure.error ?? 'ratelimited' },
      headers: { 'Retry-After': String(failure.retryAfter ?? 1) },
    };
  }
  return { status, body: { ok: false, error: failure.error ?? (status === 200 ? 'fatal_error' : 'internal_error') } };
}

/** Query string and body together, as Slack reads them. */
async function parseArgs(req: IncomingMessage): Promise<Args> {
  const query = Object.fromEntries(new URL(req.url ?? '/', 'http://emulator').searchParams);
  const raw = await readBody(req);
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (raw === '') return query;
  if (type === 'application/json') {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    return { ...query, ...(parsed as Args) };
  }
  if (type === 'application/x-www-form-urlencoded') return { ...query, ...Object.fromEntries(new URLSearchParams(raw)) };
  throw new Error(`unsupported content type ${type}`);
}
