import { afterEach, describe, expect, it } from 'vitest';
import { stopReply, textBlock } from '../fakes/anthropic/index.js';
import { startBotHarness, type BotHarness } from '../harness/bot.js';
import { ALICE, BOT, botMessages, finalStatus, GENERAL, shownText } from '../slack/conversations/support.js';

let harness: BotHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const ANSWER = Array.from({ length: 12 }, (_, i) => `Sentence ${i + 1} of the answer about ACME-1, the login bug on Safari.`).join(' ');
const NOTE = 'The rest of this answer is in the messages below.';

const isStreamed = (m: { blocks?: Record<string, unknown>[] }) =>
  m.blocks?.some((b) => b.type === 'markdown' || b.type === 'plan') ?? false;

/** What the thread shows after the status: each streamed message's text, then each posted one's. */
function thread(h: BotHarness, ts: string): { streamed: string[]; posted: string[] } {
  const replies = botMessages(h, ts).slice(1);
  return {
    streamed: replies.filter(isStreamed).map((m) => m.text.replace(/\u200b/g, '')),
    posted: replies.filter((m) => !isStreamed(m)).map((m) => shownText(m)),
  };
}

async function askWithBrokenAppend(error: string, postFails?: string): Promise<{ h: BotHarness; ts: string }> {
  harness = await startBotHarness({ model: [stopReply('end_turn', [textBlock(ANSWER)], { deltaDelayMs: 40 })] });
  const h = harness;
  // The first append after the stream started fails once.
  h.slack.failNext('chat.appendStream', { error });
  // The status message is the run's first post; the rest of the answer its second.
  if (postFails) h.slack.failNext('chat.postMessage', { error: postFails, after: 1 });
  const ts = await h.slack.userSays({ user: ALICE, channel: GENERAL, text: `<@${BOT}> what is ACME-1 about?` });
  return { h, ts };
}

describe('a streamed answer never breaks off', () => {
  for (const error of ['internal_error', 'msg_too_long']) {
    it(`an append refused with ${error}: the streamed part says the rest follows, the rest is posted, and the run is done`, async () => {
      const { h, ts } = await askWithBrokenAppend(error);
      const status = await finalStatus(h, ts, GENERAL, 15_000);
      expect(shownText(status)).toContain('Done in');
      expect(h.slack.calls.filter((c) => c.error).map((c) => `${c.method} ${c.error}`)).toEqual([`chat.appendStream ${error}`]);
      const { streamed, posted } = thread(h, ts);
      expect(streamed).toHaveLength(1);
      const [shown] = streamed;
      expect(shown!.endsWith(`_${NOTE}_`)).toBe(true);
      const before = shown!.slice(0, -`\n\n_${NOTE}_`.length);
      expect(ANSWER.startsWith(before)).toBe(true);
      // The rest, from the start of the line the stream broke off in: nothing lost, no word cut.
      const rest = posted.join(' ');
      expect(rest).toContain(`"text":"${ANSWER.slice(before.lastIndexOf('\n') + 1)}"`);
      expect(before.length).toBeLessThan(ANSWER.length);
    });
  }

  it('an append answered message_not_found (the streamed message is gone): the whole answer is posted, and the run is done', async () => {
    const { h, ts } = await askWithBrokenAppend('message_not_found');
    const status = await finalStatus(h, ts, GENERAL, 15_000);
    expect(shownText(status)).toContain('Done in');
    const { streamed, posted } = thread(h, ts);
    // The emulator kept the message Slack said it lost: it is left as it was, without a note.
    expect(streamed.every((text) => !text.includes(NOTE))).toBe(true);
    expect(posted.join(' ')).toContain('Sentence 1 of the answer');
    expect(posted.join(' ')).toContain('Sentence 12 of the answer');
  });

  it('fails the run, with Retry, only when posting the rest fails too', async () => {
    const { h, ts } = await askWithBrokenAppend('internal_error', 'channel_not_found');
    const status = await finalStatus(h, ts, GENERAL, 15_000);
    expect(shownText(status)).toContain('Failed:');
    expect(shownText(status)).toContain('run_retry');
  });
});
