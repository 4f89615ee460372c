import { afterEach, describe, expect, it } from 'vitest';
import { textReply, toolReply } from '../fakes/anthropic/index.js';
import { eventually, POST_AND_EDIT, startBotHarness, type BotHarness } from '../harness/bot.js';
import { assertWithinSlackLimits } from '../slack/blocks/limits.js';
import { ALICE, BOT, botMessages, finalStatus, GENERAL, heldReply, shownText } from '../slack/conversations/support.js';

let harness: BotHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/** The text of the tool results the model got in its `index`-th request. */
function toolResults(h: BotHarness, index: number): string {
  const turn = h.model!.requests[index]!.body.messages.at(-1) as { content: { type: string; content?: unknown }[] };
  return turn.content
    .filter((block) => block.type === 'tool_result')
    .map((block) => (typeof block.content === 'string' ? block.content : JSON.stringify(block.content)))
    .join('\n');
}

describe('what Slack refuses is never silently lost', () => {
  it('a long answer is posted whole, in messages Slack accepts (no msg_too_long)', async () => {
    const paragraphs = Array.from({ length: 60 }, (_, i) => `Paragraph ${i + 1}: ${'lorem ipsum dolor sit amet '.repeat(6)}`);
    harness = await startBotHarness({ model: [textReply(paragraphs.join('\n\n'))], streaming: POST_AND_EDIT });
    const ts = await harness.slack.userSays({ user: ALICE, channel: GENERAL, text: `<@${BOT}> tell me everything` });
    const done = await finalStatus(harness, ts, GENERAL, 15_000);
    expect(shownText(done)).toContain('Done in');
    // Nothing refused but the one try at native streaming this workspace lacks.
    expect(harness.slack.calls.filter((c) => c.error !== undefined).map((c) => `${c.method} ${c.error}`)).toEqual([
      'chat.startStream unknown_method',
    ]);
    const replies = botMessages(harness, ts).slice(1);
    for (const reply of replies) assertWithinSlackLimits({ text: reply.text, blocks: reply.blocks });
    const shown = replies.map((reply) => shownText(reply)).join('\n');
    for (const paragraph of ['Paragraph 1:', 'Paragraph 30:', 'Paragraph 60:']) expect(shown).toContain(paragraph);
  });

  it('an answer Slack refuses (channel_not_found): the status says it could not be posted, and Retry posts it', async () => {
    const answer = heldReply(textReply('Here is the summary.'));
    harness = await startBotHarness({ model: [answer.step], streaming: POST_AND_EDIT });
    const h = harness;
    const ts = await h.slack.userSays({ user: ALICE, channel: GENERAL, text: `<@${BOT}> summarise` });
    await answer.requested;
    h.slack.failNext('chat.postMessage', { error: 'channel_not_found' });
    answer.release();
    const failed = await finalStatus(h, ts);
    expect(shownText(failed)).toContain('Failed:');
    expect(shownText(failed)).toContain('The answer could not be posted');
    expect(shownText(failed)).toContain('channel_not_found');
    expect(shownText(failed)).toContain('run_retry');
    expect(botMessages(h, ts).some((m) => m.text.includes('Here is the summary.'))).toBe(false);

    await h.slack.clickButton({ user: ALICE, channel: GENERAL, messageTs: failed.ts, actionId: 'run_retry' });
    await eventually(() => botMessages(h, ts).some((m) => m.text.includes('Here is the summary.')), 8_000, 'the answer after Retry');
    await eventually(() => shownText(h.slack.workspace.message(GENERAL, failed.ts)).includes('Done in'), 5_000, 'the status done');
    // Shown again, not asked again: the model answered once.
    expect(h.model!.requests).toHaveLength(1);
  });

  it('an answer refused part-way: Retry posts the parts that did not go out, none twice', async () => {
    const paragraphs = Array.from({ length: 200 }, (_, i) => `Paragraph ${i + 1}: ${'lorem ipsum dolor sit amet '.repeat(6)}`);
    const answer = heldReply(textReply(paragraphs.join('\n\n')));
    harness = await startBotHarness({ model: [answer.step], streaming: POST_AND_EDIT });
    const h = harness;
    const ts = await h.slack.userSays({ user: ALICE, channel: GENERAL, text: `<@${BOT}> tell me everything` });
    await answer.requested;
    // The answer's first message goes out, its second is refused.
    h.slack.failNext('chat.postMessage', { error: 'channel_not_found', after: 1 });
    answer.release();
    const failed = await finalStatus(h, ts);
    expect(shownText(failed)).toContain('The answer could not be posted');
    const shownBefore = botMessages(h, ts).length;

    await h.slack.clickButton({ user: ALICE, channel: GENERAL, messageTs: failed.ts, actionId: 'run_retry' });
    await eventually(() => shownText(h.slack.workspace.message(GENERAL, failed.ts)).includes('Done in'), 8_000, 'the status done');
    const replies = botMessages(h, ts).slice(1);
    expect(shownBefore).toBe(2);
    expect(replies.length).toBeGreaterThan(2);
    const shown = replies.map((reply) => shownText(reply)).join('\n');
    for (let i = 1; i <= 200; i++) expect(shown.split(`Paragraph ${i}:`)).toHaveLength(2);
    expect(h.model!.requests).toHaveLength(1);
  });

  it('an approval request Slack refuses ends the call as not approved, saying why, at once instead of at the timeout', async () => {
    const asking = heldReply(toolReply([{ name: 'plane_add_comment', input: { key: 'ACME-1', text: 'Deployed.' } }]));
    harness = await startBotHarness({ model: [asking.step, textReply('I could not ask for approval, so I did not comment.')] });
    const h = harness;
    const commentsBefore = h.plane.db.comments.size;
    const ts = await h.slack.userSays({ user: ALICE, channel: GENERAL, text: `<@${BOT}> comment on ACME-1 that it is deployed` });
    await asking.requested;
    h.slack.failNext('chat.postMessage', { error: 'channel_not_found' });
    asking.release();
    const done = await finalStatus(h, ts, GENERAL, 10_000);
    expect(shownText(done)).toContain('Done in');
    expect(toolResults(h, 1)).toMatch(
      /^Not run: the approval request could not be shown \(.*channel_not_found.*\), so nobody could approve it/,
    );
    expect(botMessages(h, ts).some((m) => m.text.includes('I could not ask for approval'))).toBe(true);
    expect(botMessages(h, ts).some((m) => shownText(m).includes('approval_approve'))).toBe(false);
    expect(h.plane.db.comments.size).toBe(commentsBefore);
  });
});
