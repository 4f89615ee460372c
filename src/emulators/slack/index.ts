import type { AppAnswer } from './app-answers.js';
import { openAppHome, type HomeVisit } from './app-home.js';
import { BotWriter } from './bot-writer.js';
import { clickButton, type ButtonClick } from './button-clicks.js';
import {
  DEFAULT_BOT,
  DEFAULT_CHANNELS,
  DEFAULT_COMMANDS,
  DEFAULT_SCOPES,
  DEFAULT_SHORTCUTS,
  DEFAULT_TEAM,
  DEFAULT_USERS,
} from './defaults.js';
import { Deliverer, type Delivery, type RetryHeaders, type Transport } from './delivery.js';
import { VERIFICATION_TOKEN } from './payloads.js';
import { createPageApi, type PageApi } from './page-api/handler.js';
import { ResponseUrls } from './response-urls.js';
import { Files } from './files.js';
import { listen, shut } from './server.js';
import { runShortcut, type Shortcut, type ShortcutRun } from './shortcuts.js';
import { runCommand, type CommandRun } from './slash-commands.js';
import { SocketConnections, type SocketConnection } from './socket-mode/connections.js';
import { Streams, type SessionStatus } from './streams.js';
import { stopStreamAsUser, type StreamStop } from './stream-stops.js';
import { Triggers } from './triggers.js';
import { Unfurls } from './unfurls.js';
import { userSays, type UserMessage } from './user-messages.js';
import { userReacts, type UserReaction } from './reactions.js';
import { actInView, closeView, submitView, type SubmissionAnswer, type ViewInputs } from './view-interactions.js';
import { Views, type OpenView } from './views.js';
import { WebApi, type ApiCall, type ScriptedFailure } from './web-api/handler.js';
import { Workspace, type BotIdentity, type Team, type WorkspaceSeed } from './workspace.js';

export type {
  AppAnswer,
  ApiCall,
  HomeVisit,
  SessionStatus,
  ButtonClick,
  CommandRun,
  Delivery,
  OpenView,
  PageApi,
  RetryHeaders,
  ScriptedFailure,
  Shortcut,
  ShortcutRun,
  SocketConnection,
  StreamStop,
  SubmissionAnswer,
  Transport,
  UserMessage,
  ViewInputs,
};
export type { PageMessage, PageThread } from './page-api/views.js';
export type { SlackMessage, Workspace, WorkspaceChange, WorkspaceChannel, WorkspaceUser } from './workspace.js';
export { signRequest, postSigned, encodeRequest, type RequestKind } from './signing.js';
export { checkMessage, MESSAGE_LIMITS } from './message-limits.js';
export { DEFAULT_BOT, DEFAULT_CHANNELS, DEFAULT_COMMANDS, DEFAULT_SCOPES, DEFAULT_SHORTCUTS, DEFAULT_TEAM, DEFAULT_USERS };

export interface SlackEmulatorOptions {
  /** The app's signing secret: every delivery is signed with it. */
  signingSecret: string;
  /** The only token the Web API methods accept. */
  botToken: string;
  /** The app-level token (`xapp-…`) `apps.connections.open` accepts; without it Socket Mode cannot start. */
  appToken?: string;
  /**
   * How the app gets events, commands and clicks. By default over HTTP until it opens a Socket Mode
   * connection, then over the socket from then on (Socket Mode is an app setting, not per request).
   */
  transport?: Transport;
  /** The app's Request URL (`http://127.0.0.1:PORT/slack/events`); can be set later. */
  requestUrl?: string;
  users?: WorkspaceSeed['users'];
  channels?: WorkspaceSeed['channels'];
  team?: Team;
  bot?: BotIdentity;
  /** The bot token's scopes; pass the manifest's to catch a missing one. */
  scopes?: string[];
  /** The slash commands the manifest registers. */
  commands?: string[];
  /** The shortcuts the manifest registers. */
  shortcuts?: Shortcut[];
  /** The manifest's `unfurl_domains`: a person's link to one of them sends the app `link_shared`. */
  unfurlDomains?: string[];
  /** Deliver the bot's own posts, edits and deletions back as `message` events (Slack does). Default true. */
  echoBotMessages?: boolean;
  /** How long Slack waits for the app's answer. Default 3000 ms. */
  ackTimeoutMs?: number;
  /** Where the page API is mounted. Default `/sandbox/api`. */
  pagePrefix?: string;
  /** Default 0: any free port on 127.0.0.1. */
  port?: number;
  /**
   * Slack's pace for chat.postMessage ("about one message per second per channel"): a post to a
   * channel sooner than this after the one before it is answered HTTP 429 `ratelimited` with
   * `Retry-After: 1`. Off unless set.
   */
  postMessageIntervalMs?: number;
  /** The clock Web API calls are stamped by (`calls[].time`, the pace rule): the system's by default. */
  now?: () => number;
  /**
   * Native streaming (chat.startStream / appendStream / stopStream). On by default; `{ refuse:
   * 'unknown_method' }` (or `not_allowed`, `feature_not_enabled` …) makes the three methods answer
   * that error, as a workspace without the feature does.
   */
  streaming?: { refuse?: string };
  /** The manifest's `features.app_home.home_tab_enabled`. Default true; off, views.publish answers `not_enabled`. */
  homeTabEnabled?: boolean;
}

