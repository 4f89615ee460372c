import { z } from 'zod';
import { DEFAULT_POLL_MS as DEFAULT_INTAKE_POLL_MS } from './intake-desk/defaults.js';
import {
  DEFAULT_APPROVAL_TIMEOUT_MS,
  DEFAULT_BULK_THRESHOLD,
  DEFAULT_MAX_ITERATIONS,
  DEFAULT_SUBAGENT_MAX_ITERATIONS,
} from './agent/defaults.js';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from './i18n/index.js';
import { parseSecretKey } from './identity/secret-box.js';

/** How the bot talks to Slack, decided by which tokens are present. */
export type Mode = 'http' | 'socket' | 'sandbox';

/** What the process is: the bot (Slack, or the sandbox) or the stdio MCP server, which needs no Slack. */
export type Purpose = 'bot' | 'mcp-stdio';

export const DEFAULT_MODEL = 'claude-sonnet-5-5';
const DEFAULT_PLANE_BASE_URL = 'https://api.plane.so';
const PLANE_CLOUD_APP_URL = 'https://app.plane.so';

/** Each variable with the one line an operator reads when it is missing or wrong. */
export const VARIABLES = {
  SLACK_BOT_TOKEN: 'the bot token (xoxb-…) from the Slack app’s OAuth page',
  SLACK_SIGNING_SECRET: 'verifies Slack’s requests in HTTP mode (Basic Information → Signing Secret)',
  SLACK_APP_TOKEN: 'an app-level token (xapp-…) with connections:write; when set the bot uses Socket Mode',
  SLACK_API_URL: 'the Slack Web API base URL (proxies, GovSlack, tests)',
  PORT: 'the HTTP port for the Slack endpoint, health checks and the sandbox',
  PLANE_API_KEY: 'a Plane API key; without it the Plane tools say they are off',
  PLANE_BASE_URL: 'the Plane API origin (a self-hosted instance’s URL)',
  PLANE_WORKSPACE: 'the default workspace slug, so `slug` can be omitted',
  PLANE_APP_URL: 'the Plane web app origin used in links',
  PLANE_RATE_LIMIT: "the API key's request budget as the instance sets it (its API_KEY_RATE_LIMIT), such as 60/minute or 10/second",
  PLANE_WEBHOOK_SECRET: 'the secret Plane shows when its webhook is created (plane_wh_…); without it POST /plane/webhooks answers 404',
  ANTHROPIC_API_KEY: 'the model key; without it mentions explain how to turn the agent on',
  ANTHROPIC_BASE_URL: 'the Messages API base URL (read by the SDK)',
  PLANEBOT_MODEL: 'the Claude model id the agent uses',
  PLANEBOT_DATA_DIR: 'where todo/task files and the embedded state store live',
  REDIS_URL: 'a Redis URL; shared state and the Plane limiter then live in Redis (replicas)',
  PLANEBOT_PERMISSIONS: 'path to a JSON permissions file (tool name → allow/ask/deny)',
  PLANEBOT_APPROVERS: 'comma-separated Slack user ids who may approve any request',
  PLANEBOT_APPROVAL_TIMEOUT: 'how long an approval waits before it is denied (30s, 15m, 2h)',
  PLANEBOT_INTAKE_POLL:
    'how often the pending intake requests of a project are polled in Plane (default 2m; one request per project each time)',
  PLANEBOT_MAX_ITERATIONS: 'the agent loop cap',
  PLANEBOT_BULK_THRESHOLD:
    'an agent turn writing more work items than this asks once for all of them, with a preview of every change (default 5)',
  PLANEBOT_SUBAGENT_MAX_ITERATIONS: 'the loop cap of each sub-agent the agent delegates a task to',
  PLANEBOT_SUBAGENT_MODEL: 'the Claude model id sub-agents use; default PLANEBOT_MODEL',
  PLANEBOT_WEBFETCH_ALLOW:
    'comma-separated hosts or CIDRs that WebFetch and external images in Plane descriptions may reach although private',
  PLANEBOT_LOCALE: `the language of posts nobody asked for (notifications), and for people whose Slack language the bot does not write: ${LOCALES.join(', ')}`,
  LOG_LEVEL: 'trace, debug, info, warn, error or fatal',
  PLANEBOT_SANDBOX_HOST: 'the address the sandbox page listens on (127.0.0.1; 0.0.0.0 inside a container)',
  PLANEBOT_MCP_TOKEN: 'a bearer token (16+ characters, e.g. `openssl rand -hex 32`); when set, /mcp serves MCP over Streamable HTTP',
  PLANEBOT_MCP_HOSTS: 'comma-separated host names (host or host:port) MCP clients reach /mcp by, besides localhost',
  PLANEBOT_MCP_CHANNEL: 'a Slack channel id (C0123ABC) whose todo and task files MCP clients share; default the mcp/ folder',
  PLANEBOT_MCP_EMAIL: 'the e-mail of the Plane member who is "me" over MCP; default the API key’s user',
  PLANEBOT_METRICS_TOKEN: 'a bearer token (16+ characters); when set, GET /metrics answers only requests carrying it',
  PLANEBOT_SECRET_KEY:
    'seals people’s Plane tokens at rest (AES-256-GCM): 32 random bytes in base64, `openssl rand -base64 32`; without it /plane connect is off',
  PLANEBOT_SECRET_KEY_PREVIOUS:
    'the key PLANEBOT_SECRET_KEY replaced, during a rotation: tokens sealed with it are opened and sealed again with the new one',
} as const;
export type VariableName = keyof typeof VARIABLES;

