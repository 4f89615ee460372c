import { afterEach, describe, expect, it } from 'vitest';
import { textReply } from '../fakes/anthropic/index.js';
import { eventually, startBotHarness, type BotHarness } from '../harness/bot.js';
import { ALICE, BOT, GENERAL } from '../slack/conversations/support.js';

let harness: BotHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('a status message Slack refuses', () => {
  it('(not_in_channel): the requester is told privately what to do, instead of hearing nothing', async () => {
    harness = await startBotHarness({ model: [textReply('Hello.')] });
    const h = harness;
    h.slack.failNext('chat.postMessage', { error: 'not_in_channel' });
    await h.slack.userSays({ user: ALICE, channel: GENERAL, text: `<@${BOT}> hello` });
    const notice = await eventually(() => h.slack.workspace.ephemeralsFor(GENERAL, ALICE)[0], 5_000, 'the notice to alice');
    expect(notice.text).toBe(
      'I cannot post in this conversation (not_in_channel), so I did not start on your request. Invite me (/invite @planebot), then ask again.',
    );
    expect(h.model!.requests).toHaveLength(0);
  });
});
