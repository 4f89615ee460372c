import { randomBytes } from 'node:crypto';
import { startPlanebot, type RunningPlanebot } from '../compose.js';
import type { Config } from '../config.js';
import {
  seedDemoDigests,
  seedDemoWorkspace,
  startFakePlane,
  type DemoCycles,
  type FakePlane,
  type WebhookRecord,
} from '../emulators/plane/index.js';
import { CycleSnapshots } from '../cycles/snapshots.js';
import { DEFAULT_CHANNELS, startSlackEmulator } from '../emulators/slack/index.js';
import { INTAKE_CHANNELS } from '../intake-desk/records.js';
import { SLACKBOT } from '../emulators/slack/workspace.js';
import type { Logger } from '../log.js';
import { sandboxIntakeRoutes } from './intake-control.js';
import { sandboxPageRoutes } from './page-routes.js';

/**
 * People of the sandbox workspace; their e-mails match the demo Plane's members, so "me" works.
 * Camille's Slack is in French and Wei's in Chinese: acting as them shows the bot in those languages.
 */
const SANDBOX_PEOPLE = [
  { id: 'U0DANA', name: 'dana', real_name: 'Dana Kim', email: 'dana@acme.io', tz: 'Europe/Paris', locale: 'en-US' },
  { id: 'U0LEO', name: 'leo', real_name: 'Léo Martin', email: 'leo@acme.io', tz: 'Europe/Paris', locale: 'en-GB' },
  { id: 'U0PRIYA', name: 'priya', real_name: 'Priya Shah', email: 'priya@acme.io', tz: 'Asia/Kolkata', locale: 'en-IN' },
  { id: 'U0CAMILLE', name: 'camille', real_name: 'Camille Roux', email: 'camille@acme.io', tz: 'Europe/Paris', locale: 'fr-FR' },
  { id: 'U0WEI', name: 'wei', real_name: 'Wei Zhang', email: 'wei@acme.io', tz: 'Asia/Shanghai', locale: 'zh-CN' },
];
/** Whom the page shows the workspace as until someone else is picked. */
const DEFAULT_VIEWER = SANDBOX_PEOPLE[0]!;

/**
 * `npm start` with no Slack: the same bot, with Slack replaced by the embedded emulator
 * (which signs its requests as Slack does) and, without a Plane key, Plane by the seeded demo fake.
 * Only this start-up code knows it is a sandbox; the bot is configured as for any Slack.
 */
export interface RunningSandbox extends RunningPlanebot {
  /** The demo Plane, when no PLANE_API_KEY was set: its URL and each demo person's token, by e-mail. */
  demo?: { planeUrl: string; tokens: Record<string, string> };
}

export async function startSandbox(config: Config, options: { logger: Logger }): Promise<RunningSandbox> {
  const signingSecret = randomBytes(24).toString('hex');
  const botToken = `xoxb-sandbox-${randomBytes(12).toString('hex')}`;
  // Plane's web app is where work item links point: the manifest's unfurl domain in a real Slack.
  const unfurlDomains = [new URL(config.plane.apiKey ? config.plane.appUrl : 'http://127.0.0.1').hostname];
  // #support is the demo's intake desk: a message given :ticket: becomes a request in ACME's Intake.
  const emulator = await startSlackEmulator({
    signingSecret,
    botToken,
    users: SANDBOX_PEOPLE,
    unfurlDomains,
    channels: [...DEFAULT_CHANNELS, { id: SUPPORT, name: 'support' }],
  });

  let demoPlane: FakePlane | undefined;
  let demoCycles: DemoCycles | undefined;
  let demoWebhook: WebhookRecord | undefined;
  let demoIntake: { projectId: string; admin: string } | undefined;
  let plane = config.plane;
  let demoTokens: Record<string, string> = {};
  if (!plane.apiKey) {
    // The bot listens on a loopback address, which Plane only reaches when its server allows it
    // (WEBHOOK_ALLOWED_IPS); the demo Plane is configured as such a server.
    demoPlane = await startFakePlane({ webhooks: { allowed: [config.sandboxHost, '127.0.0.1'] } });
    const demo = seedDemoWorkspace(demoPlane.db);
    seedDemoDigests(demoPlane.db, demo, DEFAULT_VIEWER.tz);
    demoCycles = demo.cycles;
    // Turned on as a project admin would in Plane's settings (the bot's key may not).
    demo.project.intake_view = true;
    demoIntake = { projectId: demo.project.id, admin: demo.users.dana.id };
    demoTokens = demo.personalTokens;
    // Created before the bot starts (its secret is the bot's configuration); its URL is set once the bot listens.
    demoWebhook = demoPlane.webhooks.add(demo.workspace.slug, { url: 'http://127.0.0.1:1/plane/webhooks' });
    plane = {
      ...plane,
      apiKey: demo.apiKey,
      baseUrl: demoPlane.url,
      appUrl: demoPlane.url,
      workspace: demo.workspace.slug,
      webhookSecret: demoWebhook.secret_key,
    };
  }

  const bot = await startPlanebot(
    // Without PLANEBOT_SECRET_KEY the sandbox seals tokens with a key of its own, forgotten at exit.
    {
      ...config,
      slack: { botToken, signingSecret, apiUrl: emulator.url },
      plane,
      secretKeys: config.secretKeys ?? { current: randomBytes(32) },
    },
    {
      logger: options.logger,
      host: config.sandboxHost,
      sandbox: true,
      // The demo Plane is local: Accept in its Intake reaches the asker in seconds, not the default 2 minutes.
      ...(demoIntake && { timing: { intakePollMs: DEMO_INTAKE_POLL_MS } }),
      extraRoutes: [
        ...sandboxPageRoutes({
          pageApi: emulator.pageApi,
          info: {
            plane: demoPlane ? 'demo' : 'real',
            model: Boolean(config.anthropic.apiKey),
            planeUrl: demoPlane ? undefined : plane.appUrl,
            intake: demoIntake !== undefined,
          },
          defaultViewer: DEFAULT_VIEWER.id,
        }),
        ...(demoPlane && demoIntake ? sandboxIntakeRoutes(demoPlane, demoIntake.admin) : []),
      ],
    },
  );
  emulator.setRequestUrl(`${bot.url}/slack/events`);
  // The demo cycle's past days, as the daily snapshots would have recorded them: its burn-up has a history at once.
  if (demoCycles && plane.workspace) {
    const { current, history } = demoCycles;
    const days = Object.fromEntries(history.map(({ date, ...counts }) => [date, counts]));
    await new CycleSnapshots(bot.store).put(plane.workspace, current.id, { project: 'ACME', cycle: current.name }, days);
  }
  if (demoWebhook) demoWebhook.url = `${bot.url}/plane/webhooks`;
  emulator.workspace.post('C0GENERAL', { user: SLACKBOT, text: welcome(Boolean(config.anthropic.apiKey), demoPlane !== undefined) });
  if (demoIntake) {
    await bot.store.set(INTAKE_CHANNELS, SUPPORT, {
      channel: SUPPORT,
      projectId: demoIntake.projectId,
      project: 'ACME',
      emoji: 'ticket',
      auto: false,
      setBy: 'sandbox',
    });
    emulator.workspace.post(SUPPORT, { user: SLACKBOT, text: SUPPORT_WELCOME });
    // One ask already there, like one in ACME's backlog: its 🎫 shows the duplicate check.
    emulator.workspace.post(SUPPORT, {
      user: 'U0PRIYA',
      text: 'The login button does nothing on Safari\nCustomers cannot sign in since this morning.',
    });
  }
  console.log(
    `\nPlanebot sandbox: open ${bot.url}/ in a browser.\n` +
      `  Slack: an embedded emulator (no Slack app needed)\n` +
      `  Plane: ${demoPlane ? 'a demo workspace "acme" (set PLANE_API_KEY for a real one)' : plane.baseUrl}\n` +
      `  Agent: ${config.anthropic.apiKey ? config.anthropic.model : 'off (set ANTHROPIC_API_KEY to turn it on)'}\n` +
      `  MCP:   ${config.mcp.token ? `${bot.url}/mcp (Authorization: Bearer <PLANEBOT_MCP_TOKEN>)` : 'stdio only (set PLANEBOT_MCP_TOKEN to serve /mcp)'}\n` +
      demoTokenLines(demoTokens),
  );
  return {
    ...bot,
    ...(demoPlane && { demo: { planeUrl: demoPlane.url, tokens: demoTokens } }),
    async close() {
      await bot.close();
      await emulator.close();
      await demoPlane?.close();
    },
  };
}

