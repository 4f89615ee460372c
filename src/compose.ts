import { EventEmitter } from 'node:events';
import { createAgent, type Agent } from './agent/index.js';
import type { Config } from './config.js';
import { translator } from './i18n/index.js';
import { composeTools } from './compose-tools.js';
import { healthRoutes } from './http/health.js';
import { metricsRoute } from './http/metrics.js';
import { PlanebotMetrics } from './metrics/metrics.js';
import { planeWebhookEndpoint } from './http/plane-webhooks.js';
import { startHttpServer, type Route } from './http/server.js';
import type { Logger } from './log.js';
import type { McpHttp } from './mcp/index.js';
import { BotWrites } from './notifications/bot-writes.js';
import { Notifier } from './notifications/notifier.js';
import { DeliveryBacklog } from './notifications/backlog.js';
import type { NoticeKinds } from './notifications/notices.js';
import { Outbox } from './notifications/outbox.js';
import { PersonalSettings, Subscriptions } from './notifications/subscriptions.js';
import { ThreadLinks } from './notifications/thread-links.js';
import { titleDrafter } from './agent/draft-title.js';
import { IntakeDesk } from './intake-desk/desk.js';
import { PlaneIdentities } from './identity/identities.js';
import { SecretBox } from './identity/secret-box.js';
import { identityNoticeSender } from './slack/identity/connect.js';
import { registerIntakeNewsSender, INTAKE_NEWS, type IntakeNewsKinds } from './slack/intake-desk/news.js';
import { createSlackApp, slackWebClient, type HttpReceiverKind, type SlackConnection } from './slack/app.js';
import { agentOff } from './slack/conversations/agent-off.js';
import { UndoJournal } from './undo/journal.js';
import { agentConversations } from './slack/conversations/conversations.js';
import { SLACK_FORMATTING } from './slack/conversations/formatting.js';
import { slackFrontEnd } from './slack/conversations/front-end.js';
import type { Clock } from './slack/progress/clock.js';
import { registerNoticeSenders } from './slack/notifications/senders.js';
import { ChannelDigests } from './digests/channel-digests.js';
import { ProjectReader } from './digests/reads.js';
import { Reminders } from './digests/reminders.js';
import { Scheduler, type ScheduleRunListener } from './schedules/scheduler.js';
import { registerDigestJobs, sendReminder } from './slack/digests/jobs.js';
import { slackUserByEmail } from './slack/people.js';
import { postTaskEvents, type TaskEventKinds } from './slack/tasks/post-events.js';
import { closeRedis, connectRedis, createStateStore, type StateStore } from './state/index.js';
import { CycleReports } from './cycles/report.js';
import { CycleSnapshots } from './cycles/snapshots.js';
import { channelFilesDir } from './files/channel-files.js';
import { FileLocks } from './files/file-lock.js';
import { planeMemberOf, TaskFollower } from './tools/index.js';
import type { ToolRegistry } from './tools/registry.js';
import type { TaskEventMap } from './tasks/events.js';

/** How long a graceful stop waits for work in progress: inside Docker's default 10 s stop timeout. */
const DRAIN_LIMIT_MS = 8_000;

export interface PlanebotOptions {
  logger: Logger;
  /** Where the HTTP server listens: all interfaces for Slack, loopback for the sandbox. */
  host?: string;
  /** More routes on the same server (the sandbox page). */
  extraRoutes?: Route[];
  /**
   * Shorter clocks for tests that cannot wait minutes (no variable sets them): Plane's rate window
   * (60 s), how long a run stays with a process that stopped renewing it (60 s) and how long a
   * graceful stop waits for work in progress (8 s).
   */
  timing?: {
    planeWindowMs?: number;
    runLeaseMs?: number;
    drainLimitMs?: number;
    /** Notifications: how long deliveries about one item are gathered (10 s) and the posting pace per channel (1 s). */
    condenseMs?: number;
    postIntervalMs?: number;
    /** Intake: how often a project's pending requests are polled (PLANEBOT_INTAKE_POLL). */
    intakePollMs?: number;
    /** What the status messages' one edit a second is measured by. */
    statusClock?: Clock;
    /** How the Web API clients retry a failed call, between Slack's Retry-After waits (minutes of backoff by default). */
    slackRetries?: SlackConnection['retries'];
  };
  /** HTTP mode's receiver (no variable sets it): the bench runs the bot on Bolt's own to compare. */
  slackReceiver?: HttpReceiverKind;
  /** The clock schedules are reckoned by (tests drive it); the system clock otherwise. */
  now?: () => number;
  /** Told of each scheduled job's end: name, outcome, duration (metrics). */
  onScheduleRun?: ScheduleRunListener;
  /** The sandbox: `/plane remind now` sends the person's reminder at once. */
  sandbox?: boolean;
}