/** Values that must never be printed. */
export const SECRET_VARIABLES: readonly VariableName[] = [
  'SLACK_BOT_TOKEN',
  'SLACK_SIGNING_SECRET',
  'SLACK_APP_TOKEN',
  'PLANE_API_KEY',
  'PLANE_WEBHOOK_SECRET',
  'ANTHROPIC_API_KEY',
  'REDIS_URL',
  'PLANEBOT_MCP_TOKEN',
  'PLANEBOT_METRICS_TOKEN',
  'PLANEBOT_SECRET_KEY',
  'PLANEBOT_SECRET_KEY_PREVIOUS',
];

export interface Config {
  mode: Mode;
  slack: { botToken?: string; signingSecret?: string; appToken?: string; apiUrl?: string };
  port: number;
  plane: { apiKey?: string; baseUrl: string; workspace?: string; appUrl: string; rateLimit: PlaneRate; webhookSecret?: string };
  anthropic: { apiKey?: string; baseUrl?: string; model: string; subAgentModel: string };
  dataDir: string;
  redisUrl?: string;
  permissionsFile?: string;
  approvers: string[];
  approvalTimeoutMs: number;
  /** PLANEBOT_INTAKE_POLL: how often a project's pending intake requests are looked at. */
  intakePollMs: number;
  maxIterations: number;
  /** PLANEBOT_BULK_THRESHOLD: more work-item writes than this in one agent turn are previewed and asked once. */
  bulkThreshold: number;
  subAgentMaxIterations: number;
  webfetchAllow: string[];
  /** PLANEBOT_LOCALE: the language of notifications, and of people whose own the bot lacks. */
  locale: Locale;
  logLevel: 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';
  /** Where the sandbox listens; loopback unless asked, since the page has no login. */
  sandboxHost: string;
  mcp: McpConfig;
  /** PLANEBOT_METRICS_TOKEN: without it /metrics is open (for a scraper on a private network). */
  metricsToken?: string;
  /** PLANEBOT_SECRET_KEY and the one it replaced: what people's Plane tokens are sealed with (identity/). */
  secretKeys?: { current: Buffer; previous?: Buffer };
}

export interface McpConfig {
  /** Without it /mcp is not served. */
  token?: string;
  /** Host headers /mcp accepts besides loopback names (DNS-rebinding protection). */
  hosts: string[];
  /** The Slack channel whose todo and task files MCP clients work in. */
  channel?: string;
  /** The Plane member who is "me". */
  email?: string;
}

/** A DRF throttle rate: so many requests per window. */
export interface PlaneRate {
  requests: number;
  windowMs: number;
}

