import { afterEach, describe, expect, it } from 'vitest';
import { textReply } from '../../fakes/anthropic/index.js';
import { eventually, startBotHarness, type BotHarness } from '../../harness/bot.js';
import { ALICE, BOT, botMessages, finalStatus, GENERAL } from './support.js';
import { peek } from '../../helpers/peek.js';

let harness: BotHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/** Lets every delivery and the work it started finish, then a little more, before counting. */
async function quiet(h: BotHarness): Promise<void> {
  await h.slack.settled();
  await new Promise((resolve) => setTimeout(resolve, 300));
  await h.slack.settled();
}

function eventIdsOf(h: BotHarness, ts: string): { mention: string; message: string } {
  const of = (type: string) =>
    h.slack.deliveries.find((d) => {
      const event = d.body.event as { type?: string; ts?: string } | undefined;
      return event?.type === type && event.ts === ts;
    })?.body.event_id as string;
  return { mention: of('app_mention'), message: of('message') };
}

describe('one user message starts one run', () => {
  it('when Slack retries the delivery (same event_id, retry headers)', async () => {
    harness = await startBotHarness({ model: [textReply('Hi.')] });
    const ts = await harness.slack.userSays({ user: ALICE, channel: GENERAL, text: `<@${BOT}> hello` });
    const { mention } = eventIdsOf(harness, ts);
    const retry = await harness.slack.redeliver(mention, { retryNum: 1, retryReason: 'http_timeout' });
    expect(retry.status).toBe(200);
    await finalStatus(harness, ts);
    await quiet(harness);
    expect(harness.model!.requests).toHaveLength(1);
    expect(botMessages(harness, ts)).toHaveLength(2);
  });

  it('when a mention in the bot’s thread arrives as app_mention and as message', async () => {
    harness = await startBotHarness({ model: [textReply('First.'), textReply('Second.')] });
    const ts = await harness.slack.userSays({ user: ALICE, channel: GENERAL, text: `<@${BOT}> one` });
    await finalStatus(harness, ts);
    const reply = await harness.slack.userSays({ user: ALICE, channel: GENERAL, text: `<@${BOT}> two`, threadTs: ts });
    const twins = eventIdsOf(harness, reply);
    expect(twins.mention && twins.message).toBeTruthy();
    await eventually(() => botMessages(harness!, ts).some((m) => m.text.includes('Second.')), 5_000, 'the second answer');
    await quiet(harness);
    expect(harness.model!.requests).toHaveLength(2);
    expect(botMessages(harness, ts)).toHaveLength(4);
  });

  it('when the twin of a handled message arrives after a restart', async () => {
    harness = await startBotHarness({ model: [textReply('First.'), textReply('Second.')] });
    const ts = await harness.slack.userSays({ user: ALICE, channel: GENERAL, text: `<@${BOT}> one` });
    await finalStatus(harness, ts);
    // Both deliveries of the next message fail (the app is unreachable); Slack retries each.
    const requestUrl = `${harness.bot.url}/slack/events`;
    harness.slack.setRequestUrl('http://127.0.0.1:9/slack/events');
    const reply = await harness.slack.userSays({ user: ALICE, channel: GENERAL, text: `<@${BOT}> two`, threadTs: ts });
    harness.slack.setRequestUrl(requestUrl);
    const twins = eventIdsOf(harness, reply);
    await harness.slack.redeliver(twins.mention, { retryNum: 1, retryReason: 'connection_failed' });
    await eventually(() => botMessages(harness!, ts).some((m) => m.text.includes('Second.')), 5_000, 'the second answer');
    await harness.restart();
    const late = await harness.slack.redeliver(twins.message, { retryNum: 1, retryReason: 'connection_failed' });
    expect(late.status).toBe(200);
    await quiet(harness);
    expect(harness.model!.requests).toHaveLength(2);
    expect(botMessages(harness, ts)).toHaveLength(4);
  });

  it('claims the event id of an event that starts work, and writes nothing for chatter intake ignores', async () => {
    harness = await startBotHarness({ model: [textReply('Hi.')] });
    const lunch = await harness.slack.userSays({ user: ALICE, channel: GENERAL, text: 'lunch?' });
    const sure = await harness.slack.userSays({ user: ALICE, channel: GENERAL, text: 'sure', threadTs: lunch });
    const ts = await harness.slack.userSays({ user: ALICE, channel: GENERAL, text: `<@${BOT}> hello` });
    await finalStatus(harness, ts);
    await quiet(harness);
    const claimed = async (eventId: string) => (await peek(harness!.bot.store, 'slack:event', eventId)) !== undefined;
    const { mention, message } = eventIdsOf(harness, ts);
    expect(await claimed(mention)).toBe(true);
    // The top-level message twin of the mention, a channel message and a reply in a thread the bot is not in.
    for (const ignored of [message, eventIdsOf(harness, lunch).message, eventIdsOf(harness, sure).message]) {
      expect(ignored).toBeTruthy();
      expect(await claimed(ignored)).toBe(false);
    }
  });
});
