import { App, HTTPReceiver, SocketModeReceiver, webApi } from '@slack/bolt';
import type { Route } from '../http/server.js';
import type { Logger } from '../log.js';
import { AckFirstReceiver } from './receiver/ack-first-receiver.js';
import type { AppSelf } from './receiver/own-events.js';
import { boltLogger } from './bolt-logger.js';
import type { SlackDeps } from './deps.js';
import { registerListeners } from './listeners/index.js';
import { tellWhenStateUnavailable } from './middleware/state-unavailable.js';
import { trackWork } from './middleware/track-work.js';
import { actAsPerson } from './identity/act-as.js';
import { pausingFetch, type SlackCallMeter } from './method-pauses.js';
import type { StateStore } from '../state/store.js';

export interface SlackConnection {
  botToken: string;
  /** HTTP mode: verifies every request to /slack/events. */
  signingSecret?: string;
  /** Socket Mode when set. */
  appToken?: string;
  /** The Web API base URL (SLACK_API_URL); Slack's when absent. */
  apiUrl?: string;
  /** Told of every Web API call's method and error (the process's metrics). */
  meter?: SlackCallMeter;
  /** How a failed Web API call is retried: the client's own (ten retries in about thirty minutes) by default. */
  retries?: webApi.RetryOptions;
}

/** HTTP mode's receiver: ours, which acks before any work (the default), or Bolt's own HTTPReceiver, which the bench compares. */
export type HttpReceiverKind = 'ack-first' | 'bolt';

export interface SlackApp {
  app: App;
  /** HTTP mode: the routes to mount on the process's server (POST /slack/events). Empty in Socket Mode. */
  routes: Route[];
  /** Socket Mode: opens the connection. HTTP mode: nothing to do (the server owns the socket). */
  start(): Promise<void>;
  /** Resolves once no request is still being handled after its ack. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The Bolt app with every listener. In HTTP mode its receiver is a route of our own server, so health
 * checks and the Slack endpoint share one port and one shutdown, and acks go first (receiver/ack-first-receiver.ts).
 */
export async function createSlackApp(
  connection: SlackConnection,
  deps: SlackDeps,
  logger: Logger,
  httpReceiver: HttpReceiverKind = 'ack-first',
): Promise<SlackApp> {
  const clientOptions = webClientOptions(connection, deps.store, logger);
  // auth.test runs here: a wrong token fails start-up with Slack's own error, not at the first event.
  // Once, for Bolt (its ignoreSelf) and for the receiver, which drops the app's own events before Bolt.
  const identity = await slackWebClient(connection, deps.store, logger).auth.test();
  const self: AppSelf = {
    ...(identity.bot_id !== undefined && { botId: identity.bot_id }),
    ...(identity.user_id !== undefined && { botUserId: identity.user_id }),
  };
  const socket = connection.appToken
    ? new SocketModeReceiver({
        appToken: connection.appToken,
        logger: boltLogger(logger),
        // A copy: the Socket Mode client sets 100 retries on the options it is given, which Bolt
        // would otherwise hand on to the Web API client of every listener.
        installerOptions: { clientOptions: { ...clientOptions } },
      })
    : undefined;
  const signingSecret = connection.signingSecret ?? '';
  const http = socket
    ? undefined
    : httpReceiver === 'bolt'
      ? new HTTPReceiver({ signingSecret, logger: boltLogger(logger), endpoints: SLACK_EVENTS })
      : new AckFirstReceiver({ signingSecret, logger, self });
  const receiver = socket ?? http!;
  const app = new App({
    token: connection.botToken,
    logger: boltLogger(logger),
    clientOptions,
    deferInitialization: true,
    // Bolt's conversation store is unused here, and its default fails every lookup with a new Error: two per command.
    convoStore: false,
    receiver,
    socketMode: socket !== undefined,
    ...self,
    // Bolt takes the ids above instead of calling auth.test again.
    tokenVerificationEnabled: false,
  });
  await app.init();
  const work = trackWork();
  app.use(work.middleware);
  app.use(tellWhenStateUnavailable(deps));
  if (deps.identities) app.use(actAsPerson({ ...deps, identities: deps.identities }));
  registerListeners(app, deps);
  app.error(async (error) => {
    logger.error({ err: error }, 'slack listener failed');
  });
  return {
    app,
    routes: http
      ? [{ method: 'POST', path: SLACK_EVENTS, handler: http instanceof AckFirstReceiver ? http.handler : http.requestListener }]
      : [],
    start: async () => {
      if (socket) await app.start();
    },
    // An acked HTTP request may still be waiting for its turn, before Bolt (and so trackWork) has seen it.
    idle: async () => {
      if (http instanceof AckFirstReceiver) await http.idle();
      await work.idle();
    },
    // Bolt's stop() only starts the close handshake; the client's disconnect() resolves once it is done.
    stop: async () => {
      if (socket) await socket.client.disconnect();
    },
  };
}

const SLACK_EVENTS = '/slack/events';

/**
 * A Web API client like the app's own (same token, API URL and logging), for what posts outside any
 * listener: the agent's front end, which must exist before the agent and so before the app's listeners.
 */
export function slackWebClient(connection: SlackConnection, store: StateStore, logger: Logger): webApi.WebClient {
  return new webApi.WebClient(connection.botToken, { ...webClientOptions(connection, store, logger), logger: boltLogger(logger) });
}

/** Every client of the app pauses a method Slack rate-limited, for the whole workspace (method-pauses.ts). */
function webClientOptions(connection: SlackConnection, store: StateStore, logger: Logger): webApi.WebClientOptions {
  return {
    ...(connection.apiUrl && { slackApiUrl: connection.apiUrl }),
    ...(connection.retries && { retryConfig: connection.retries }),
    fetch: pausingFetch(store, logger, connection.meter),
  };
}
