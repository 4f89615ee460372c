import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANE_CONNECTIONS } from '../../../src/identity/records.js';
import { textReply, toolReply } from '../../fakes/anthropic/index.js';
import { approvalMessage, botSays } from '../../fixtures/services.js';
import { eventually, startBotHarness, type BotHarness } from '../../harness/bot.js';
import { captureLogger } from '../../helpers/logs.js';
import { modalLimitViolations } from '../blocks/limits.js';

/**
 * People acting as themselves in Plane, through the Bolt app over signed HTTP, against the Slack
 * emulator and the fake Plane: the connect modal, the e-mail check, every kind of action under the
 * person's token, a revoked token, key rotation and a key from another install. Every byte the bot
 * sent to Slack and to the model, every log line (debug) and the store's files are scanned for the token.
 */

const ALICE = 'U0ALICE';
const BOB = 'U0BOB';
const GENERAL = 'C0GENERAL';
const OPS = 'C0OPS';
const key = () => randomBytes(32).toString('base64');
const token = () => `plane_api_${randomBytes(16).toString('hex')}`;

const KEY_1 = key();
const ALICE_TOKEN = token();
const BOB_TOKEN = token();

let harness: BotHarness;
const { logger, lines } = captureLogger('debug');

beforeAll(async () => {
  harness = await startBotHarness({
    logger,
    env: { PLANEBOT_SECRET_KEY: KEY_1 },
    model: [
      toolReply([{ name: 'plane_add_comment', input: { key: 'ACME-1', text: 'Checked by the agent for alice.' } }]),
      textReply('I commented on ACME-1.'),
      toolReply([{ name: 'plane_add_comment', input: { key: 'ACME-1', text: 'Seen by the agent for bob.' } }]),
      textReply('Commented for bob.'),
      toolReply([{ name: 'plane_get_issue', input: { key: 'ACME-2' } }]),
      textReply('ACME-2 read.'),
    ],
  });
  const { db } = harness.plane;
  db.addProjectMember('ACME', 'alice@acme.test');
  db.addProjectMember('ACME', 'bob@acme.test');
  db.addApiKey(ALICE_TOKEN, 'alice@acme.test');
  db.addApiKey(BOB_TOKEN, 'bob@acme.test');
});
afterAll(async () => harness?.close());

const userId = (email: string) => harness.plane.db.findUser(email)!.id;
const botUser = () => harness.plane.db.apiKeyOwner(harness.demo.apiKey)!.id;
const dmsTo = (user: string) =>
  harness.slack.calls.filter((c) => c.method === 'chat.postMessage' && c.args.channel === user).map((c) => String(c.args.text));
const itemCreated = (title: string) => [...harness.plane.db.workItems.values()].find((item) => item.name === title);

async function connectModal(user: string) {
  const before = harness.slack.openView(user)?.view.id;
  const answer = await harness.slack.runCommand({ user, channel: OPS, command: '/plane', text: 'connect' });
  expect(answer).toMatchObject({ status: 200, body: '' });
  return eventually(
    () => {
      const open = harness.slack.openView(user);
      return open && open.view.id !== before && open.view.callback_id === 'plane_connect_form' ? open : undefined;
    },
    10_000,
    'the connect modal',
  );
}

async function newItem(user: string, title: string) {
  await harness.slack.runCommand({ user, channel: OPS, command: '/plane', text: `new ACME ${title}` });
  return eventually(() => itemCreated(title), 10_000, `work item ${title}`);
}

describe('connecting a Plane token', () => {
  it('opens an empty modal, refuses a bad token and another person’s, and keeps the person’s own sealed', async () => {
    const modal = await connectModal(ALICE);
    expect(modalLimitViolations(modal.view)).toEqual([]);
    const field = modal.view.blocks.find((b) => b.block_id === 'plane_token')!;
    expect(field.element).toMatchObject({ type: 'plain_text_input', action_id: 'token' });
    expect(field.element).not.toHaveProperty('initial_value');

    const bad = await harness.slack.submitView(ALICE, modal.view.id, {
      plane_token: { token: 'plane_api_0000000000000000000000000000dead' },
    });
    expect(bad.outcome).toBe('errors');
    expect(bad.errors?.plane_token).toContain('Plane does not accept this token');

    // bob's token, pasted by alice: Plane says whose it is, and it is not hers.
    const foreign = await harness.slack.submitView(ALICE, modal.view.id, { plane_token: { token: BOB_TOKEN } });
    expect(foreign.outcome).toBe('errors');
    expect(foreign.errors?.plane_token).toBe(
      'This token is the Plane account of bob@acme.test, not yours (alice@acme.test): a token can only be connected by its owner.',
    );
    expect(await harness.bot.store.get(PLANE_CONNECTIONS, ALICE)).toBeUndefined();
    expect(JSON.stringify([bad, foreign])).not.toContain(BOB_TOKEN);

    const good = await harness.slack.submitView(ALICE, modal.view.id, { plane_token: { token: ` ${ALICE_TOKEN} ` } });
    expect(good.outcome).toBe('closed');
    expect(JSON.stringify(good)).not.toContain(ALICE_TOKEN);
    await eventually(
      () => dmsTo(ALICE).find((text) => text.startsWith('Connected: what you do through the bot now happens in Plane as *alice*')),
      10_000,
      'the DM',
    );
    const stored = await harness.bot.store.get(PLANE_CONNECTIONS, ALICE);
    expect(stored).toMatchObject({ planeUserId: userId('alice@acme.test'), planeEmail: 'alice@acme.test' });
    expect(stored!.sealed).not.toContain(ALICE_TOKEN);
  });

  it('shows the state in the Home tab with a Disconnect button, and Connect for someone not connected', async () => {
    await harness.slack.openHome({ user: ALICE });
    const home = await eventually(() => harness.slack.homeView(ALICE), 10_000, 'alice’s Home tab');
    const text = JSON.stringify(home.view.blocks);
    expect(text).toContain('Your Plane identity');
    expect(text).toContain('happen in Plane as *alice* (alice@acme.test)');
    expect(text).toContain('identity_disconnect');
    await harness.slack.openHome({ user: BOB });
    const bobs = await eventually(() => harness.slack.homeView(BOB), 10_000, 'bob’s Home tab');
    expect(JSON.stringify(bobs.view.blocks)).toContain('identity_connect');
  });
});