const DEFAULT_PLANE_RATE: PlaneRate = { requests: 60, windowMs: 60_000 };
const RATE_PERIODS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * Parses a rate as Django REST framework writes it, `<requests>/<period>`: the period is second,
 * minute, hour or day (DRF reads only its first letter, so `s`, `sec`, `min`, `hour`… work too).
 */
export function parsePlaneRate(text: string): PlaneRate | undefined {
  const match = /^(\d+)\s*\/\s*(s(?:ec(?:ond)?)?|m(?:in(?:ute)?)?|h(?:our)?|d(?:ay)?)s?$/i.exec(text.trim());
  if (!match || Number(match[1]) === 0) return undefined;
  return { requests: Number(match[1]), windowMs: RATE_PERIODS[match[2]![0]!.toLowerCase()]! };
}

export class ConfigError extends Error {
  constructor(readonly problems: { variable: VariableName; problem: string }[]) {
    super(
      'Planebot cannot start; fix these variables (environment or .env):\n' +
        problems.map((p) => `  ${p.variable}: ${p.problem} — ${VARIABLES[p.variable]}`).join('\n'),
    );
    this.name = 'ConfigError';
  }
}

/** Parses `30s`, `15m`, `2h` (and a bare number of seconds) into milliseconds. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?$/.exec(text.trim());
  if (!match) return undefined;
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[(match[2] ?? 's') as 'ms'];
  const ms = Number(match[1]) * unit;
  return ms > 0 ? ms : undefined;
}

const optionalText = z
  .string()
  .transform((s) => s.trim())
  .optional()
  .transform((s) => (s ? s : undefined));
const url = (example: string) => optionalText.refine((s) => s === undefined || URL.canParse(s), `must be a URL such as ${example}`);
/** What a bearer token may hold, long enough not to be guessed. */
const bearerToken = optionalText.refine(
  (s) => s === undefined || /^[A-Za-z0-9\-._~+/]{16,}=*$/.test(s),
  'must be at least 16 characters of letters, digits and -._~+/ (what a bearer token may hold), such as the output of `openssl rand -hex 32`',
);
const list = optionalText.transform((s) =>
  s
    ? s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
    : [],
);
const positiveInt = (fallback: number, example: string) =>
  optionalText
    .transform((s) => (s === undefined ? fallback : Number(s)))
    .refine((n) => Number.isInteger(n) && n > 0, `must be a whole number above 0, such as ${example}`);

const secretKey = optionalText.refine(
  (s) => s === undefined || parseSecretKey(s) !== undefined,
  'must be 32 random bytes in base64 (44 characters), such as the output of `openssl rand -base64 32`',
);

