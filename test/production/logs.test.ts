import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, expect, it } from 'vitest';
import { textReply, toolReply } from '../fakes/anthropic/index.js';
import { startProxy, type Proxy } from '../fixtures/proxy.js';
import { ALICE, approvalMessage, botSays, GENERAL, startFakeServices, type FakeServices } from '../fixtures/services.js';
import { startBotProcess, type BotProcess, type LogLine } from '../harness/process.js';
import { startRedisServer, type RedisServer } from '../helpers/redis-server.js';
import { eventually } from '../harness/bot.js';

/**
 * Logs: one JSON line per event, a run's lines carry its `runId`, and no secret value (people's own Plane tokens included) is
 * ever printed, even at debug level, through a run with tool calls, an approval and a Plane error.
 */

let services: FakeServices | undefined;
let proxies: Proxy[] = [];
let redis: RedisServer | undefined;
let bot: BotProcess | undefined;

afterEach(async () => {
  await bot?.stop('SIGTERM').catch(() => bot?.kill());
  bot = undefined;
  await Promise.all(proxies.map((proxy) => proxy.close()));
  proxies = [];
  await services?.close();
  services = undefined;
  await redis?.stop();
  redis = undefined;
});

const alphanumeric = (length: number) => randomBytes(length).toString('base64url').replace(/[-_]/g, 'x').slice(0, length);

// Shaped like the real thing, random so that nothing else prints them by chance.
const secrets = {
  SLACK_BOT_TOKEN: `xoxb-1234567890-1234567890123-${alphanumeric(24)}`,
  SLACK_SIGNING_SECRET: randomBytes(16).toString('hex'),
  PLANE_API_KEY: `plane_api_${randomBytes(16).toString('hex')}`,
  ANTHROPIC_API_KEY: `sk-ant-api03-${alphanumeric(93)}AA`,
  PLANEBOT_SECRET_KEY: randomBytes(32).toString('base64'),
};
// alice's own Plane token, connected through the modal: her run's Plane calls carry it.
const aliceToken = `plane_api_${randomBytes(16).toString('hex')}`;
const redisPassword = randomBytes(12).toString('hex');

/** The lines that are about a run. */
const RUN_EVENTS = [
  'message received',
  'run started',
  'run resumed',
  'model turn',
  'tool call',
  'run waits for approval',
  'approval decided',
  'run finished',
  'run failed',
];

