import { App, HTTPReceiver, SocketModeReceiver } from '@slack/bolt';
import type { Route } from '../http/server.js';
import type { Logger } from '../log.js';
import type { FrontEndFactory } from '../agent/index.js';
import { ackFirst } from './ack-first.js';
import { boltLogger } from './bolt-logger.js';
import { slackFrontEnd } from './conversations/front-end.js';
import type { SlackDeps } from './deps.js';
import { registerListeners } from './listeners/index.js';
import { dedupeEvents } from './middleware/dedupe-events.js';
import { eventsAfterAcks } from './middleware/events-after-acks.js';
import { trackWork } from './middleware/track-work.js';

export interface SlackConnection {
  botToken: string;
  /** HTTP mode: verifies every request to /slack/events. */
  signingSecret?: string;
  /** Socket Mode when set. */
  appToken?: string;
  /** The Web API base URL (SLACK_API_URL); Slack's when absent. */
  apiUrl?: string;
}

export interface SlackApp {
  app: App;
  /** HTTP mode: the routes to mount on the process's server (POST /slack/events). Empty in Socket Mode. */
  routes: Route[];
  /** The agent's front end: status messages, replies and approvals in threads, through the app's client. */
  frontEnd: FrontEndFactory;
  /** Socket Mode: opens the connection. HTTP mode: nothing to do (the server owns the socket). */
  start(): Promise<void>;
  /** Resolves once no request is still being handled after its ack. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The Bolt app with every listener. In HTTP mode Bolt's receiver is mounted on our own server rather
 * than started, so health checks and the Slack endpoint share one port and one shutdown.
 */
export async function createSlackApp(connection: SlackConnection, deps: SlackDeps, logger: Logger): Promise<SlackApp> {
  const clientOptions = connection.apiUrl ? { slackApiUrl: connection.apiUrl } : {};
  const socket = connection.appToken
    ? new SocketModeReceiver({
        appToken: connection.appToken,
        logger: boltLogger(logger),
        // A copy: the Socket Mode client sets 100 retries on the options it is given, which Bolt
        // would otherwise hand on to the Web API client of every listener.
        installerOptions: { clientOptions: { ...clientOptions } },
      })
    : undefined;
  const receiver =
    socket ??
    new HTTPReceiver({
      signingSecret: connection.signingSecret ?? '',
      endpoints: '/slack/events',
      logger: boltLogger(logger),
    });
  const app = new App({
    token: connection.botToken,
    logger: boltLogger(logger),
    clientOptions,
    deferInitialization: true,
    receiver,
    socketMode: socket !== undefined,
  });
  // auth.test runs here: a wrong token fails start-up with Slack's own error, not at the first event.
  await app.init();
  const work = trackWork();
  // HTTP mode: the work after an ack waits for the acks still to be sent (tracked work includes that
  // wait, so a graceful stop still sees it). Socket Mode shows no request waiting: nothing is held.
  const acks = socket ? undefined : ackFirst();
  const afterAck = acks?.afterAck ?? (() => Promise.resolve());
  app.use(work.middleware);
  app.use(eventsAfterAcks(afterAck));
  app.use(dedupeEvents(deps.store));
  registerListeners(app, { ...deps, afterAck });
  app.error(async (error) => {
    logger.error({ err: error }, 'slack listener failed');
  });
  return {
    app,
    routes: receiver instanceof HTTPReceiver && acks ? [{ method: '*', path: '/slack/events', handler: acks.track(receiver.requestListener) }] : [],
    frontEnd: slackFrontEnd(app.client, logger),
    start: async () => {
      if (socket) await app.start();
    },
    idle: () => work.idle(),
    // Bolt's stop() only starts the close handshake; the client's disconnect() resolves once it is done.
    stop: async () => {
      if (socket) await socket.client.disconnect();
    },
  };
}