const schema = z.object({
  SLACK_BOT_TOKEN: optionalText.refine((s) => s === undefined || s.startsWith('xoxb-'), 'must start with xoxb-'),
  SLACK_SIGNING_SECRET: optionalText,
  SLACK_APP_TOKEN: optionalText.refine((s) => s === undefined || s.startsWith('xapp-'), 'must start with xapp-'),
  SLACK_API_URL: url('https://slack.com/api/'),
  PORT: optionalText
    .transform((s) => (s === undefined ? 3000 : Number(s)))
    .refine((n) => Number.isInteger(n) && n >= 0 && n < 65536, 'must be a port number from 0 to 65535'),
  PLANE_API_KEY: optionalText,
  PLANE_BASE_URL: url('https://plane.example.com'),
  PLANE_WORKSPACE: optionalText,
  PLANE_APP_URL: url('https://plane.example.com'),
  PLANE_RATE_LIMIT: optionalText
    .transform((s) => (s === undefined ? DEFAULT_PLANE_RATE : parsePlaneRate(s)))
    .refine(
      (rate) => rate !== undefined,
      "must be a rate of requests per second, minute, hour or day, such as 60/minute (Plane's default), 300/minute or 10/second",
    ),
  PLANE_WEBHOOK_SECRET: optionalText,
  ANTHROPIC_API_KEY: optionalText,
  ANTHROPIC_BASE_URL: url('https://api.anthropic.com'),
  PLANEBOT_MODEL: optionalText,
  PLANEBOT_DATA_DIR: optionalText,
  REDIS_URL: optionalText.refine((s) => s === undefined || /^rediss?:\/\//.test(s), 'must be a redis:// or rediss:// URL'),
  PLANEBOT_PERMISSIONS: optionalText,
  PLANEBOT_APPROVERS: list,
  PLANEBOT_APPROVAL_TIMEOUT: optionalText
    .transform((s) => (s === undefined ? DEFAULT_APPROVAL_TIMEOUT_MS : parseDuration(s)))
    .refine((n) => n !== undefined, 'must be a duration such as 30s, 15m or 2h'),
  PLANEBOT_INTAKE_POLL: optionalText
    .transform((s) => (s === undefined ? DEFAULT_INTAKE_POLL_MS : parseDuration(s)))
    .refine((n) => n !== undefined && n >= 1000, 'must be a duration of at least 1s, such as 30s or 2m'),
  PLANEBOT_MAX_ITERATIONS: positiveInt(DEFAULT_MAX_ITERATIONS, String(DEFAULT_MAX_ITERATIONS)),
  PLANEBOT_BULK_THRESHOLD: positiveInt(DEFAULT_BULK_THRESHOLD, String(DEFAULT_BULK_THRESHOLD)),
  PLANEBOT_SUBAGENT_MAX_ITERATIONS: positiveInt(DEFAULT_SUBAGENT_MAX_ITERATIONS, String(DEFAULT_SUBAGENT_MAX_ITERATIONS)),
  PLANEBOT_SUBAGENT_MODEL: optionalText,
  PLANEBOT_WEBFETCH_ALLOW: list,
  PLANEBOT_SANDBOX_HOST: optionalText,
  PLANEBOT_MCP_TOKEN: bearerToken,
  PLANEBOT_METRICS_TOKEN: bearerToken,
  PLANEBOT_MCP_HOSTS: list.refine(
    (hosts) => hosts.every((host) => /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/.test(host)),
    'must be host names or host:port pairs separated by commas, such as planebot.example.com,10.0.0.5:3000',
  ),
  PLANEBOT_MCP_CHANNEL: optionalText.refine(
    (s) => s === undefined || /^[A-Z0-9]+$/.test(s),
    'must be a Slack channel id (upper-case letters and digits), such as C0123ABCD',
  ),
  PLANEBOT_MCP_EMAIL: optionalText.refine((s) => s === undefined || /^[^@\s]+@[^@\s]+$/.test(s), 'must be an e-mail address'),
  PLANEBOT_SECRET_KEY: secretKey,
  PLANEBOT_SECRET_KEY_PREVIOUS: secretKey,
  PLANEBOT_LOCALE: optionalText.refine(
    (s) => s === undefined || isLocale(s),
    `must be one of ${LOCALES.join(', ')} (the languages the bot writes)`,
  ),
  LOG_LEVEL: optionalText.transform((s) => s ?? 'info').pipe(z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal'])),
});

function stripSlashes(s: string): string {
  return s.replace(/\/+$/, '');
}

/**
 * Reads and validates the environment once; throws ConfigError naming every bad variable. The stdio
 * MCP server talks to no Slack, so Slack variables it may inherit from a shared `.env` are not judged.
 */
export function loadConfig(given: Record<string, string | undefined>, purpose: Purpose = 'bot'): Config {
  const env = purpose === 'bot' ? given : Object.fromEntries(Object.entries(given).filter(([name]) => !name.startsWith('SLACK_')));
  const parsed = schema.safeParse(env);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({
        variable: String(issue.path[0]) as VariableName,
        problem: issue.message.startsWith('Invalid option') ? `must be one of ${VARIABLES.LOG_LEVEL}` : issue.message,
      }));
  // Judged on the raw values too, so that one message names every problem, malformed or missing.
  const present = (name: VariableName) => Boolean(env[name]?.trim());
  const mode: Mode = present('SLACK_APP_TOKEN') ? 'socket' : present('SLACK_BOT_TOKEN') ? 'http' : 'sandbox';
  if (mode === 'socket' && !present('SLACK_BOT_TOKEN'))
    problems.push({ variable: 'SLACK_BOT_TOKEN', problem: 'is required with SLACK_APP_TOKEN' });
  if (present('PLANEBOT_SECRET_KEY_PREVIOUS') && !present('PLANEBOT_SECRET_KEY')) {
    problems.push({
      variable: 'PLANEBOT_SECRET_KEY',
      problem: 'is required with PLANEBOT_SECRET_KEY_PREVIOUS (the new key of the rotation)',
    });
  }
  if (mode === 'http' && !present('SLACK_SIGNING_SECRET'))
    problems.push({ variable: 'SLACK_SIGNING_SECRET', problem: 'is required in HTTP mode' });
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const v = parsed.data;

  const planeBaseUrl = stripSlashes(v.PLANE_BASE_URL ?? DEFAULT_PLANE_BASE_URL);
  const planeAppUrl = stripSlashes(v.PLANE_APP_URL ?? (planeBaseUrl === DEFAULT_PLANE_BASE_URL ? PLANE_CLOUD_APP_URL : planeBaseUrl));
  const model = v.PLANEBOT_MODEL ?? DEFAULT_MODEL;
  return {
    mode,
    slack: {
      botToken: v.SLACK_BOT_TOKEN,
      signingSecret: v.SLACK_SIGNING_SECRET,
      appToken: v.SLACK_APP_TOKEN,
      apiUrl: v.SLACK_API_URL,
    },
    port: v.PORT,
    plane: {
      apiKey: v.PLANE_API_KEY,
      baseUrl: planeBaseUrl,
      workspace: v.PLANE_WORKSPACE,
      appUrl: planeAppUrl,
      rateLimit: v.PLANE_RATE_LIMIT!,
      ...(v.PLANE_WEBHOOK_SECRET && { webhookSecret: v.PLANE_WEBHOOK_SECRET }),
    },
    anthropic: { apiKey: v.ANTHROPIC_API_KEY, baseUrl: v.ANTHROPIC_BASE_URL, model, subAgentModel: v.PLANEBOT_SUBAGENT_MODEL ?? model },
    dataDir: v.PLANEBOT_DATA_DIR ?? './data',
    redisUrl: v.REDIS_URL,
    permissionsFile: v.PLANEBOT_PERMISSIONS,
    approvers: v.PLANEBOT_APPROVERS,
    approvalTimeoutMs: v.PLANEBOT_APPROVAL_TIMEOUT!,
    intakePollMs: v.PLANEBOT_INTAKE_POLL!,
    maxIterations: v.PLANEBOT_MAX_ITERATIONS,
    bulkThreshold: v.PLANEBOT_BULK_THRESHOLD,
    subAgentMaxIterations: v.PLANEBOT_SUBAGENT_MAX_ITERATIONS,
    webfetchAllow: v.PLANEBOT_WEBFETCH_ALLOW,
    locale: v.PLANEBOT_LOCALE !== undefined && isLocale(v.PLANEBOT_LOCALE) ? v.PLANEBOT_LOCALE : DEFAULT_LOCALE,
    logLevel: v.LOG_LEVEL,
    sandboxHost: v.PLANEBOT_SANDBOX_HOST ?? '127.0.0.1',
    mcp: { token: v.PLANEBOT_MCP_TOKEN, hosts: v.PLANEBOT_MCP_HOSTS, channel: v.PLANEBOT_MCP_CHANNEL, email: v.PLANEBOT_MCP_EMAIL },
    ...(v.PLANEBOT_METRICS_TOKEN && { metricsToken: v.PLANEBOT_METRICS_TOKEN }),
    ...(v.PLANEBOT_SECRET_KEY && {
      secretKeys: {
        current: parseSecretKey(v.PLANEBOT_SECRET_KEY)!,
        ...(v.PLANEBOT_SECRET_KEY_PREVIOUS && { previous: parseSecretKey(v.PLANEBOT_SECRET_KEY_PREVIOUS)! }),
      },
    }),
  };
}

/** The secret values present in this environment, for the logger's scrubber. */
export function secretValues(env: Record<string, string | undefined>): string[] {
  return SECRET_VARIABLES.map((name) => env[name]?.trim()).filter((s): s is string => !!s && s.length >= 4);
}
