import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BotWriter } from './bot-writer.js';
import { contentFields, newBotMessage } from './bot-content.js';
import { readBody, sendJson } from './http.js';
import { newSecretPath } from './ids.js';
import { checkMessage } from './message-limits.js';
import type { Workspace } from './workspace.js';

/** Where a response goes: the conversation of a command or a click, and the message it may replace. */
export interface ResponseTarget {
  channel: string;
  /** Who ran the command or clicked: ephemeral responses are for them. */
  user: string;
  /** The clicked message; for a command, the last message its responses posted. */
  source?: { ts: string; ephemeral: boolean };
  /** A command's response replaces what it posted before; a click's replaces the clicked message. */
  sourceIsLastResponse: boolean;
  threadTs?: string;
}

export type ResponseResult = { ok: true } | { ok: false; error: string };

/** A response_url's limit is commonly cited as 5 uses within 30 minutes (UNVERIFIED); enforced so overuse shows. */
const MAX_USES = 5;
const LIFETIME_MS = 30 * 60_000;

interface Entry {
  target: ResponseTarget;
  uses: number;
  expires: number;
}

/**
 * The `response_url`s of commands and clicks: POST JSON `{text, blocks,
 * response_type, replace_original, delete_original, thread_ts}`; no token needed.
 */
export class ResponseUrls {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly workspace: Workspace,
    private readonly botWriter: BotWriter,
    private readonly origin: () => string,
  ) {}

  create(target: ResponseTarget): string {
    const id = newSecretPath();
    this.entries.set(id, { target, uses: 0, expires: Date.now() + LIFETIME_MS });
    return `${this.origin()}/response/${id}`;
  }

  async handle(req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
    const entry = this.entries.get(id);
    if (!entry || entry.expires < Date.now()) return sendJson(res, 404, { ok: false, error: 'expired_url' });
    if (req.method !== 'POST') return sendJson(res, 405, { ok: false, error: 'method_not_allowed' });
    if (entry.uses >= MAX_USES) return sendJson(res, 404, { ok: false, error: 'used_url' });
    entry.uses += 1;
    let body: unknown;
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      return sendJson(res, 400, { ok: false, error: 'invalid_payload' });
    }
    const result = this.apply(entry.target, body);
    sendJson(res, result.ok ? 200 : 400, result);
  }

  /** What Slack does with a response body; also used for a command's ack body. */
  apply(target: ResponseTarget, body: unknown): ResponseResult {
    if (typeof body !== 'object' || body === null) return { ok: false, error: 'invalid_payload' };
    const response = body as Record<string, unknown>;
    const source = target.source;
    if (response.delete_original === true) {
      if (!source) return { ok: false, error: 'message_not_found' };
      this.remove(target.channel, source);
      target.source = undefined;
      return { ok: true };
    }
    const problem = checkMessage(response);
    if (problem) return { ok: false, error: problem.error };
    if (response.replace_original === true && source) {
      this.replace(target.channel, source.ts, source.ephemeral, response);
      return { ok: true };
    }
    const threadTs = typeof response.thread_ts === 'string' ? response.thread_ts : target.threadTs;
    const fields = newBotMessage(this.workspace, response, threadTs);
    const posted =
      response.response_type === 'in_channel'
        ? { ts: this.botWriter.post(target.channel, fields).ts, ephemeral: false }
        : { ts: this.workspace.postEphemeral(target.channel, target.user, fields).ts, ephemeral: true };
    if (target.sourceIsLastResponse) target.source = posted;
    return { ok: true };
  }

  private replace(channel: string, ts: string, ephemeral: boolean, response: Record<string, unknown>): void {
    // A replacement is a whole new body: what it leaves out goes away.
    const fields = { text: '', blocks: [], ...contentFields(response) };
    if (ephemeral) this.workspace.updateEphemeral(ts, fields);
    else if (this.workspace.message(channel, ts)) this.botWriter.update(channel, ts, fields);
  }

  private remove(channel: string, source: { ts: string; ephemeral: boolean }): void {
    if (source.ephemeral) this.workspace.deleteEphemeral(source.ts);
    else this.botWriter.delete(channel, source.ts);
  }
}
