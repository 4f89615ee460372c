import { afterEach, describe, expect, it } from 'vitest';
import { textReply, toolReply } from '../../fakes/anthropic/index.js';
import { eventually, POST_AND_EDIT, startBotHarness, type BotHarness, type BotHarnessOptions } from '../../harness/bot.js';
import {
  ALICE,
  approvalMessage,
  BOB,
  BOT,
  botMessages,
  CAROL,
  finalStatus,
  GENERAL,
  shownText,
  statusMessage,
  userTurnsText,
} from './support.js';

let harness: BotHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const comment = (text: string) => toolReply([{ name: 'plane_add_comment', input: { key: 'ACME-1', text } }]);

async function askForComment(options: BotHarnessOptions = {}): Promise<{ h: BotHarness; ts: string; approvalTs: string }> {
  harness = await startBotHarness({ model: [comment('Looks good'), textReply('Commented.')], ...options });
  const ts = await harness.slack.userSays({ user: ALICE, channel: GENERAL, text: `<@${BOT}> say it looks good on ACME-1` });
  const approval = await approvalMessage(harness, ts);
  return { h: harness, ts, approvalTs: approval.ts };
}

function click(h: BotHarness, user: string, messageTs: string, actionId: string) {
  return h.slack.clickButton({ user, channel: GENERAL, messageTs, actionId });
}

/** The tool_result the model received for the asked call, in its second request. */
async function toolResult(h: BotHarness): Promise<{ content: string; is_error?: boolean }> {
  await eventually(() => h.model!.requests.length >= 2, 8_000, 'the model request after the decision');
  const last = h.model!.requests[1]!.body.messages.at(-1)!;
  const block = (last.content as { type: string; content?: string; is_error?: boolean }[]).find((b) => b.type === 'tool_result')!;
  return { content: String(block.content), ...(block.is_error ? { is_error: true } : {}) };
}

function ephemeralTexts(h: BotHarness, user: string): string[] {
  return h.slack.workspace.ephemeralsFor(GENERAL, user).map((m) => m.text);
}

