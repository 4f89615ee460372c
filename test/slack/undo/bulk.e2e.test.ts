import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlackMessage } from '../../../src/emulators/slack/index.js';
import { textReply, toolReply } from '../../fakes/anthropic/index.js';
import { eventually, startBotHarness, type BotHarness } from '../../harness/bot.js';
import { assertWithinSlackLimits } from '../blocks/limits.js';
import { ALICE, BOT, GENERAL, botMessages, shownText } from '../conversations/support.js';

let harness: BotHarness;

beforeAll(async () => {
  harness = await startBotHarness({ model: [] });
});
afterAll(async () => harness?.close());

type Json = Record<string, unknown>;
const KEYS = Array.from({ length: 12 }, (_, i) => `ACME-${i + 1}`);
const tableOf = (message: SlackMessage) =>
  ((message.blocks ?? []).find((b) => b.type === 'table') as Json | undefined)?.rows as { text: string }[][] | undefined;
const approvals = (ts: string) =>
  botMessages(harness, ts).filter((m) => shownText(m).includes('approval_approve') || tableOf(m) !== undefined);

/** alice asks for 12 updates in one turn; the one approval of them all. */
async function askTwelve(input: (key: string) => Record<string, unknown>, answer: string): Promise<{ ts: string; approval: SlackMessage }> {
  harness.model!.script(toolReply(KEYS.map((key) => ({ name: 'plane_update_issue', input: { key, ...input(key) } }))), textReply(answer));
  const ts = await harness.slack.userSays({ user: ALICE, channel: GENERAL, text: `<@${BOT}> change all twelve` });
  const approval = await eventually(() => approvals(ts)[0], 10_000, 'the bulk approval');
  return { ts, approval };
}

describe('an agent turn writing more than PLANEBOT_BULK_THRESHOLD work items', () => {
  it('previews 12 updates in one approval; approving applies all, each then undoable', async () => {
    const { slack, plane } = harness;
    const before = KEYS.map((key) => plane.db.workItem(key).priority);
    const { ts, approval } = await askTwelve(() => ({ priority: 'urgent' }), 'All twelve are urgent now.');
    assertWithinSlackLimits({ text: approval.text, blocks: approval.blocks });
    expect(approval.text).toBe('Approval needed: 12 changes at once');
    const rows = tableOf(approval)!.map((row) => row.map((cell) => cell.text));
    expect(rows).toEqual([['Item', 'Field', 'From', 'To'], ...KEYS.map((key, i) => [key, 'priority', before[i], 'urgent'])]);
    // One request for the set: nothing written yet, no other approval asked.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(approvals(ts)).toHaveLength(1);
    expect(KEYS.map((key) => plane.db.workItem(key).priority)).toEqual(before);

    await slack.clickButton({ user: ALICE, channel: GENERAL, messageTs: approval.ts, actionId: 'approval_approve' });
    await eventually(() => botMessages(harness, ts).some((m) => m.text.includes('All twelve are urgent now.')), 15_000, 'the answer');
    expect(KEYS.map((key) => plane.db.workItem(key).priority)).toEqual(KEYS.map(() => 'urgent'));
    const decided = slack.workspace.message(GENERAL, approval.ts)!;
    assertWithinSlackLimits({ text: decided.text, blocks: decided.blocks });
    expect(shownText(decided)).toContain('✓ Approved by <@U0ALICE>: 12 changes');
    expect(tableOf(decided)).toHaveLength(13);
    expect(JSON.stringify(decided.blocks)).not.toContain('approval_approve');

    // Each write has its confirmation with Undo.
    const confirmations = botMessages(harness, ts).filter((m) => m.text.startsWith('✓ Done:'));
    expect(confirmations).toHaveLength(12);
    const first = confirmations.find((m) => m.text.includes('ACME-1:'))!;
    await slack.clickButton({ user: ALICE, channel: GENERAL, messageTs: first.ts, actionId: 'undo_write' });
    await eventually(() => botMessages(harness, ts).find((m) => m.text.includes('undid the change to ACME-1')), 10_000, 'the undo said');
    expect(plane.db.workItem('ACME-1').priority).toBe(before[0]);
    expect(plane.db.workItem('ACME-2').priority).toBe('urgent');
  });

  it('denying applies none', async () => {
    const { slack, plane } = harness;
    const before = KEYS.map((key) => plane.db.workItem(key).target_date);
    const requests = harness.model!.requests.length;
    const { ts, approval } = await askTwelve(() => ({ target_date: '2031-01-31' }), 'Nothing was changed.');
    await slack.clickButton({ user: ALICE, channel: GENERAL, messageTs: approval.ts, actionId: 'approval_deny' });
    await eventually(() => botMessages(harness, ts).some((m) => m.text.includes('Nothing was changed.')), 15_000, 'the answer');
    expect(KEYS.map((key) => plane.db.workItem(key).target_date)).toEqual(before);
    expect(shownText(slack.workspace.message(GENERAL, approval.ts)!)).toContain('✗ Denied by <@U0ALICE>: 12 changes');
    const results = JSON.stringify(harness.model!.requests[requests + 1]!.body.messages.at(-1));
    expect(results.match(/Operation cancelled by user/g)).toHaveLength(12);
    expect(botMessages(harness, ts).filter((m) => m.text.startsWith('✓ Done:'))).toHaveLength(0);
  });
});
