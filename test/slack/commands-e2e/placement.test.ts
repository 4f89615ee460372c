import { beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../harness/bot.js';
import { ALICE, OPS, codeLines, errorOf, run, sharedBot, shown, type CommandRun } from './support.js';

const harness = sharedBot({
  async setUp(h) {
    await run(h, { command: '/task', text: 'add Ship it' }, { ephemeral: 1, channel: 1 });
    await run(h, { command: '/todo', text: 'add Water the plants' }, { ephemeral: 1 });
  },
});

describe('where answers go', () => {
  it.each<[CommandRun['command'], string, 'channel' | 'ephemeral']>([
    ['/task', 'tree', 'channel'],
    ['/task', 'list', 'channel'],
    ['/todo', 'list', 'channel'],
    ['/todo', 'export', 'channel'],
    ['/plane', 'show ACME-2', 'channel'],
    ['/plane', 'search ACME pricing', 'channel'],
    ['/plane', 'mine', 'ephemeral'],
    ['/task', 'help', 'ephemeral'],
    ['/todo', 'help', 'ephemeral'],
    ['/plane', 'help', 'ephemeral'],
    ['/task', 'status 1 sideways', 'ephemeral'],
    ['/todo', 'done 42', 'ephemeral'],
    ['/plane', 'show NOPE-1', 'ephemeral'],
    ['/todo', 'update 1 #garden', 'ephemeral'],
  ])('%s %s → %s', async (command, text, where) => {
    const result = await run(harness(), { command, text }, where === 'channel' ? { channel: 1 } : { ephemeral: 1 });
    const [message] = result[where];
    expect(message!.thread_ts).toBeUndefined();
  });

  it('a change to the tree: the confirmation to its author, the event line to everyone', async () => {
    const { ephemeral, channel } = await run(harness(), { command: '/task', text: 'update 1 !high' }, { ephemeral: 1, channel: 1 });
    expect(codeLines(ephemeral[0]!)).toEqual(['○ [1] Ship it [HIGH]']);
    expect(shown(channel[0]!)).toBe('Task [1] Ship it → updated (priority) (by alice)');
  });
});

describe('in a channel the bot is not a member of', () => {
  const GENERAL = 'C0GENERAL';
  beforeAll(() => {
    const { workspace } = harness().slack;
    const channel = workspace.channel(GENERAL)!;
    channel.members = channel.members.filter((member) => member !== workspace.bot.userId);
  });

  it('still posts views in the channel, through the response URL', async () => {
    await run(harness(), { command: '/task', text: 'add Plan it', channel: GENERAL }, { ephemeral: 1 });
    const { channel } = await run(harness(), { command: '/task', text: 'tree', channel: GENERAL }, { channel: 1 });
    expect(codeLines(channel[0]!)).toEqual(['○ [1] Plan it [NORMAL]']);
  });

  it('asks to be invited before the agent can answer in a thread', async () => {
    const { ephemeral } = await run(harness(), { command: '/task', text: 'what is left?', channel: GENERAL }, { ephemeral: 1 });
    expect(errorOf(ephemeral[0]!).reason).toMatch(/the bot is not a member here: invite it first/);
    await harness().slack.settled();
    expect(harness().slack.workspace.ephemeralsFor(GENERAL, ALICE).at(-1)).toBe(ephemeral[0]);
  });
});

describe('a command that Slack delivers', () => {
  it('is acknowledged with an empty body before any work is done', async () => {
    const answer = await harness().slack.runCommand({ user: ALICE, channel: OPS, command: '/plane', text: 'search ACME login' });
    expect(answer).toEqual({ status: 200, body: '' });
    await eventually(
      () =>
        harness()
          .slack.workspace.messages(OPS)
          .some((m) => shown(m).includes('matching "login"')),
      10_000,
      'the results',
    );
  });
});
