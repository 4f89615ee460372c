import { afterEach, expect, it } from 'vitest';
import { z } from 'zod';
import { withPlaneCredential } from '../../src/plane/credential.js';
import { PlaneHttp } from '../../src/plane/http.js';
import { PlaneLimiters } from '../../src/plane/limiter.js';
import { closeTestbeds, startTestbed } from './setup.js';

afterEach(closeTestbeds);

const WINDOW_MS = 1_500;

it('gives a person’s token its own budget at the same rate: it waits when spent, while the bot’s key goes on', async () => {
  const t = await startTestbed();
  const token = 'plane_api_token_limiter_test_0123456789';
  t.plane.db.addApiKey(token, 'dana@acme.io');
  const limiters = new PlaneLimiters({ limit: 2, windowMs: WINDOW_MS });
  const http = new PlaneHttp({
    baseUrl: t.plane.url,
    apiKey: t.apiKey,
    limiter: limiters.forKey(t.apiKey),
    limiterFor: (key) => limiters.forKey(key),
  });
  const me = () => http.json({ path: '/api/v1/users/me', what: 'the current user' }, z.object({ email: z.string() }));
  const asDana = <T>(work: () => Promise<T>) =>
    withPlaneCredential({ token, refused: async () => undefined }, work).then(({ result }) => result);

  const started = performance.now();
  const dana = await Promise.all([1, 2, 3].map(() => asDana(me)));
  const danaDone = performance.now() - started;
  expect(dana.map((answer) => answer.email)).toEqual(['dana@acme.io', 'dana@acme.io', 'dana@acme.io']);
  // Her third request waited for her first to leave the window: her token had spent its two.
  expect(danaDone).toBeGreaterThanOrEqual(WINDOW_MS - 50);

  // The bot's key had spent nothing meanwhile: its two go out at once, and with its own key.
  const botStarted = performance.now();
  await Promise.all([me(), me()]);
  expect(performance.now() - botStarted).toBeLessThan(WINDOW_MS - 100);
  const keys = t.plane.requests.filter((r) => r.path === '/api/v1/users/me/').map((r) => (r.apiKey === token ? 'token' : 'bot'));
  expect(keys).toEqual(['token', 'token', 'token', 'bot', 'bot']);
  await limiters.close();
});
