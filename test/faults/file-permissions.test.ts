import { chmod, chown, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlackMessage } from '../../src/emulators/slack/index.js';
import { channelFilesDir } from '../../src/files/channel-files.js';
import { startFakeServices, type FakeServices } from '../fixtures/services.js';
import { eventually } from '../harness/bot.js';
import { startBotProcess, type BotProcess } from '../harness/process.js';
import { errorOf } from '../slack/commands-e2e/support.js';

const ALICE = 'U0ALICE';
const OPS = 'C0OPS';
const GENERAL = 'C0GENERAL';
/** An unprivileged user: root reads and writes anything, so the bot runs as this one to meet real EACCES. */
const NOBODY = { uid: 65534, gid: 65534 };
const TODOS = JSON.stringify({
  version: 1,
  lastModified: '2026-11-30T09:00:00.000Z',
  items: [{ id: '1', status: 'todo', title: 'Ship the release', createdAt: '2026-11-30T09:00:00.000Z' }],
});

let services: FakeServices;
let bot: BotProcess;
let dataDir: string;

beforeAll(async () => {
  services = await startFakeServices();
  dataDir = await services.dataDir();
  // The bot may write its data folder (its state store lives there)…
  await chown(dataDir, NOBODY.uid, NOBODY.gid);
  // …and #ops's folder, but its todo file belongs to root and only root may read it…
  const ops = channelFilesDir(dataDir, OPS);
  await mkdir(ops, { recursive: true });
  await chown(join(dataDir, 'channels'), NOBODY.uid, NOBODY.gid);
  await chown(ops, NOBODY.uid, NOBODY.gid);
  await writeFile(join(ops, '.todos.json'), TODOS, { mode: 0o600 });
  // …and #general's folder belongs to root: the bot may read it, not write in it.
  await mkdir(channelFilesDir(dataDir, GENERAL), { mode: 0o755 });
  bot = await startBotProcess({ name: 'nobody', env: services.env(dataDir), user: NOBODY, startTimeoutMs: 60_000 });
  services.slack.setRequestUrl(bot.requestUrl);
}, 90_000);
afterAll(async () => {
  await bot?.stop();
  await services?.close();
});

/** Runs a slash command as alice and returns the one private reply it gets. */
async function todo(channel: string, text: string): Promise<SlackMessage> {
  const before = services.slack.workspace.ephemeralsFor(channel, ALICE).length;
  const answer = await services.slack.runCommand({ user: ALICE, channel, command: '/todo', text });
  expect(answer.status).toBe(200);
  // Within the harness's usual wait: before the fix an unwritable folder took every lock retry (~15 s).
  return eventually(() => services.slack.workspace.ephemeralsFor(channel, ALICE)[before], 10_000, `the reply to /todo ${text}`);
}

describe('files the bot may not read or write', () => {
  it('a todo file it may not read is reported as a permission problem and left in place; the list is not restarted', async () => {
    const listed = errorOf(await todo(OPS, 'list')).reason;
    expect(listed).toMatch(/^\.todos\.json could not be read: the bot has no permission to read it \(EACCES\)\. It was left as it is/);
    const added = errorOf(await todo(OPS, 'add Buy milk')).reason;
    expect(added).toMatch(/^\.todos\.json could not be read: the bot has no permission to read it \(EACCES\)/);
    // Nothing moved aside, nothing new started: the team's list is whole.
    const ops = channelFilesDir(dataDir, OPS);
    expect((await readdir(ops)).filter((name) => !name.endsWith('.lock'))).toEqual(['.todos.json']);
    expect(await readFile(join(ops, '.todos.json'), 'utf8')).toBe(TODOS);
    for (const reason of [listed, added]) expect(reason).not.toContain(dataDir);
    // Once the permissions are fixed, the same list is back (shown in the channel).
    await chmod(join(ops, '.todos.json'), 0o644);
    const before = services.slack.workspace.messages(OPS).length;
    await services.slack.runCommand({ user: ALICE, channel: OPS, command: '/todo', text: 'list' });
    const list = await eventually(() => services.slack.workspace.messages(OPS)[before], 10_000, 'the list');
    expect(JSON.stringify(list.blocks)).toContain('Ship the release');
  });

  it('a channel folder it may not write in: a clear error at once, without the server path', async () => {
    const { reason } = errorOf(await todo(GENERAL, 'add Buy milk'));
    expect(reason).toMatch(
      /^\.todos\.json could not be written: the bot has no permission to write in this channel’s folder \(EACCES\)\. Nothing was changed/,
    );
    expect(reason).not.toContain(dataDir);
    expect(reason).not.toContain('/');
    expect(await readdir(channelFilesDir(dataDir, GENERAL))).toEqual([]);
  });
});