describe('acting as the person', () => {
  it('a command, a linked-thread reply and an agent run she started are hers in Plane; bob’s stay the bot’s', async () => {
    const mine = await newItem(ALICE, 'Made by alice herself');
    expect(mine.created_by).toBe(userId('alice@acme.test'));
    const bobs = await newItem(BOB, 'Made by bob through the bot');
    expect(bobs.created_by).toBe(botUser());

    // The agent run alice starts comments as her (after her approval).
    const ts = await harness.slack.userSays({ user: ALICE, channel: GENERAL, text: '<@U0BOT> comment on ACME-1 that it is checked' });
    const approval = await approvalMessage(harness.slack, ts);
    await harness.slack.clickButton({ user: ALICE, channel: GENERAL, messageTs: approval.ts, actionId: 'approval_approve' });
    await botSays(harness.slack, ts, 'I commented on ACME-1.');
    const actorOf = (text: string) => [...harness.plane.db.comments.values()].find((c) => c.comment_html.includes(text))?.actor;
    expect(actorOf('Checked by the agent for alice.')).toBe(userId('alice@acme.test'));

    // bob continues alice's thread: his message's run is his, so the bot's key (he is not connected).
    await harness.slack.userSays({ user: BOB, channel: GENERAL, threadTs: ts, text: '<@U0BOT> add that bob saw it too' });
    const second = await eventually(
      () =>
        harness.slack.workspace
          .thread(GENERAL, ts)
          .find((m) => m.ts !== approval.ts && JSON.stringify(m.blocks ?? '').includes('approval_approve')),
      10_000,
      'bob’s approval request',
    );
    await harness.slack.clickButton({ user: BOB, channel: GENERAL, messageTs: second.ts, actionId: 'approval_approve' });
    await botSays(harness.slack, ts, 'Commented for bob.');
    expect(actorOf('Seen by the agent for bob.')).toBe(botUser());

    // Her reply in a thread linked to a work item becomes her comment.
    const linked = await harness.slack.userSays({ user: ALICE, channel: GENERAL, text: 'About ACME-3' });
    await harness.slack.runShortcut({ user: ALICE, channel: GENERAL, messageTs: linked, callbackId: 'link_work_item' });
    const form = await eventually(
      () => {
        const open = harness.slack.openView(ALICE);
        return open?.view.callback_id === 'link_work_item_form' ? open : undefined;
      },
      10_000,
      'the link form',
    );
    expect((await harness.slack.submitView(ALICE, form.view.id, { item: { value: 'ACME-3' } })).outcome).toBe('closed');
    await eventually(
      () => harness.slack.workspace.thread(GENERAL, linked).some((m) => m.text.startsWith('alice linked this thread to ACME-3')),
      10_000,
      'the link',
    );
    await harness.slack.userSays({ user: ALICE, channel: GENERAL, threadTs: linked, text: 'Reproduced on staging' });
    const reply = await eventually(
      () => [...harness.plane.db.comments.values()].find((c) => c.comment_html.includes('Reproduced on staging')),
      10_000,
      'the comment',
    );
    expect(reply.actor).toBe(userId('alice@acme.test'));
  });

  it('forgets a token Plane refuses, tells her in a DM and beside the answer, and the action goes on with the bot’s key', async () => {
    harness.plane.db.apiKeys.delete(ALICE_TOKEN);
    const item = await newItem(ALICE, 'After the revocation');
    expect(item.created_by).toBe(botUser());
    await eventually(
      () => dmsTo(ALICE).find((text) => text.startsWith('Plane no longer accepts the personal access token you connected')),
      10_000,
      'the DM',
    );
    await eventually(
      () => harness.slack.workspace.ephemeralsFor(OPS, ALICE).find((m) => m.text.startsWith('Plane refused your personal token')),
      10_000,
      'the note beside the answer',
    );
    expect(await harness.bot.store.get(PLANE_CONNECTIONS, ALICE)).toBeUndefined();
    // Told once.
    expect(dmsTo(ALICE).filter((text) => text.startsWith('Plane no longer accepts'))).toHaveLength(1);
  });
});