export interface SlackEmulator {
  /** The Web API base for `slackApiUrl` / SLACK_API_URL; ends with `/api/`. */
  readonly url: string;
  /** `http://127.0.0.1:PORT`. */
  readonly origin: string;
  readonly workspace: Workspace;
  /** Every Web API call, in order. */
  readonly calls: ApiCall[];
  /** The files the app uploaded (files.uploadV2's flow). */
  readonly files: Files;
  /** Every request sent to the app, in order. */
  readonly deliveries: Delivery[];
  /** Every Socket Mode connection the app opened, in order; `openSockets` of them are still open. */
  readonly sockets: readonly SocketConnection[];
  readonly openSockets: number;
  /** How deliveries go now. */
  readonly transport: Transport;
  readonly pageApi: PageApi;
  userSays(message: UserMessage): Promise<string>;
  /** A person adds an emoji to a message: `reaction_added` (with `reactions:read`); resolves with the event id. */
  userReacts(reaction: UserReaction): Promise<string | undefined>;
  runCommand(run: CommandRun): Promise<AppAnswer>;
  clickButton(click: ButtonClick): Promise<AppAnswer>;
  /** A message shortcut from a message's "…" menu. */
  runShortcut(run: ShortcutRun): Promise<AppAnswer>;
  /** The modal on a person's screen, if any. */
  openView(user: string): OpenView | undefined;
  /** A person opens the app's Home tab (or, with `tab: 'messages'`, its Messages tab): `app_home_opened` goes to the app. */
  openHome(visit: HomeVisit): Promise<AppAnswer>;
  /** The Home tab the app last published for a person, if any; its buttons are clicked with `actInView`. */
  homeView(user: string): OpenView | undefined;
  submitView(user: string, viewId: string, inputs?: ViewInputs): Promise<SubmissionAnswer>;
  actInView(
    user: string,
    viewId: string,
    act: { blockId: string; actionId: string; value?: string | string[] | null; inputs?: ViewInputs },
  ): Promise<AppAnswer>;
  closeView(user: string, viewId: string): void;
  /** A person presses Slack's own stop control on a streaming message: `agent_session_stopped` goes to the app. */
  stopStream(stop: StreamStop): Promise<AppAnswer>;
  /** The status of a thread's agent session (`processing` while it streams; see `streams.ts`), if it has one. */
  agentSession(channel: string, threadTs: string): SessionStatus | undefined;
  /** From now on the streaming methods answer `refusal` (undefined: they work again). */
  refuseStreaming(refusal: string | undefined): void;
  redeliver(eventId: string, retry: RetryHeaders): Promise<Delivery>;
  /** Slack's Request URL check: posts a signed `url_verification` and expects the challenge back. */
  verifyRequestUrl(): Promise<boolean>;
  /** Slack's `disconnect` frame on every open socket (`refresh_requested`, `warning`, `link_disabled`): the client reconnects. */
  requestReconnect(reason?: string): void;
  failNext(method: string, failure: ScriptedFailure): void;
  setRequestUrl(url: string): void;
  /** Resolves when every delivery started so far (the bot's own echoes included) is answered. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** Starts an emulated Slack workspace on 127.0.0.1 for one app. */
export async function startSlackEmulator(options: SlackEmulatorOptions): Promise<SlackEmulator> {
  const workspace = new Workspace({
    team: options.team ?? DEFAULT_TEAM,
    bot: options.bot ?? DEFAULT_BOT,
    users: options.users ?? DEFAULT_USERS,
    channels: options.channels ?? DEFAULT_CHANNELS,
  });
  const commands = new Set(options.commands ?? DEFAULT_COMMANDS);
  const shortcuts = options.shortcuts ?? DEFAULT_SHORTCUTS;
  const triggers = new Triggers();
  const views = new Views(workspace);
  const unfurls = new Unfurls(options.unfurlDomains ?? []);
  let origin = '';
  const sockets = new SocketConnections(workspace.bot.appId, () => origin);
  const deliverer = new Deliverer({
    signingSecret: options.signingSecret,
    requestUrl: options.requestUrl,
    ackTimeoutMs: options.ackTimeoutMs ?? 3000,
    sockets,
    transport: options.transport,
  });
  const botWriter = new BotWriter(workspace, deliverer, options.echoBotMessages ?? true);
  const streams = new Streams();
  streams.refusal = options.streaming?.refuse;
  const responseUrls = new ResponseUrls(workspace, botWriter, () => origin);
  const scopes = new Set(options.scopes ?? DEFAULT_SCOPES);
  const files = new Files(() => origin);
  const webApi = new WebApi(
    { workspace, botWriter, scopes, sockets, views, homeTabEnabled: options.homeTabEnabled ?? true, triggers, unfurls, streams, files },
    { bot: options.botToken, app: options.appToken },
    options.postMessageIntervalMs,
    options.now,
  );
  const deps = { workspace, deliverer, responseUrls, commands, triggers, shortcuts, views };
  const actions = {
    userSays: (message: UserMessage) => userSays(workspace, deliverer, message, unfurls),
    userReacts: (reaction: UserReaction) => userReacts(workspace, deliverer, scopes, reaction),
    runCommand: (run: CommandRun) => runCommand(deps, run),
    clickButton: (click: ButtonClick) => clickButton(deps, click),
    runShortcut: (run: ShortcutRun) => runShortcut(deps, run),
    openView: (user: string) => views.openFor(user),
    openHome: (visit: HomeVisit) => openAppHome({ workspace, deliverer, views }, visit),
    homeView: (user: string) => views.homeOf(user),
    submitView: (user: string, viewId: string, inputs?: ViewInputs) => submitView(deps, user, viewId, inputs),
    actInView: (user: string, viewId: string, act: Parameters<typeof actInView>[3]) => actInView(deps, user, viewId, act),
    closeView: (user: string, viewId: string) => closeView(deps, user, viewId),
  };
  const stopStream = (stop: StreamStop) => stopStreamAsUser({ workspace, deliverer, streams }, stop);
  const isStreaming = (channel: string, ts: string) => streams.isStreaming(channel, ts);
  const pageApi = createPageApi(
    workspace,
    views,
    { ...actions, stopStream, isStreaming, commands, shortcuts, file: (id: string) => files.get(id) },
    options.pagePrefix,
  );
  const listening = await listen({ webApi, responseUrls, pageApi, sockets, files }, options.port ?? 0);
  origin = listening.origin;

  return {
    url: `${origin}/api/`,
    origin,
    workspace,
    calls: webApi.calls,
    files,
    deliveries: deliverer.deliveries,
    sockets: sockets.connections,
    get openSockets() {
      return sockets.openCount;
    },
    get transport() {
      return deliverer.transport;
    },
    pageApi,
    ...actions,
    stopStream,
    agentSession: (channel, threadTs) => streams.session(channel, threadTs),
    refuseStreaming: (refusal) => {
      streams.refusal = refusal;
    },
    redeliver: (eventId, retry) => deliverer.redeliver(eventId, retry),
    async verifyRequestUrl() {
      const challenge = `challenge-${Date.now()}`;
      const delivery = await deliverer.send('event', { token: VERIFICATION_TOKEN, challenge, type: 'url_verification' }, 'http');
      return delivery.status === 200 && delivery.responseBody.includes(challenge);
    },
    requestReconnect: (reason = 'refresh_requested') => sockets.requestReconnect(reason),
    failNext: (method, failure) => webApi.failNext(method, failure),
    setRequestUrl: (url) => deliverer.setRequestUrl(url),
    settled: () => deliverer.settled(),
    async close() {
      await deliverer.settled();
      pageApi.close();
      await sockets.close();
      await shut(listening.server);
    },
  };
}
