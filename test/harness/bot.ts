import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPlanebot, type PlanebotOptions, type RunningPlanebot } from '../../src/compose.js';
import { loadConfig, type Config } from '../../src/config.js';
import {
  seedDemoWorkspace,
  startFakePlane,
  type FakePlane,
  type FakePlaneOptions,
  type WebhookRecord,
} from '../../src/emulators/plane/index.js';
import { startSlackEmulator, type SlackEmulator } from '../../src/emulators/slack/index.js';
import { silentLogger, type Logger } from '../../src/log.js';
import type { Clock } from '../../src/slack/progress/clock.js';
import { parse as parseYaml } from 'yaml';
import { webApi } from '@slack/bolt';
import { startFakeMessagesApi, type FakeMessagesApi, type Step } from '../fakes/anthropic/index.js';

export const SIGNING_SECRET = 'test-signing-secret-0123456789';
export const BOT_TOKEN = 'xoxb-test-0123456789';
export const APP_TOKEN = 'xapp-1-A0APP-test-0123456789';
export const WEBHOOK_SECRET = 'plane_wh_0123456789abcdef0123456789abcdef';
/** A call Slack refused is retried once its Retry-After is over, without the client's growing, random backoff on top. */
const NO_BACKOFF = webApi.retryPolicies.rapidRetryPolicy;

/** The bot scopes manifest.yml asks for: the emulator refuses calls they do not cover, as Slack does. */
export const MANIFEST_SCOPES: string[] = (
  parseYaml(readFileSync(new URL('../../manifest.yml', import.meta.url), 'utf8')) as { oauth_config: { scopes: { bot: string[] } } }
).oauth_config.scopes.bot;

export interface BotHarnessOptions {
  /** Replies of the scripted model; without it no model key is configured (the agent is off). */
  model?: Step[];
  /** Extra variables over the harness's (e.g. PLANEBOT_APPROVAL_TIMEOUT). */
  env?: Record<string, string>;
  logger?: Logger;
  /** Socket Mode: SLACK_APP_TOKEN set (no signing secret), everything reaches the bot over its socket. */
  socketMode?: boolean;
  /** How the fake Plane throttles (Plane's default 60 a minute otherwise), and which release it plays. */
  plane?: Pick<FakePlaneOptions, 'rateLimit' | 'instanceVersion'>;
  /**
   * Plane's webhook to the bot: PLANE_WEBHOOK_SECRET set, and the fake Plane's workspace webhook
   * pointed at the bot's /plane/webhooks (its loopback address allowed, as WEBHOOK_ALLOWED_IPS would).
   */
  webhooks?: boolean;
  /** The Slack emulator's pace rule for chat.postMessage (off by default). */
  postMessageIntervalMs?: number;
  /**
   * Shorter clocks (notification bursts, posting pace…). The outbox's pace per channel is 20 ms
   * unless set: the emulator's pace rule is off unless asked for, and a test posting ten task events
   * in one channel would otherwise wait ten seconds for Slack's one a second.
   */
  timing?: PlanebotOptions['timing'];
  /**
   * The clock status-message edits are paced by, which also stamps the emulator's Web API calls: a
   * test reads the edits' spacing in it, whatever the machine's timers do.
   */
  statusClock?: Clock;
  /** The emulator's native streaming (on by default); `POST_AND_EDIT` is a workspace without it. */
  streaming?: { refuse?: string };
  /** The clock schedules are reckoned by (digests, reminders). */
  now?: () => number;
  /** Plays the sandbox: `/plane remind now` is served. */
  sandbox?: boolean;
}

/** A workspace without native streaming (as GovSlack): answers are posted and the status message edited. */
export const POST_AND_EDIT = { refuse: 'unknown_method' } as const;

export interface BotHarness {
  slack: SlackEmulator;
  plane: FakePlane;
  demo: ReturnType<typeof seedDemoWorkspace>;
  model?: FakeMessagesApi;
  bot: RunningPlanebot;
  config: Config;
  dataDir: string;
  /** The fake Plane's webhook to the bot, with `webhooks`. */
  webhook?: WebhookRecord;
  /** Stops the bot (gracefully) and starts a new one on the same data folder and fakes: a restart. */
  restart(): Promise<RunningPlanebot>;
  close(): Promise<void>;
}