describe('the secret key', () => {
  async function connectAlice(): Promise<void> {
    harness.plane.db.addApiKey(ALICE_TOKEN, 'alice@acme.test');
    const modal = await connectModal(ALICE);
    expect((await harness.slack.submitView(ALICE, modal.view.id, { plane_token: { token: ALICE_TOKEN } })).outcome).toBe('closed');
  }

  it('rotates: the previous key opens, the new one seals again; a key from another install fails closed', async () => {
    await connectAlice();
    const sealedBefore = (await harness.bot.store.get(PLANE_CONNECTIONS, ALICE))!.sealed;
    const KEY_2 = key();
    harness.config.secretKeys = { current: Buffer.from(KEY_2, 'base64'), previous: Buffer.from(KEY_1, 'base64') };
    await harness.restart();
    expect((await newItem(ALICE, 'During the rotation')).created_by).toBe(userId('alice@acme.test'));
    const sealedAfter = (await harness.bot.store.get(PLANE_CONNECTIONS, ALICE))!.sealed;
    expect(sealedAfter.split('.')[1]).not.toBe(sealedBefore.split('.')[1]);

    // Once every token is sealed anew, the old key can go.
    harness.config.secretKeys = { current: Buffer.from(KEY_2, 'base64') };
    await harness.restart();
    expect((await newItem(ALICE, 'After the rotation')).created_by).toBe(userId('alice@acme.test'));

    // Another install's key: nothing opens; the token is forgotten, alice told, the bot's key used.
    harness.config.secretKeys = { current: Buffer.from(key(), 'base64') };
    await harness.restart();
    expect((await newItem(ALICE, 'Under a foreign key')).created_by).toBe(botUser());
    await eventually(
      () => dmsTo(ALICE).find((text) => text.startsWith('The Plane token you connected could not be read')),
      10_000,
      'the DM',
    );
    expect(await harness.bot.store.get(PLANE_CONNECTIONS, ALICE)).toBeUndefined();
  });

  it('reads as the run’s requester, and never shows the token to Slack, the model, the log or the store’s files', async () => {
    await connectAlice();
    const before = harness.plane.requests.length;
    const ts = await harness.slack.userSays({ user: ALICE, channel: GENERAL, text: '<@U0BOT> read ACME-2' });
    await botSays(harness.slack, ts, 'ACME-2 read.');
    const reads = harness.plane.requests.slice(before).filter((r) => r.method === 'GET' && r.path.startsWith('/api/v1/'));
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.filter((r) => r.apiKey !== ALICE_TOKEN).map((r) => r.path)).toEqual([]);

    const everything = [
      ['Slack Web API calls', JSON.stringify(harness.slack.calls)],
      ['model requests', JSON.stringify(harness.model!.requests)],
      ['log lines', JSON.stringify(lines)],
      ['store files', await filesUnder(harness.dataDir)],
    ] as const;
    expect(lines.length).toBeGreaterThan(100);
    for (const [where, text] of everything) {
      for (const secret of [ALICE_TOKEN, BOB_TOKEN]) {
        expect(text.includes(secret), `${where} hold a token`).toBe(false);
        expect(text.includes(secret.slice(-12)), `${where} hold a token's end`).toBe(false);
      }
    }
  });
});

/** Every file under a folder, as text, concatenated (the embedded store's database among them). */
async function filesUnder(dir: string): Promise<string> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const texts = await Promise.all(
    entries.filter((e) => e.isFile()).map((e) => readFile(join(e.parentPath, e.name)).then((b) => b.toString('latin1'))),
  );
  return texts.join('\n');
}

describe('without PLANEBOT_SECRET_KEY', () => {
  it('connecting is off, and says so: in /plane connect and in the Home tab', async () => {
    const off = await startBotHarness();
    try {
      await off.slack.runCommand({ user: ALICE, channel: OPS, command: '/plane', text: 'connect' });
      const said = await eventually(() => off.slack.workspace.ephemeralsFor(OPS, ALICE)[0], 10_000, 'the answer');
      expect(JSON.stringify(said.blocks)).toContain(
        'Connecting your own Plane account is off on this bot: its operator has not set PLANEBOT_SECRET_KEY',
      );
      expect(off.slack.openView(ALICE)).toBeUndefined();
      await off.slack.openHome({ user: ALICE });
      const home = await eventually(() => off.slack.homeView(ALICE), 10_000, 'the Home tab');
      expect(JSON.stringify(home.view.blocks)).toContain('(no PLANEBOT_SECRET_KEY)');
    } finally {
      await off.close();
    }
  });
});