const SUPPORT = 'C0SUPPORT';
const DEMO_INTAKE_POLL_MS = 2_000;

/** What #support says of itself: the intake desk's loop, and the stand-in for Plane's Intake view. */
const SUPPORT_WELCOME = [
  '*#support is an intake desk for ACME* (`/plane intake ACME`). Try:',
  '• write a request here, then press *+ :ticket:* under it (the :ticket: reaction): it is filed in ACME’s Intake, and the bot answers in its thread',
  '• press + :ticket: under priya’s message below: it looks like an item ACME already has, so only she is asked first (Same as …, File it anyway, Cancel); act as priya to answer',
  '• in the sidebar, *Demo Plane · Intake* lists the requests a Plane admin has to decide: Accept or Decline there, and the asker hears it in the thread',
  '• `/plane config` sets this channel’s default project and an instruction for the agent',
].join('\n');
/**
 * The demo people's Plane tokens, for `/plane connect`: said here in the terminal only, never on the
 * page (a connected token is never shown anywhere).
 */
function demoTokenLines(tokens: Record<string, string>): string {
  const lines = Object.entries(tokens).map(([email, token]) => `    ${email}: ${token}`);
  return lines.length === 0 ? '' : `  Demo Plane tokens for /plane connect (act as that person; new at each start):\n${lines.join('\n')}\n`;
}

/** What a newcomer reads first in #general: things to try that work with what is configured. */
function welcome(agentOn: boolean, demoPlane: boolean): string {
  return [
    '*Welcome to the Planebot sandbox.* This is a local stand-in for a Slack channel; planebot is the real bot. Try:',
    '• `/task add Write the launch post !high @dana due:2026-12-24` then `/task tree`',
    '• `/todo add Order the cake #party` then `/todo list`',
    '• `/plane show ACME-1`, `/plane mine`, `/plane search ACME login`',
    '• on any message, “…” → *Create work item*: a Plane work item from it, confirmed in its thread (replies there become Plane comments)',
    ...(demoPlane
      ? [
          '• `/plane cycle ACME`: the current sprint with its burn-up picture',
          '• `/plane connect` with your demo Plane token (printed in the terminal running `npm start`): your comments and changes are then made as you in Plane',
          '• `/plane subscribe ACME` then `/plane new ACME Try notifications !high`: the demo Plane sends its webhook, and the card appears here about ten seconds later',
        ]
      : []),
    '• `/plane digest now ACME` posts the project’s digest here; `/plane digest ACME weekdays 09:00` schedules it; as dana, `/plane remind now` sends her morning reminder to her DM',
    agentOn
      ? '• `@planebot what is assigned to me in ACME?` — the agent answers in a thread; writes wait for your Approve'
      : '• `@planebot …` — the agent is off until ANTHROPIC_API_KEY is set; it will tell you how',
    'Switch “Acting as” in the sidebar to try an approval as someone else.',
  ].join('\n');
}
