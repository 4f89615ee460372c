import { afterEach, describe, expect, it } from 'vitest';
import { postSigned, signRequest } from '../../../src/emulators/slack/index.js';
import { textReply } from '../../fakes/anthropic/index.js';
import { SIGNING_SECRET, startBotHarness, type BotHarness } from '../../harness/bot.js';

let harness: BotHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('the bot over HTTP', () => {
  it('serves health, readiness and the signed Slack endpoint on one port', async () => {
    harness = await startBotHarness();
    expect((await fetch(`${harness.bot.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${harness.bot.url}/readyz`)).status).toBe(200);
    expect(await harness.slack.verifyRequestUrl()).toBe(true);
    expect(harness.slack.calls.some((c) => c.method === 'auth.test')).toBe(true);
  });

  it('answers 401 to forged and stale signatures and changes nothing', async () => {
    harness = await startBotHarness({ model: [textReply('must not be asked')] });
    const envelope = {
      type: 'event_callback',
      team_id: 'T0TEAM',
      event_id: 'EvFORGED1',
      event: { type: 'app_mention', user: 'U0ALICE', text: '<@U0BOT> hi', ts: '1.000100', channel: 'C0GENERAL', event_ts: '1.000100' },
    };
    const url = `${harness.bot.url}/slack/events`;
    const before = harness.slack.calls.length;
    expect((await postSigned(url, 'not-the-secret', 'event', envelope)).status).toBe(401);
    const stale = Math.floor(Date.now() / 1000) - 301;
    const raw = JSON.stringify(envelope);
    const staleResponse = await fetch(url, {
      method: 'POST',
      headers: signRequest(SIGNING_SECRET, raw, 'application/json', stale),
      body: raw,
    });
    expect(staleResponse.status).toBe(401);
    // Had the mention got through, its status message would be posted at once.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(harness.slack.calls.length).toBe(before);
    expect(harness.slack.workspace.messages('C0GENERAL')).toEqual([]);
    expect(harness.model!.requests).toHaveLength(0);
  });

  it('serves the Slack endpoint on POST only: another method gets a 404 that names it', async () => {
    harness = await startBotHarness();
    const response = await fetch(`${harness.bot.url}/slack/events`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { message: string }).message).toBe('Nothing is served at GET /slack/events');
  });
});