describe('approvals', () => {
  it('show who asked and exactly what will happen; Approve runs the call and the message records the decision', async () => {
    const { h, ts, approvalTs } = await askForComment();
    const request = h.slack.workspace.message(GENERAL, approvalTs)!;
    expect(request.thread_ts).toBe(ts);
    expect(shownText(request)).toContain(`<@${ALICE}> asked to run`);
    expect(shownText(request)).toContain('Add a comment to ACME-1');
    expect(shownText(request)).toContain('Looks good');
    const status = await statusMessage(h, ts);
    await eventually(
      () => shownText(h.slack.workspace.message(GENERAL, status.ts)).includes('Waiting for approval'),
      5_000,
      'the waiting status',
    );

    expect((await click(h, ALICE, approvalTs, 'approval_approve')).status).toBe(200);
    const result = await toolResult(h);
    expect(result.is_error).toBeUndefined();
    expect(result.content).not.toContain('cancelled');
    await finalStatus(h, ts);
    const decided = h.slack.workspace.message(GENERAL, approvalTs)!;
    expect(shownText(decided)).toContain(`✓ Approved by <@${ALICE}>`);
    expect(decided.blocks?.some((b) => b.type === 'actions')).toBe(false);
    expect(botMessages(h, ts).at(-1)?.text).toContain('Commented.');
  });

  it('Deny answers the model "Operation cancelled by user"', async () => {
    const { h, ts, approvalTs } = await askForComment();
    await click(h, ALICE, approvalTs, 'approval_deny');
    const result = await toolResult(h);
    expect(result).toEqual({ content: 'Operation cancelled by user', is_error: true });
    await finalStatus(h, ts);
    expect(shownText(h.slack.workspace.message(GENERAL, approvalTs))).toContain(`✗ Denied by <@${ALICE}>`);
  });

  it('Approve for this thread lets the same tool run unasked for the rest of the thread', async () => {
    const { h, ts, approvalTs } = await askForComment();
    h.model!.script(comment('Second comment'), textReply('Commented again.'));
    await click(h, ALICE, approvalTs, 'approval_approve_thread');
    await finalStatus(h, ts);
    expect(shownText(h.slack.workspace.message(GENERAL, approvalTs))).toContain('Approved for this thread');
    await h.slack.userSays({ user: ALICE, channel: GENERAL, text: 'add another one', threadTs: ts });
    await eventually(() => botMessages(h, ts).some((m) => m.text.includes('Commented again.')), 8_000, 'the second answer');
    const approvals = botMessages(h, ts).filter((m) => shownText(m).includes('approval_approve'));
    expect(approvals).toHaveLength(0);
    const decidedOnly = botMessages(h, ts).filter((m) => shownText(m).includes('asked to run'));
    expect(decidedOnly).toHaveLength(1);
    expect(userTurnsText(h, 3)).toContain('tool_result');
    expect(userTurnsText(h, 3)).not.toContain('Operation cancelled');
  });

  it('refuses anyone but the requester or an approver, privately, and changes nothing', async () => {
    const { h, ts, approvalTs } = await askForComment({ env: { PLANEBOT_APPROVERS: BOB } });
    const before = JSON.stringify(h.slack.workspace.message(GENERAL, approvalTs));
    expect((await click(h, CAROL, approvalTs, 'approval_approve')).status).toBe(200);
    const notice = await eventually(() => ephemeralTexts(h, CAROL)[0], 5_000, 'the notice to Carol');
    expect(notice).toContain('Only the person who made the request');
    expect(JSON.stringify(h.slack.workspace.message(GENERAL, approvalTs))).toBe(before);
    expect(h.model!.requests).toHaveLength(1);
    // An approver may decide.
    await click(h, BOB, approvalTs, 'approval_approve');
    await finalStatus(h, ts);
    expect(shownText(h.slack.workspace.message(GENERAL, approvalTs))).toContain(`Approved by <@${BOB}>`);
  });

  it('lets the first of two clicks win; the other is told it was already decided', async () => {
    const { h, ts, approvalTs } = await askForComment();
    await Promise.all([click(h, ALICE, approvalTs, 'approval_approve'), click(h, ALICE, approvalTs, 'approval_deny')]);
    await finalStatus(h, ts);
    const notice = await eventually(() => ephemeralTexts(h, ALICE)[0], 5_000, 'the notice');
    expect(notice).toMatch(/already (approved|denied)/);
    const result = await toolResult(h);
    const decided = shownText(h.slack.workspace.message(GENERAL, approvalTs));
    // Whatever won is what the model was told and what the message shows.
    expect(decided.includes('Approved by') !== decided.includes('Denied by')).toBe(true);
    expect(result.content === 'Operation cancelled by user').toBe(decided.includes('Denied by'));
    expect(h.model!.requests).toHaveLength(2);
  });

  it('denies an unanswered request after PLANEBOT_APPROVAL_TIMEOUT and says it expired', async () => {
    const { h, ts, approvalTs } = await askForComment({ env: { PLANEBOT_APPROVAL_TIMEOUT: '1s' } });
    const result = await toolResult(h);
    expect(result.content).toContain('Operation cancelled by user');
    await finalStatus(h, ts);
    const expired = h.slack.workspace.message(GENERAL, approvalTs)!;
    expect(shownText(expired)).toContain('Expired');
    expect(expired.blocks?.some((b) => b.type === 'actions')).toBe(false);
  });

  it('resumes the run when the click reaches a restarted bot', async () => {
    const { h, ts, approvalTs } = await askForComment();
    await h.restart();
    await click(h, ALICE, approvalTs, 'approval_approve');
    const result = await toolResult(h);
    expect(result.is_error).toBeUndefined();
    const done = await finalStatus(h, ts);
    expect(shownText(done)).toContain('1 tool call');
    expect(botMessages(h, ts).at(-1)?.text).toContain('Commented.');
    expect(shownText(h.slack.workspace.message(GENERAL, approvalTs))).toContain(`Approved by <@${ALICE}>`);
  });

  it('shows the plan again when a restarted bot resumes the run', async () => {
    const plan = { items: [{ id: '1', content: 'Comment on the login bug', status: 'in_progress' }] };
    const planAndComment = toolReply([
      { name: 'update_plan', input: plan },
      { name: 'plane_add_comment', input: { key: 'ACME-1', text: 'Looks good' } },
    ]);
    const { h, ts, approvalTs } = await askForComment({ model: [planAndComment, textReply('Commented.')], streaming: POST_AND_EDIT });
    const status = await statusMessage(h, ts);
    await h.restart();
    const before = h.slack.calls.length;
    await click(h, ALICE, approvalTs, 'approval_approve');
    const done = await finalStatus(h, ts);
    expect(shownText(done)).toContain('Comment on the login bug');
    expect(shownText(done)).toContain('2 tool calls');
    // Every edit the new process made to the status message (while the comment ran, and at the end) shows the plan.
    const edits = h.slack.calls.slice(before).filter((c) => c.method === 'chat.update' && c.args.ts === status.ts);
    expect(edits.length).toBeGreaterThan(0);
    for (const edit of edits) expect(JSON.stringify(edit.args)).toContain('Comment on the login bug');
  });
});