export interface RunningPlanebot {
  url: string;
  port: number;
  store: StateStore;
  /** Digests, reminders and fixed jobs; tests run its looks themselves (`tick`). */
  scheduler: Scheduler;
  /** Cycle reports; `takeCycleSnapshots(now)` is the daily job a scheduler runs. */
  cycles: CycleReports;
  /** Graceful: stop taking work, let short work finish, save what waits, close connections. */
  close(): Promise<void>;
}

/** Start-up order (docs/architecture.md): config → state → plane → tools → agent (with its Slack front end) → Slack app. */
export async function startPlanebot(config: Config, options: PlanebotOptions): Promise<RunningPlanebot> {
  const { logger } = options;
  if (!config.slack.botToken) throw new Error('startPlanebot needs a Slack bot token (the sandbox supplies its own)');
  // One Redis connection for REDIS_URL: the store uses it, the Plane limiter duplicates it.
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, { logger }) : undefined;
  // Its outbox gauges read the outbox, made below; nothing scrapes before the server starts.
  let outboxGauges: (() => Promise<{ depth: number; oldestAgeMs: number }>) | undefined;
  const metrics = new PlanebotMetrics({ outbox: () => outboxGauges?.() ?? Promise.resolve({ depth: 0, oldestAgeMs: 0 }) });
  const store = await createStateStore({ dataDir: config.dataDir, redis, logger });
  // The process's own: the task tree's changes, and the turns its writers take at each channel file.
  const taskEvents = new EventEmitter<TaskEventMap>();
  const fileLocks = new FileLocks();
  const botWrites = new BotWrites(store);
  const taskSyncWrites = store.keyv('task-sync-writes');
  const now = options.now ?? Date.now;
  // Every Plane write through the bot, kept a while so that whoever asked (or an approver) can undo it.
  const undoJournal = new UndoJournal(store, now);
  const { plane, registry, limiters, taskPlane } = composeTools(config, {
    cache: store.keyv('plane-cache'),
    taskSyncWrites,
    redis,
    taskEvents,
    fileLocks,
    logger,
    planeWindowMs: options.timing?.planeWindowMs,
    planeMeter: metrics.plane,
    onWrite: ({ key, fields, ...write }) => botWrites.record(key, fields, write),
    onChange: (change) => undoJournal.record(change),
  });
  // Condensing waits for deliveries that came but wait their turn.
  const deliveries = new DeliveryBacklog();
  const outbox = new Outbox<NoticeKinds & TaskEventKinds & IntakeNewsKinds>({
    store,
    logger,
    intervalMs: options.timing?.postIntervalMs,
    lateInputs: deliveries,
  });
  outboxGauges = () => outbox.gauges();
  const subscriptions = new Subscriptions(store);
  const personal = new PersonalSettings(store);
  const links = new ThreadLinks(store);
  // Messages of intake channels filed in Plane's Intake; news about them goes through the outbox.
  const desk = plane.enabled
    ? new IntakeDesk({
        plane,
        records: store,
        store,
        logger,
        pollMs: options.timing?.intakePollMs ?? config.intakePollMs,
        tell: (told) => outbox.enqueue(told.channel, { kind: INTAKE_NEWS, payload: told, order: `intake:${told.threadTs}` }),
        followThread: async (link) => {
          await links.link({ ...link, linkedAt: Date.now() });
        },
        ...(config.anthropic.apiKey && {
          draftTitle: titleDrafter({ apiKey: config.anthropic.apiKey, baseURL: config.anthropic.baseUrl, model: config.anthropic.model }),
        }),
      })
    : undefined;
  const mcp = config.mcp.token ? await serveMcp(config, config.mcp.token, registry, logger) : undefined;
  const connection: SlackConnection = {
    botToken: config.slack.botToken,
    signingSecret: config.slack.signingSecret,
    appToken: config.slack.appToken,
    apiUrl: config.slack.apiUrl,
    meter: metrics.slack,
    retries: options.timing?.slackRetries,
  };
  // People's own Plane tokens, sealed with PLANEBOT_SECRET_KEY; a token dropped is told in a DM.
  const identities = new PlaneIdentities({
    store,
    kit: plane,
    ...(config.secretKeys && { box: new SecretBox(config.secretKeys.current, config.secretKeys.previous) }),
    tell: identityNoticeSender(slackWebClient(connection, store, logger), store, config.locale),
    logger,
  });
  // The agent's front end posts with a Web API client of its own; the app's listeners then get the agent.
  let agent: Agent | undefined;
  if (config.anthropic.apiKey) {
    agent = await createAgent({
      registry,
      store,
      model: { apiKey: config.anthropic.apiKey, baseURL: config.anthropic.baseUrl, model: config.anthropic.model },
      permissions: config.permissionsFile,
      maxIterations: config.maxIterations,
      subAgentMaxIterations: config.subAgentMaxIterations,
      subAgentModel: config.anthropic.subAgentModel,
      delegate: { taskEvents, taskPlane, fileLocks },
      approvalTimeoutMs: config.approvalTimeoutMs,
      approvers: config.approvers,
      bulkThreshold: config.bulkThreshold,
      prompt: { defaultWorkspace: config.plane.workspace, formatting: SLACK_FORMATTING },
      frontEnd: slackFrontEnd(slackWebClient(connection, store, logger), logger, config.locale, store, options.timing?.statusClock),
      expiryCheckMs: expiryCheckMs(config.approvalTimeoutMs),
      sweepOrphans: true,
      leaseMs: options.timing?.runLeaseMs,
      actAs: (requester, work) => identities.actAs(requester.id, work),
      logger,
      meter: metrics.agent,
    });
  }
  const conversations = agent
    ? agentConversations(agent, {
        store,
        logger,
        dataDir: config.dataDir,
        locale: config.locale,
        planeMemberOf: (requester) => planeMemberOf(plane, requester, logger),
      })
    : agentOff(store);
  const notifications = { subscriptions, personal, webhooksOn: Boolean(config.plane.webhookSecret) };
  const cycles = new CycleReports(plane, new CycleSnapshots(store), logger);
  const scheduler = new Scheduler({
    store,
    logger,
    now,
    onRun: (report) => {
      metrics.scheduleRun(report);
      options.onScheduleRun?.(report);
    },
  });
  // The burn-ups' history: one snapshot a day of each current cycle (a report takes that day's too).
  if (plane.enabled)
    scheduler.every(
      'take cycle snapshots',
      '0 1 * * *',
      'UTC',
      async ({ occurrence }) => void (await cycles.takeCycleSnapshots(occurrence)),
    );
  const reader = new ProjectReader(plane, now);
  const digests = new ChannelDigests({ scheduler, store, reader, kit: plane, now });
  const reminders = new Reminders({ store, reader, kit: plane });
  // The app's Web API client exists once the app does; `/plane remind now` runs after that.
  let remindNow: ((user: string) => ReturnType<typeof sendReminder>) | undefined;
  const digestCommands = {
    digests,
    reminders,
    scheduler,
    locale: config.locale,
    ...(options.sandbox && { remindNow: (user: string) => remindNow!(user) }),
  };
  const slack = await createSlackApp(
    connection,
    {
      store,
      plane,
      dataDir: config.dataDir,
      fileLocks,
      locale: config.locale,
      taskEvents,
      taskPlane,
      conversations,
      notifications,
      links,
      desk,
      digestCommands,
      cycles,
      identities,
      undo: { journal: undoJournal, approvers: config.approvers },
      approvers: config.approvers,
      logger,
    },
    logger,
    options.slackReceiver,
  );
  const digestJobs = { client: slack.app.client, store, plane, scheduler, digests, reminders, locale: config.locale, logger, now };
  registerDigestJobs(digestJobs);
  remindNow = (user) => sendReminder(digestJobs, user);
  registerNoticeSenders(outbox, slack.app.client, store, logger, config.locale);
  registerIntakeNewsSender(outbox, slack.app.client, logger, config.locale);
  // The task tree's changes, by /task, the agent or Plane, shown where the tree was last posted.
  const stopTaskEvents = postTaskEvents(slack.app.client, { taskEvents, store, outbox, locale: config.locale, logger });
  const notifier = new Notifier({
    plane,
    store,
    outbox,
    subscriptions,
    personal,
    botWrites,
    links,
    recipientFor: (email) => slackUserByEmail(slack.app.client, store, email),
    condenseMs: options.timing?.condenseMs,
    words: translator(config.locale),
    logger,
  });
  // Plane's changes to work items a task sync made come back to their tasks (docs/tools.md).
  const taskFollower = new TaskFollower({
    kit: plane,
    ownWrites: taskSyncWrites,
    filesDirOf: (scope) => (/^[CDG][A-Z0-9]+$/.test(scope) ? channelFilesDir(config.dataDir, scope) : undefined),
    events: taskEvents,
    fileLocks,
    logger,
  });
  const planeWebhooks = planeWebhookEndpoint({
    secret: config.plane.webhookSecret,
    store,
    logger,
    handle: async (delivery, receivedAt, id) => {
      await Promise.all([notifier.handle(delivery, receivedAt, id), taskFollower.handle(delivery), desk?.handleDelivery(delivery)]);
    },
    backlog: deliveries,
    meter: metrics.webhooks,
  });
  let draining = false;
  const server = await startHttpServer({
    port: config.port,
    host: options.host,
    routes: [
      ...healthRoutes({ ping: () => store.ping(), isDraining: () => draining }),
      metricsRoute({ token: config.metricsToken, scrape: () => metrics.scrape() }),
      ...slack.routes,
      planeWebhooks.route,
      ...(mcp?.routes ?? []),
      ...(options.extraRoutes ?? []),
    ],
  });
  await slack.start();
  await planeWebhooks.start();
  outbox.start();
  desk?.start();
  scheduler.start();
  // Runs a stopped process left behind: waiting ones whose decisions all came, and orphans.
  const resumed = (await agent?.resumeSaved()) ?? 0;
  logger.info({ url: server.url, mode: config.mode, agent: agent !== undefined, mcp: mcp !== undefined, resumed }, 'planebot is listening');
  return {
    url: server.url,
    port: server.port,
    store,
    scheduler,
    cycles,
    async close() {
      draining = true;
      // Take no new work, let what was taken reach a point where it is done or saved (a command's
      // reply, a run's end or its approval request), bounded: a run still busy then is left as a
      // crash leaves it, for the next process to take up when its lease runs out.
      const drainLimitMs = options.timing?.drainLimitMs ?? DRAIN_LIMIT_MS;
      const drained = await within(drainLimitMs, async () => {
        // MCP sessions hold streams open that would keep the server from closing.
        await mcp?.close();
        await slack.stop();
        await server.close();
        await slack.idle();
        await planeWebhooks.idle();
        planeWebhooks.stop();
        await agent?.close();
        stopTaskEvents();
        await desk?.stop();
        await scheduler.stop();
        // What still waits to be posted stays in the store for the next process.
        await outbox.stop();
      });
      if (!drained) logger.warn({ limitMs: drainLimitMs }, 'work still running at shutdown is left for another process');
      server.server.closeAllConnections();
      // The store first: a run still going can then no longer save a turn the limiter's closing broke.
      await store.close();
      await limiters.close();
      if (redis) await closeRedis(redis);
      logger.info('planebot stopped');
    },
  };
}

/** /mcp on the bot's server; the MCP SDK (a second of start-up on a busy machine) loads only then. */
async function serveMcp(config: Config, token: string, registry: ToolRegistry, logger: Logger): Promise<McpHttp> {
  const { createMcpHttp, mcpToolsFor } = await import('./mcp/index.js');
  return createMcpHttp({ token, hosts: config.mcp.hosts, tools: await mcpToolsFor(config, registry, logger), logger });
}

/** Whether `work` finished within `ms`; it goes on regardless. */
async function within(ms: number, work: () => Promise<void>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const done = work().then(() => true as const);
  // Past the limit nobody awaits it; a later failure must not be an unhandled rejection.
  done.catch(() => undefined);
  try {
    return await Promise.race([done, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** How often unanswered approvals are looked for: a tenth of the timeout, between 1 s and 30 s. */
function expiryCheckMs(approvalTimeoutMs: number): number {
  return Math.min(30_000, Math.max(1000, Math.round(approvalTimeoutMs / 10)));
}
