import { describe, expect, it } from 'vitest';
import { signRequest } from '../../src/emulators/slack/index.js';
import { startBotHarness, SIGNING_SECRET } from '../harness/bot.js';
import { captureLogger } from '../helpers/logs.js';

/** Posts `rawBody`, correctly signed, to the bot's Slack endpoint. */
async function postSigned(url: string, rawBody: string, contentType: string): Promise<number> {
  const response = await fetch(`${url}/slack/events`, {
    method: 'POST',
    headers: signRequest(SIGNING_SECRET, rawBody, contentType),
    body: rawBody,
  });
  await response.text();
  return response.status;
}

describe('a signed request whose body is not an object', () => {
  it('gets 400 (which Slack does not retry) and a log line, for JSON null, a list, a string or a number, and a null interaction payload', async () => {
    const logs = captureLogger();
    const harness = await startBotHarness({ logger: logs.logger });
    try {
      const bodies: [string, string][] = [
        ['null', 'application/json'],
        ['[]', 'application/json'],
        ['"ssl_check"', 'application/json'],
        ['42', 'application/json'],
        ['payload=null', 'application/x-www-form-urlencoded'],
      ];
      for (const [rawBody, contentType] of bodies) {
        expect(await postSigned(harness.bot.url, rawBody, contentType), rawBody).toBe(400);
      }
      const logged = logs.lines.filter((line) => line.msg === 'malformed Slack request body');
      expect(logged).toHaveLength(bodies.length);
      expect(String(logged[0]!.reason)).toMatch(/not an object/);
      // The bot still serves well-formed requests afterwards.
      expect(await postSigned(harness.bot.url, JSON.stringify({ type: 'url_verification', challenge: 'c' }), 'application/json')).toBe(200);
    } finally {
      await harness.close();
    }
  });
});
