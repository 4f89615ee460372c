import { afterEach, describe, expect, it } from 'vitest';
import { textReply } from '../fakes/anthropic/index.js';
import { eventually, startBotHarness, type BotHarness } from '../harness/bot.js';

let harness: BotHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const BOT = 'U0BOT';
const GENERAL = 'C0GENERAL';

describe('the requester’s language', () => {
  it('is read from users.info with include_locale and told to the model, which the system prompt asks to answer in it', async () => {
    harness = await startBotHarness({ model: [textReply('Bonjour !'), textReply('你好！')] });
    await harness.slack.userSays({ user: 'U0CAMILLE', channel: GENERAL, text: `<@${BOT}> salut` });
    await eventually(() => harness!.model!.requests[0], 8_000, 'the first model request');
    await harness.slack.userSays({ user: 'U0WEI', channel: GENERAL, text: `<@${BOT}> 你好` });
    await eventually(() => harness!.model!.requests[1], 8_000, 'the second model request');
    const [french, chinese] = harness.model!.requests.map((request) => request.body);
    expect(JSON.stringify(french!.system)).toContain('Answer in the language of the context');
    expect(JSON.stringify(french!.messages)).toContain('language: French (France) (fr-FR)');
    expect(JSON.stringify(chinese!.messages)).toContain('language: Chinese (China) (zh-CN)');
    // The system prompt is the same for both: it stays cached.
    expect(chinese!.system).toEqual(french!.system);
    const asked = harness.slack.calls.filter((call) => call.method === 'users.info' && call.args.user === 'U0CAMILLE');
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((call) => call.args.include_locale === true || call.args.include_locale === 'true')).toBe(true);
  });
});
