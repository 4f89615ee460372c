/**
 * People acting as themselves against the real Plane CE, through the whole bot (Bolt over signed
 * HTTP, the Slack emulator, a scripted model): alice connects her seeded token and her comment made
 * through the bot is hers in Plane's own records; carol, a guest, is refused by Plane itself; a token
 * deleted in Plane is forgotten, alice is told, and the action goes on with the bot's key.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlanebot, type RunningPlanebot } from '../../src/compose.js';
import { loadConfig } from '../../src/config.js';
import { startSlackEmulator, type SlackEmulator } from '../../src/emulators/slack/index.js';
import { PLANE_CONNECTIONS } from '../../src/identity/records.js';
import { silentLogger } from '../../src/log.js';
import { startFakeMessagesApi, textReply, toolReply, type FakeMessagesApi } from '../fakes/anthropic/index.js';
import { approvalMessage, botSays } from '../fixtures/services.js';
import { eventually } from '../harness/bot.js';
import { resetPlaneCe } from './fixture.js';
import { realPlane } from './plane-ce.js';

const plane = realPlane();
const ALICE = 'U0ALICE';
const CAROL = 'U0CAROL';
const GENERAL = 'C0GENERAL';
const OPS = 'C0OPS';
const SIGNING_SECRET = randomBytes(16).toString('hex');
const BOT_TOKEN = `xoxb-test-${randomBytes(8).toString('hex')}`;
const COMMENT = 'Fixed on staging, checked by alice through the bot.';

let slack: SlackEmulator;
let model: FakeMessagesApi;
let bot: RunningPlanebot;
let dataDir: string;

/** Plane's answer to the fixture's admin, as JSON. */
async function asAdmin<T>(path: string): Promise<T> {
  const response = await fetch(`${plane!.url}${path}`, { headers: { 'x-api-key': plane!.adminApiKey } });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

async function planeUserId(token: string): Promise<string> {
  const response = await fetch(`${plane!.url}/api/v1/users/me/`, { headers: { 'x-api-key': token } });
  return ((await response.json()) as { id: string }).id;
}

async function workItem(key: string): Promise<{ id: string; created_by: string; assignees: string[] }> {
  return asAdmin(`/api/v1/workspaces/${plane!.workspace}/work-items/${key}/`);
}

async function connect(user: string, token: string): Promise<void> {
  await slack.runCommand({ user, channel: OPS, command: '/plane', text: 'connect' });
  const modal = await eventually(
    () => {
      const open = slack.openView(user);
      return open?.view.callback_id === 'plane_connect_form' ? open : undefined;
    },
    15_000,
    `${user}'s connect modal`,
  );
  const answer = await slack.submitView(user, modal.view.id, { plane_token: { token } });
  expect(answer.outcome, JSON.stringify(answer.errors)).toBe('closed');
  expect(JSON.stringify(answer)).not.toContain(token);
}

const dmsTo = (user: string) =>
  slack.calls.filter((c) => c.method === 'chat.postMessage' && c.args.channel === user).map((c) => String(c.args.text));

describe.skipIf(!plane)('people acting as themselves in the real Plane CE', () => {
  beforeAll(async () => {
    resetPlaneCe(plane!.env);
    slack = await startSlackEmulator({ signingSecret: SIGNING_SECRET, botToken: BOT_TOKEN });
    model = await startFakeMessagesApi({
      script: [
        toolReply([{ name: 'plane_add_comment', input: { key: 'ACME-1', text: COMMENT } }]),
        textReply('I commented on ACME-1.'),
        toolReply([{ name: 'plane_update_issue', input: { key: 'ACME-6', assignees: ['carol'] } }]),
        (request) => textReply(`Plane said: ${lastToolResult(request)}`),
      ],
    });
    dataDir = await mkdtemp(join(tmpdir(), 'planebot-identity-ce-'));
    const config = loadConfig({
      SLACK_BOT_TOKEN: BOT_TOKEN,
      SLACK_SIGNING_SECRET: SIGNING_SECRET,
      SLACK_API_URL: slack.url,
      PORT: '0',
      PLANE_API_KEY: plane!.apiKey,
      PLANE_BASE_URL: plane!.url,
      PLANE_WORKSPACE: plane!.workspace,
      PLANE_RATE_LIMIT: plane!.env.PLANE_CE_RATE_LIMIT ?? '60/minute',
      ANTHROPIC_API_KEY: 'test',
      ANTHROPIC_BASE_URL: model.url,
      PLANEBOT_DATA_DIR: dataDir,
      PLANEBOT_SECRET_KEY: randomBytes(32).toString('base64'),
    });
    bot = await startPlanebot(config, { logger: silentLogger, host: '127.0.0.1' });
    slack.setRequestUrl(`${bot.url}/slack/events`);
  }, 60_000);
  afterAll(async () => {
    await bot?.close();
    await slack?.close();
    await model?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('alice connects; her comment through the bot has alice as its actor in Plane', async () => {
    await connect(ALICE, plane!.keys.alice);
    const ts = await slack.userSays({ user: ALICE, channel: GENERAL, text: '<@U0BOT> comment on ACME-1 that the fix is on staging' });
    const approval = await approvalMessage(slack, ts, 30_000);
    await slack.clickButton({ user: ALICE, channel: GENERAL, messageTs: approval.ts, actionId: 'approval_approve' });
    await botSays(slack, ts, 'I commented on ACME-1.', 30_000);

    const alice = await planeUserId(plane!.keys.alice);
    const item = await workItem('ACME-1');
    const base = `/api/v1/workspaces/${plane!.workspace}/projects/${plane!.projectId}/work-items/${item.id}`;
    const comments = await asAdmin<{ results: { id: string; comment_html: string; actor: string; created_by: string }[] }>(
      `${base}/comments/`,
    );
    const comment = comments.results.find((c) => c.comment_html.includes(COMMENT));
    expect(comment).toMatchObject({ actor: alice, created_by: alice });
    // Plane's activity log (its worker writes it; API v1 leaves comment activities out, so read the table).
    const logged = await eventually(
      () =>
        sql(
          `SELECT u.email FROM issue_activities a JOIN users u ON u.id = a.actor_id WHERE a.field = 'comment' AND a.new_value = '${comment!.comment_html}'`,
        ) || undefined,
      15_000,
      'the comment in Plane’s activity log',
    );
    expect(logged).toBe('alice@acme.test');
  }, 90_000);

  it('carol, a guest, cannot assign: Plane’s own 403, said in plain words', async () => {
    await connect(CAROL, plane!.keys.carol);
    const ts = await slack.userSays({ user: CAROL, channel: GENERAL, text: '<@U0BOT> assign ACME-6 to me' });
    const approval = await approvalMessage(slack, ts, 30_000);
    await slack.clickButton({ user: CAROL, channel: GENERAL, messageTs: approval.ts, actionId: 'approval_approve' });
    // The answer streams in: what the model was told is the whole of it.
    const answer = await botSays(slack, ts, 'not allowed to do that there', 30_000);
    expect(JSON.stringify(answer)).toContain('(403)');
    expect(JSON.stringify(answer)).toContain('your own Plane account');
    expect((await workItem('ACME-6')).assignees).toEqual([]);
  }, 90_000);

  it('a token deleted in Plane is forgotten with a DM, and the action falls back to the bot’s key', async () => {
    // Deleted from Plane's database, as its token page's Delete does.
    sql(`DELETE FROM api_tokens WHERE token = '${plane!.keys.alice}'`);
    await slack.runCommand({ user: ALICE, channel: OPS, command: '/plane', text: 'new ACME Made after alice’s token was deleted' });
    const note = await eventually(
      () => slack.workspace.ephemeralsFor(OPS, ALICE).find((m) => m.text.startsWith('Plane refused your personal token')),
      30_000,
      'the note',
    );
    expect(note.text).toContain('bot’s own key');
    await eventually(
      () => dmsTo(ALICE).find((text) => text.startsWith('Plane no longer accepts the personal access token')),
      10_000,
      'the DM',
    );
    expect(await bot.store.get(PLANE_CONNECTIONS, ALICE)).toBeUndefined();
    const created = await eventually(
      async () => {
        const list = await asAdmin<{ results: { name: string; sequence_id: number; created_by: string }[] }>(
          `/api/v1/workspaces/${plane!.workspace}/projects/${plane!.projectId}/work-items/?per_page=100`,
        );
        return list.results.find((i) => i.name === 'Made after alice’s token was deleted');
      },
      10_000,
      'the work item',
    );
    expect(created.created_by).toBe(await planeUserId(plane!.apiKey));
  }, 90_000);
});

/** One value from the fixture's PostgreSQL (user and password `plane`, its port as the fixture was started with). */
function sql(query: string): string {
  return execFileSync('psql', ['-h', '127.0.0.1', '-p', process.env.PLANE_CE_PG_PORT ?? '55432', '-U', 'plane', '-tAc', query, 'plane'], {
    env: { ...process.env, PGPASSWORD: 'plane' },
    encoding: 'utf8',
  }).trim();
}

/** The text of the last tool result the model was sent. */
function lastToolResult(request: { body: { messages: { content: unknown }[] } }): string {
  const blocks = request.body.messages.flatMap((m) =>
    Array.isArray(m.content) ? (m.content as { type: string; content?: unknown }[]) : [],
  );
  const result = blocks.filter((b) => b.type === 'tool_result').at(-1);
  return typeof result?.content === 'string' ? result.content : JSON.stringify(result?.content);
}
