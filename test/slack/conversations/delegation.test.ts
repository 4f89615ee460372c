import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { textReply, toolReply } from '../../fakes/anthropic/index.js';
import { eventually, startBotHarness, type BotHarness } from '../../harness/bot.js';
import { steppingClock } from '../../helpers/clock.js';
import { lastResults, routed } from '../../agent/support/sub-agent-model.js';
import { assertWithinSlackLimits } from '../blocks/limits.js';
import { channelFilesDir } from '../../../src/files/channel-files.js';
import { TaskStore } from '../../../src/tasks/store.js';
import { OPS, run } from '../commands-e2e/support.js';
import { ALICE, approvalMessage, BOT, finalStatus, GENERAL, shownText, statusMessage } from './support.js';
import { FileLocks } from '../../../src/files/file-lock.js';

let harness: BotHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const plan = (...steps: [string, string][]) => ({ items: steps.map(([content, status], i) => ({ id: String(i + 1), content, status })) });

describe('a run that delegates', () => {
  it('nests its sub-agents under the plan in the status message, names the one asking for approval, and keeps to one edit a second', async () => {
    // The edits are paced, and stamped by the emulator, on a clock only their pacing moves: their
    // spacing is read as the bot chose it, not as late as a loaded machine delivered them.
    const statusClock = steppingClock();
    harness = await startBotHarness({
      statusClock,
      model: routed(async ({ title, turn, request }) => {
        if (title === undefined) {
          if (turn > 0) return textReply('Both audits are in.');
          return toolReply([
            { name: 'update_plan', input: plan(['Audit both projects', 'in_progress'], ['Summarise', 'pending']) },
            {
              name: 'delegate',
              input: {
                tasks: [
                  { title: 'Audit ACME bugs', prompt: 'Read ACME-1 and the spec page.' },
                  { title: 'Audit my items', prompt: 'List my items.' },
                ],
              },
            },
          ]);
        }
        // Slow enough for the status message to show them at work.
        await sleep(400);
        if (title === 'Audit ACME bugs') {
          if (turn === 0) {
            return toolReply([
              { name: 'update_plan', input: plan(['Read ACME-1', 'completed'], ['Read the spec', 'in_progress'], ['Report', 'pending']) },
              { name: 'plane_get_issue', input: { key: 'ACME-1' } },
            ]);
          }
          if (turn === 1) return toolReply([{ name: 'WebFetch', input: { url: 'https://example.com/spec' } }]);
          return textReply(`ACME-1 read; the spec: ${lastResults(request)}`);
        }
        if (turn === 0) {
          return toolReply([
            { name: 'update_plan', input: plan(['List my items', 'in_progress'], ['Report', 'pending']) },
            { name: 'plane_list_my_issues', input: {} },
          ]);
        }
        return textReply('You have open items.');
      }),
    });
    const ts = await harness.slack.userSays({ user: ALICE, channel: GENERAL, text: `<@${BOT}> audit ACME and my items` });
    const status = await statusMessage(harness, ts);

    const nested = await eventually(
      () => {
        const text = shownText(harness!.slack.workspace.message(GENERAL, status.ts));
        // The second sub-agent may already be done by the time an edit (one a second) shows them both.
        return text.includes('↳ Audit ACME bugs — 1/3') && /↳ (Audit my items — 0\/2|✓ Audit my items)/.test(text) ? text : undefined;
      },
      8_000,
      'both sub-agents in the status message',
    );
    expect(nested).toContain('→ Audit both projects');

    const approval = await approvalMessage(harness, ts);
    expect(shownText(approval)).toContain(`Sub-agent ‘Audit ACME bugs’ (working for <@${ALICE}>) asks to run \`WebFetch\``);
    expect(shownText(approval)).toContain('HTTP GET request to https://example.com/spec');
    await harness.slack.clickButton({ user: ALICE, channel: GENERAL, messageTs: approval.ts, actionId: 'approval_deny' });

    const done = await finalStatus(harness, ts, GENERAL, 15_000);
    assertWithinSlackLimits(done);
    expect(shownText(done)).toMatch(/↳ ✓ Audit ACME bugs — [^·"]+ · 3 tool calls/);
    expect(shownText(done)).toMatch(/↳ ✓ Audit my items — [^·"]+ · 2 tool calls/);
    expect(shownText(done)).toContain('2 tool calls');
    // Edits of the status message through the whole delegation: one a second at most, on the status
    // clock. An edit that bypassed the budget would come at the same time as the one before it.
    const edits = harness.slack.calls.filter((c) => c.method === 'chat.update' && c.args.ts === status.ts).map((c) => c.time);
    expect(edits.length).toBeGreaterThan(2);
    expect(edits.length).toBeLessThanOrEqual(Math.floor((edits.at(-1)! - edits[0]!) / 1000) + 1);
    for (let i = 1; i < edits.length; i++) expect(edits[i]! - edits[i - 1]!, `edit ${i}`).toBeGreaterThanOrEqual(1000);
    const answer = await eventually(
      () => harness!.slack.workspace.thread(GENERAL, ts).find((m) => m.user === BOT && m.text.includes('Both audits are in.')),
      5_000,
      'the answer',
    );
    expect(answer.ts).not.toBe(status.ts);
    // The sub-agent's report says what the denial left it with.
    const parentRequests = harness.model!.requests.filter((r) => !JSON.stringify(r.body.system).includes('# You are a sub-agent'));
    expect(lastResults(parentRequests.at(-1)!)).toContain('the spec: Operation cancelled by user');
  });
});

describe('a delegated task of a tree synced with Plane', () => {
  it('moves the task in the file and its work item in Plane, as the Task tool would', async () => {
    harness = await startBotHarness({
      model: routed(({ title, turn }) => {
        if (title === undefined) {
          return turn === 0
            ? toolReply([{ name: 'delegate', input: { tasks: [{ title: 'Finish the launch', prompt: 'Finish it.', task_id: '1' }] } }])
            : textReply('The launch is done.');
        }
        return textReply('Launched.');
      }),
    });
    const h = harness;
    const tree = await TaskStore.open({ locks: new FileLocks(), dir: channelFilesDir(h.dataDir, OPS) });
    await tree.add({ title: 'Launch website' });
    await run(h, { command: '/task', text: 'sync 1 ACME' }, { ephemeral: 1, channel: 1 });
    const key = (await tree.read()).tasks[0]!.plane!;
    expect(key).toMatch(/^ACME-\d+$/);

    const ts = await h.slack.userSays({ user: ALICE, channel: OPS, text: `<@${BOT}> finish the launch (task 1)` });
    await finalStatus(h, ts, OPS, 15_000);
    expect((await tree.read()).tasks[0]!.status).toBe('done');
    // Written through, as a /task status change is: the work item is Done too.
    await eventually(() => h.plane.db.states.get(h.plane.db.workItem(key).state!)!.name === 'Done', 5_000, 'the work item done in Plane');
  });
});