/**
 * The whole bot as production runs it (the same start-up composition), in HTTP mode or Socket Mode,
 * against the Slack emulator (signed deliveries or socket envelopes, recorded Web API calls), the demo
 * fake Plane and an optional scripted model. The Slack people alice, bob, camille (French) and wei
 * (Chinese) are also Plane members with the same e-mails, so "me" resolves.
 */
export async function startBotHarness(options: BotHarnessOptions = {}): Promise<BotHarness> {
  const socketMode = options.socketMode ?? false;
  const slack = await startSlackEmulator({
    signingSecret: SIGNING_SECRET,
    botToken: BOT_TOKEN,
    scopes: MANIFEST_SCOPES,
    // The fake Plane's web app is on 127.0.0.1, the unfurl domain the operator would set to Plane's.
    unfurlDomains: ['127.0.0.1'],
    ...(options.postMessageIntervalMs !== undefined && { postMessageIntervalMs: options.postMessageIntervalMs }),
    ...(options.statusClock && { now: () => options.statusClock!.now() }),
    ...(options.streaming && { streaming: options.streaming }),
    ...(socketMode ? { appToken: APP_TOKEN, transport: 'socket' as const } : {}),
  });
  const plane = await startFakePlane({ ...options.plane, webhooks: { allowed: ['127.0.0.1'], retryDelayMs: () => 100 } });
  const demo = seedDemoWorkspace(plane.db);
  plane.db.addMember('acme', { email: 'alice@acme.test', first_name: 'Alice', last_name: 'Martin', display_name: 'alice' });
  plane.db.addMember('acme', { email: 'bob@acme.test', first_name: 'Bob', last_name: 'Chen', display_name: 'bob' });
  plane.db.addMember('acme', { email: 'camille@acme.test', first_name: 'Camille', last_name: 'Roux', display_name: 'camille' });
  plane.db.addMember('acme', { email: 'wei@acme.test', first_name: 'Wei', last_name: 'Zhang', display_name: 'wei' });
  const model = options.model ? await startFakeMessagesApi({ script: options.model }) : undefined;
  const dataDir = await mkdtemp(join(tmpdir(), 'planebot-e2e-'));
  const config = loadConfig({
    SLACK_BOT_TOKEN: BOT_TOKEN,
    ...(socketMode ? { SLACK_APP_TOKEN: APP_TOKEN } : { SLACK_SIGNING_SECRET: SIGNING_SECRET }),
    SLACK_API_URL: slack.url,
    PORT: '0',
    PLANE_API_KEY: demo.apiKey,
    PLANE_BASE_URL: plane.url,
    PLANE_WORKSPACE: demo.workspace.slug,
    ANTHROPIC_API_KEY: model ? 'test' : undefined,
    ANTHROPIC_BASE_URL: model?.url,
    PLANEBOT_DATA_DIR: dataDir,
    ...(options.webhooks && { PLANE_WEBHOOK_SECRET: WEBHOOK_SECRET }),
    ...options.env,
  });
  let webhook: WebhookRecord | undefined;
  const start = async () => {
    const bot = await startPlanebot(config, {
      logger: options.logger ?? silentLogger,
      host: '127.0.0.1',
      timing: {
        slackRetries: NO_BACKOFF,
        postIntervalMs: 20,
        ...options.timing,
        ...(options.statusClock && { statusClock: options.statusClock }),
      },
      ...(options.now && { now: options.now }),
      ...(options.sandbox && { sandbox: true }),
    });
    if (!socketMode) slack.setRequestUrl(`${bot.url}/slack/events`);
    if (options.webhooks) {
      // A restarted bot listens on another port: the admin edits the webhook's URL.
      webhook ??= plane.webhooks.add(demo.workspace.slug, { url: `${bot.url}/plane/webhooks`, secret: WEBHOOK_SECRET });
      webhook.url = `${bot.url}/plane/webhooks`;
    }
    return bot;
  };
  const harness: BotHarness = {
    slack,
    plane,
    demo,
    model,
    bot: await start(),
    config,
    dataDir,
    webhook,
    async restart() {
      await harness.bot.close();
      harness.bot = await start();
      return harness.bot;
    },
    async close() {
      await harness.bot.close();
      await slack.close();
      await plane.close();
      await model?.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}

/** Polls until `check` returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 5_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
