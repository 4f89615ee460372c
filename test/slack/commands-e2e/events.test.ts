import { describe, expect, it } from 'vitest';
import { textReply, toolReply } from '../../fakes/anthropic/index.js';
import { eventually, type BotHarness } from '../../harness/bot.js';
import { ALICE, BOB, OPS, botForTest, codeLines, run, shown, type Expected } from './support.js';

const GENERAL = 'C0GENERAL';

async function task(h: BotHarness, text: string, expected: Expected, user = ALICE, channel = OPS) {
  return run(h, { command: '/task', text, user, channel }, expected);
}

describe('task events in the channel', () => {
  it('go in the thread of the tree last posted, one line per change, by whom', async () => {
    const h = await botForTest();
    const first = await task(h, 'add Ship the release !high', { ephemeral: 1, channel: 1 });
    // Never shown: the line goes in the channel itself.
    expect(first.channel[0]!.thread_ts).toBeUndefined();
    expect(shown(first.channel[0]!)).toBe('Task [1] Ship the release → added (by alice)');

    const tree = (await task(h, 'tree', { channel: 1 })).channel[0]!;
    const changes = [
      ['sub 1 Write the notes', 'Task [1-1] Write the notes → added under [1] (by bob)'],
      ['status 1-1 in-progress', 'Task [1-1] Write the notes → in-progress (by bob)'],
      ['assign 1 <@U0ALICE|alice>', 'Task [1] Ship the release → assigned to @alice (by bob)'],
      ['update 1 !critical due:2031-06-01', 'Task [1] Ship the release → updated (due date, priority) (by bob)'],
      ['status 1-1 done', 'Task [1-1] Write the notes → done (by bob)'],
      ['remove 1', 'Task [1] Ship the release → removed with 1 subtask (by bob)'],
    ];
    for (const [text, line] of changes) {
      const { channel } = await task(h, text!, { ephemeral: 1, channel: 1 }, BOB);
      expect(channel[0]!.thread_ts).toBe(tree.ts);
      expect(shown(channel[0]!)).toBe(line);
    }
    expect(h.slack.workspace.thread(OPS, tree.ts).slice(1).map(shown)).toEqual(changes.map(([, line]) => line));
  });

  it('follow the newest tree, and each channel keeps its own', async () => {
    const h = await botForTest();
    await task(h, 'add Ship it', { ephemeral: 1, channel: 1 });
    await task(h, 'add Plan it', { ephemeral: 1, channel: 1 }, ALICE, GENERAL);
    const old = (await task(h, 'tree', { channel: 1 })).channel[0]!;
    const newer = (await task(h, 'list', { channel: 1 })).channel[0]!;
    const general = (await task(h, 'tree', { channel: 1 }, ALICE, GENERAL)).channel[0]!;
    expect(codeLines(general)).toEqual(['○ [1] Plan it [NORMAL]']);
    const ops = await task(h, 'status 1 done', { ephemeral: 1, channel: 1 });
    expect(ops.channel[0]!.thread_ts).toBe(newer.ts);
    expect(ops.channel[0]!.thread_ts).not.toBe(old.ts);
    const elsewhere = await task(h, 'status 1 blocked', { ephemeral: 1, channel: 1 }, ALICE, GENERAL);
    expect(elsewhere.channel[0]!.thread_ts).toBe(general.ts);
    expect(shown(elsewhere.channel[0]!)).toBe('Task [1] Plan it → blocked (by alice)');
  });

  it('go back to the channel when the tree message was deleted', async () => {
    const h = await botForTest();
    await task(h, 'add Ship it', { ephemeral: 1, channel: 1 });
    const tree = (await task(h, 'tree', { channel: 1 })).channel[0]!;
    h.slack.workspace.delete(OPS, tree.ts);
    const { channel } = await task(h, 'status 1 done', { ephemeral: 1, channel: 1 });
    expect(channel[0]!.thread_ts).toBeUndefined();
    expect(shown(channel[0]!)).toBe('Task [1] Ship it → done (by alice)');
  });

  it("show the agent's own changes to the tree too", async () => {
    const h = await botForTest({
      model: [toolReply([{ name: 'Task', input: { action: 'status', id: '1', status: 'done' } }]), textReply('Marked task 1 done.')],
    });
    await task(h, 'add Ship it', { ephemeral: 1, channel: 1 });
    const tree = (await task(h, 'tree', { channel: 1 })).channel[0]!;
    await h.slack.runCommand({ user: ALICE, channel: OPS, command: '/task', text: 'please mark the first task as done' });
    const line = await eventually(
      () => h.slack.workspace.thread(OPS, tree.ts).find((message) => shown(message).startsWith('Task [1] Ship it → done')),
      10_000,
      'the event line of the agent',
    );
    expect(shown(line)).toBe('Task [1] Ship it → done (by alice)');
  });
});
