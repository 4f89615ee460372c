import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppAnswer } from '../app-answers.js';
import type { HomeVisit } from '../app-home.js';
import type { ButtonClick } from '../button-clicks.js';
import type { Shortcut, ShortcutRun } from '../shortcuts.js';
import type { StreamStop } from '../stream-stops.js';
import type { UserReaction } from '../reactions.js';
import type { SlackFile } from '../files.js';
import { readBody, sendJson } from '../http.js';
import { UsageError } from '../usage-error.js';
import type { CommandRun } from '../slash-commands.js';
import type { UserMessage } from '../user-messages.js';
import type { SubmissionAnswer, ViewInputs } from '../view-interactions.js';
import type { Views } from '../views.js';
import type { Workspace, WorkspaceChannel } from '../workspace.js';
import { parseCommand, toSlackText } from './composer.js';
import { LiveUpdates } from './live-updates.js';
import { canSee, channelView, visibleChannels, type IsStreaming } from './views.js';

/** What the page may make people do; the emulator supplies these. */
export interface PageActions {
  userSays(message: UserMessage): Promise<string>;
  userReacts(reaction: UserReaction): Promise<string | undefined>;
  runCommand(run: CommandRun): Promise<AppAnswer>;
  clickButton(click: ButtonClick): Promise<AppAnswer>;
  runShortcut(run: ShortcutRun): Promise<AppAnswer>;
  submitView(user: string, viewId: string, inputs?: ViewInputs): Promise<SubmissionAnswer>;
  actInView(
    user: string,
    viewId: string,
    act: { blockId: string; actionId: string; value?: string | string[] | null; inputs?: ViewInputs },
  ): Promise<AppAnswer>;
  closeView(user: string, viewId: string): void;
  openHome(visit: HomeVisit): Promise<AppAnswer>;
  /** Slack's stop control on a streaming message. */
  stopStream(stop: StreamStop): Promise<AppAnswer>;
  /** Whether a message is still streaming. */
  isStreaming: IsStreaming;
  commands: ReadonlySet<string>;
  shortcuts: readonly Shortcut[];
  /** An uploaded file, for `slack_file` images. */
  file(id: string): SlackFile | undefined;
}

/**
 * The JSON + SSE API behind the sandbox page, mounted under a prefix (default `/sandbox/api`):
 *
 * - `GET  {prefix}/workspace?as=U…` → `{ team, bot, viewer, users, channels, commands }`
 * - `GET  {prefix}/channels/:id/messages?as=U…` → `{ messages: PageThread[] }`
 * - `POST {prefix}/channels/:id/messages` `{ as, text, thread_ts? }` → `{ ok, ts }`, or for a
 *   registered `/command …`, `{ ok, command: { status, body, error? } }`
 * - `POST {prefix}/channels/:id/actions` `{ as, message_ts, action_id, value?, block_id?, selected? }` →
 *   `{ ok, answer: { status, body, error? } }`
 * - `POST {prefix}/channels/:id/shortcuts` `{ as, message_ts, callback_id }` → `{ ok, answer }`: a
 *   message shortcut from the message's "…" menu
 * - `POST {prefix}/channels/:id/reactions` `{ as, message_ts, name }` → `{ ok }`: the person adds an
 *   emoji to a message (the app gets `reaction_added`)
 * - `POST {prefix}/channels/:id/stream-stops` `{ as, message_ts }` → `{ ok, answer }`: Slack's stop
 *   control on a message that is still streaming (messages carry `streaming: true` while they are);
 *   the app gets `agent_session_stopped`
 * - `GET  {prefix}/views?as=U…` → `{ view, errors }`: the modal on the person's screen (or null)
 * - `POST {prefix}/views/:id/submit` `{ as, values }` → `{ ok, answer: { status, body, outcome, errors? } }`
 * - `POST {prefix}/views/:id/actions` `{ as, block_id, action_id, value?, values? }` → `{ ok, answer }`
 * - `POST {prefix}/views/:id/close` `{ as }` → `{ ok }`
 * - `GET  {prefix}/home?as=U…` → `{ view }`: the Home tab the app published for the person (or null)
 * - `POST {prefix}/home/open` `{ as }` → `{ ok, answer }`: the person opens the app's Home tab
 *   (`app_home_opened`); its buttons go through `views/:id/actions` like a modal's
 * - `GET  {prefix}/stream?as=U…` → text/event-stream (see LiveUpdates)
 * - `GET  {prefix}/files/:id` → the bytes of a completed upload (what a `slack_file` image block shows)
 *
 * `values` are what the person entered, by block_id then action_id: a string (text, or a single
 * select's option value), a list of strings (a multi-select), or null.
 *
 * Errors: `{ ok: false, error }` with 400 (bad request) or 404 (unknown route).
 */
