import { afterEach, describe, expect, it } from 'vitest';
import { modelDown, textReply, toolReply } from '../../fakes/anthropic/index.js';
import { eventually, POST_AND_EDIT, startBotHarness, type BotHarness } from '../../harness/bot.js';
import { ALICE, BOT, botMessages, finalStatus, GENERAL, heldReply, shownText, userTurnsText } from './support.js';

let harness: BotHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const plan = (status: 'in_progress' | 'completed') =>
  toolReply([{ name: 'update_plan', input: { items: [{ id: '1', content: 'Look it up', status }] } }]);

describe('when things go wrong', () => {
  it('a Slack 429 on chat.update delays the status edit but never loses the final state', async () => {
    const last = heldReply(textReply('All done.'));
    harness = await startBotHarness({ model: [plan('in_progress'), plan('completed'), last.step], streaming: POST_AND_EDIT });
    const ts = await harness.slack.userSays({ user: ALICE, channel: GENERAL, text: `<@${BOT}> go` });
    await last.requested;
    // The next edit (the completed plan or the final state) is refused with Retry-After: 1.
    harness.slack.failNext('chat.update', { status: 429, retryAfter: 1 });
    last.release();
    const done = await finalStatus(harness, ts, GENERAL, 15_000);
    expect(harness.slack.calls.some((c) => c.method === 'chat.update' && c.error === 'http_429')).toBe(true);
    expect(shownText(done)).toContain('✓ Look it up');
    expect(shownText(done)).toContain('2 tool calls');
    expect(botMessages(harness, ts).at(-1)?.text).toContain('All done.');
  });

  it('a failed run says what failed and offers Retry, which takes the run up where it stopped', async () => {
    harness = await startBotHarness({
      model: [plan('in_progress'), ...modelDown(), textReply('Recovered.')],
    });
    const ts = await harness.slack.userSays({ user: ALICE, channel: GENERAL, text: `<@${BOT}> remember the milk` });
    const failed = await finalStatus(harness, ts);
    expect(shownText(failed)).toContain('Failed:');
    expect(shownText(failed)).toContain('The model API failed (500): Internal error');
    expect(shownText(failed)).toContain('run_retry');
    const answer = await harness.slack.clickButton({ user: ALICE, channel: GENERAL, messageTs: failed.ts, actionId: 'run_retry' });
    expect(answer.status).toBe(200);
    await eventually(() => botMessages(harness!, ts).some((m) => m.text.includes('Recovered.')), 8_000, 'the answer after Retry');
    const done = await eventually(
      () => {
        const text = shownText(harness!.slack.workspace.message(GENERAL, failed.ts));
        return text.includes('Done in') ? text : undefined;
      },
      5_000,
      'the status after Retry',
    );
    expect(done).not.toContain('run_retry');
    // Nothing the person wrote was lost: the retried request still carries it.
    expect(userTurnsText(harness, 2)).toContain('remember the milk');
    expect(botMessages(harness, ts).filter((m) => shownText(m).includes('Done in') || shownText(m).includes('Failed:'))).toHaveLength(1);
  });
});