it('prints one JSON line per event, a runId on every line about a run, and never a token, key or password', async () => {
  redis = await startRedisServer();
  const admin = new Redis(redis.url);
  await admin.config('SET', 'requirepass', redisPassword);
  admin.disconnect();
  const redisUrl = redis.url.replace('redis://', `redis://:${redisPassword}@`);

  services = await startFakeServices({
    secrets: { botToken: secrets.SLACK_BOT_TOKEN, signingSecret: secrets.SLACK_SIGNING_SECRET, planeApiKey: secrets.PLANE_API_KEY },
    model: [
      // Two reads side by side, one of which Plane refuses (403), then a write that needs approval.
      toolReply([
        { name: 'plane_get_issue', input: { key: 'ACME-1' } },
        { name: 'plane_get_issue', input: { key: 'ACME-3' } },
      ]),
      toolReply([{ name: 'plane_add_comment', input: { key: 'ACME-1', text: 'Checked.' } }]),
      textReply('ACME-1 commented; ACME-3 is not visible to the bot.'),
    ],
  });
  const s = services;
  // The fake model knows the key `test`: the proxy checks the real-looking key arrived and swaps it.
  const modelProxy = await startProxy({
    target: s.model!.url,
    rewrite: (headers) => ({ ...headers, authorization: 'Bearer test' }),
  });
  const planeProxy = await startProxy({
    target: s.plane.url,
    rules: [
      {
        matches: ({ path }) => path.includes('/ACME-3/'),
        answer: { status: 403, body: { detail: 'You do not have permission to perform this action.' } },
      },
    ],
  });
  proxies = [modelProxy, planeProxy];

  const env = s.env(await s.dataDir(), {
    ...secrets,
    ANTHROPIC_BASE_URL: modelProxy.url,
    PLANE_BASE_URL: planeProxy.url,
    REDIS_URL: redisUrl,
    LOG_LEVEL: 'debug',
  });
  bot = await startBotProcess({ name: 'logs', env });
  s.slack.setRequestUrl(bot.requestUrl);
  s.plane.db.addProjectMember('ACME', 'alice@acme.test');
  s.plane.db.addApiKey(aliceToken, 'alice@acme.test');
  await s.slack.runCommand({ user: ALICE, channel: GENERAL, command: '/plane', text: 'connect' });
  const modal = await eventually(
    () => (s.slack.openView(ALICE)?.view.callback_id === 'plane_connect_form' ? s.slack.openView(ALICE) : undefined),
    15_000,
    'the connect modal',
  );
  expect((await s.slack.submitView(ALICE, modal.view.id, { plane_token: { token: aliceToken } })).outcome).toBe('closed');

  const ts = await s.slack.userSays({ user: ALICE, channel: GENERAL, text: '<@U0BOT> check ACME-1 and ACME-3, then comment on ACME-1' });
  const approval = await approvalMessage(s.slack, ts);
  await s.slack.clickButton({ user: ALICE, channel: GENERAL, messageTs: approval.ts, actionId: 'approval_approve' });
  await botSays(s.slack, ts, 'ACME-1 commented');
  await bot.waitForLog((line) => line.msg === 'run finished', 10_000, 'the run to finish');
  expect(await bot.stop('SIGTERM')).toBe(0);

  // The secrets were really used: the model saw the key, Plane refused one request, Redis needed the password.
  expect(modelProxy.seen[0]?.headers.authorization).toBe(`Bearer ${secrets.ANTHROPIC_API_KEY}`);
  // alice's run read and wrote with her own token (the bot's key is configured all the same).
  expect(planeProxy.seen.some((r) => r.path.includes('/ACME-3/') && r.headers['x-api-key'] === aliceToken)).toBe(true);

  // Every line, both streams, is one JSON object.
  const output = bot.output;
  expect(output.filter((line) => line.stream === 'stderr')).toEqual([]);
  const notJson = output.filter((line) => {
    try {
      return typeof JSON.parse(line.text) !== 'object';
    } catch {
      return true;
    }
  });
  expect(notJson).toEqual([]);

  // No secret, whole or in part (its last 12 characters), anywhere.
  const text = output.map((line) => line.text).join('\n');
  for (const secret of [...Object.values(secrets), redisPassword, aliceToken]) {
    expect(text).not.toContain(secret);
    expect(text).not.toContain(secret.slice(-12));
  }

  // The run's story, one line per event, each with the run's id.
  const logs = bot.logs();
  const runLines = logs.filter((line) => RUN_EVENTS.includes(line.msg));
  expect(runLines.filter((line) => typeof line.runId !== 'string')).toEqual([]);
  const runIds = new Set(runLines.map((line) => line.runId));
  expect(runIds.size).toBe(1);
  const count = (msg: string) => runLines.filter((line) => line.msg === msg).length;
  expect(count('message received')).toBe(1);
  expect(count('run started')).toBe(1);
  expect(count('run waits for approval')).toBe(1);
  expect(count('approval decided')).toBe(1);
  expect(count('run resumed')).toBe(1);
  expect(count('run finished')).toBe(1);
  expect(count('model turn')).toBe(3);
  const toolCalls = runLines.filter((line) => line.msg === 'tool call');
  expect(toolCalls.map((line: LogLine) => [line.tool, line.status]).sort()).toEqual([
    ['plane_add_comment', 'ok'],
    ['plane_get_issue', 'error'],
    ['plane_get_issue', 'ok'],
  ]);
  expect(String(toolCalls.find((line) => line.status === 'error')?.error)).toContain('403');
}, 60_000);