export interface PageApi {
  readonly prefix: string;
  /** Serves the request and returns true when its path is under the prefix; false otherwise. */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
  /** Ends the open event streams. */
  close(): void;
}

type Json = Record<string, unknown>;

export function createPageApi(workspace: Workspace, views: Views, actions: PageActions, prefix = '/sandbox/api'): PageApi {
  const live = new LiveUpdates(workspace, views, actions.isStreaming);

  const viewerOf = (value: unknown): string => {
    const user = typeof value === 'string' ? workspace.user(value) : undefined;
    if (!user || user.is_bot) throw new UsageError('`as` must name a person of the workspace');
    return user.id;
  };
  const stringField = (body: Json, key: string): string => {
    const value = body[key];
    if (typeof value !== 'string' || value === '') throw new UsageError(`\`${key}\` is required`);
    return value;
  };

  const describeWorkspace = (viewer: string): Json => ({
    team: workspace.team,
    bot: workspace.bot,
    viewer,
    users: workspace.users(),
    channels: visibleChannels(workspace, viewer),
    commands: [...actions.commands],
    shortcuts: actions.shortcuts.filter((s) => s.type === 'message'),
  });

  /** The composer: a registered `/command …` runs it, anything else is a message. */
  async function compose(user: string, channel: WorkspaceChannel, body: Json): Promise<Json> {
    const text = stringField(body, 'text');
    const command = parseCommand(text);
    if (command) return { ok: true, command: await actions.runCommand({ user, channel: channel.id, ...command }) };
    const threadTs = typeof body.thread_ts === 'string' && body.thread_ts !== '' ? body.thread_ts : undefined;
    const said = { user, channel: channel.id, text: toSlackText(workspace, text), ...(threadTs ? { threadTs } : {}) };
    return { ok: true, ts: await actions.userSays(said) };
  }

  async function click(user: string, channel: WorkspaceChannel, body: Json): Promise<Json> {
    const clicked: ButtonClick = {
      user,
      channel: channel.id,
      messageTs: stringField(body, 'message_ts'),
      actionId: stringField(body, 'action_id'),
      ...(typeof body.value === 'string' ? { value: body.value } : {}),
      ...(typeof body.block_id === 'string' ? { blockId: body.block_id } : {}),
      ...(typeof body.selected === 'string' ? { selected: body.selected } : {}),
    };
    return { ok: true, answer: await actions.clickButton(clicked) };
  }

  async function inView(viewId: string, what: string, body: Json): Promise<Json> {
    const user = viewerOf(body.as);
    const values = readInputs(body.values);
    if (what === 'close') {
      actions.closeView(user, viewId);
      return { ok: true };
    }
    if (what === 'submit') return { ok: true, answer: await actions.submitView(user, viewId, values) };
    const value = body.value;
    if (value !== undefined && value !== null && typeof value !== 'string' && !isStringList(value))
      throw new UsageError('`value` must be a string, a list of strings or null');
    const act = {
      blockId: stringField(body, 'block_id'),
      actionId: stringField(body, 'action_id'),
      inputs: values,
      ...(value !== undefined && { value: value as string | string[] | null }),
    };
    return { ok: true, answer: await actions.actInView(user, viewId, act) };
  }

  async function route(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<void> {
    const method = req.method ?? 'GET';
    const notFound = () => sendJson(res, 404, { ok: false, error: 'not_found' });
    if (method === 'GET' && path === '/workspace') return sendJson(res, 200, describeWorkspace(viewerOf(query.get('as'))));
    if (method === 'GET' && path === '/stream') return live.open(res, viewerOf(query.get('as')));

    if (method === 'GET' && path === '/views') {
      const open = views.openFor(viewerOf(query.get('as')));
      return sendJson(res, 200, { view: open?.view ?? null, errors: open?.errors ?? {} });
    }
    const fileMatch = /^\/files\/(F[0-9A-Z]+)$/.exec(path);
    if (method === 'GET' && fileMatch) {
      const file = actions.file(fileMatch[1]!);
      if (!file?.completed || !file.bytes) return notFound();
      res.writeHead(200, {
        'Content-Type': file.mimetype,
        'Content-Length': String(file.bytes.length),
        'Cache-Control': 'private, max-age=3600',
      });
      res.end(file.bytes);
      return;
    }
    if (method === 'GET' && path === '/home') return sendJson(res, 200, { view: views.homeOf(viewerOf(query.get('as')))?.view ?? null });
    if (method === 'POST' && path === '/home/open')
      return sendJson(res, 200, { ok: true, answer: await actions.openHome({ user: viewerOf((await jsonBody(req)).as) }) });
    const viewMatch = /^\/views\/([^/]+)\/(submit|actions|close)$/.exec(path);
    if (viewMatch && method === 'POST')
      return sendJson(res, 200, await inView(decodeURIComponent(viewMatch[1]!), viewMatch[2]!, await jsonBody(req)));

    const match = /^\/channels\/([^/]+)\/(messages|actions|shortcuts|stream-stops|reactions)$/.exec(path);
    const channel = match ? workspace.channel(decodeURIComponent(match[1]!)) : undefined;
    if (!match || !channel) return notFound();
    if (method === 'GET' && match[2] === 'messages') {
      const viewer = viewerOf(query.get('as'));
      if (!canSee(channel, viewer)) return notFound();
      return sendJson(res, 200, { messages: channelView(workspace, channel.id, viewer, actions.isStreaming) });
    }
    if (method !== 'POST') return notFound();
    const body = await jsonBody(req);
    const user = viewerOf(body.as);
    if (!canSee(channel, user)) return notFound();
    if (match[2] === 'stream-stops')
      return sendJson(res, 200, {
        ok: true,
        answer: await actions.stopStream({ user, channel: channel.id, ts: stringField(body, 'message_ts') }),
      });
    if (match[2] === 'reactions') {
      await actions.userReacts({
        user,
        channel: channel.id,
        ts: stringField(body, 'message_ts'),
        name: stringField(body, 'name').replace(/^:|:$/g, ''),
      });
      return sendJson(res, 200, { ok: true });
    }
    if (match[2] === 'shortcuts') {
      const run = { user, channel: channel.id, messageTs: stringField(body, 'message_ts'), callbackId: stringField(body, 'callback_id') };
      return sendJson(res, 200, { ok: true, answer: await actions.runShortcut(run) });
    }
    sendJson(res, 200, match[2] === 'actions' ? await click(user, channel, body) : await compose(user, channel, body));
  }

  return {
    prefix,
    handle(req, res) {
      const url = new URL(req.url ?? '/', 'http://page');
      if (!url.pathname.startsWith(`${prefix}/`)) return false;
      route(req, res, url.pathname.slice(prefix.length), url.searchParams).catch((error: unknown) => {
        // The emulator's own checks (unknown thread, not a member, …) are the caller's mistakes.
        const status = error instanceof UsageError ? 400 : 500;
        if (!res.headersSent) sendJson(res, status, { ok: false, error: (error as Error).message });
        else res.end();
      });
      return true;
    },
    close: () => live.close(),
  };
}

const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');

function readInputs(value: unknown): ViewInputs {
  if (value === undefined) return {};
  const bad = () => new UsageError('`values` must map block ids to action ids to a string, a list of strings or null');
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw bad();
  for (const actions of Object.values(value)) {
    if (typeof actions !== 'object' || actions === null || Array.isArray(actions)) throw bad();
    for (const entered of Object.values(actions))
      if (entered !== null && typeof entered !== 'string' && !isStringList(entered)) throw bad();
  }
  return value as ViewInputs;
}

async function jsonBody(req: IncomingMessage): Promise<Json> {
  try {
    const body: unknown = JSON.parse(await readBody(req));
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) return body as Json;
  } catch {
    // Reported below.
  }
  throw new UsageError('the body must be a JSON object');
}
