import { webApi } from '@slack/bolt';
import { afterEach, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator } from '../../src/emulators/slack/index.js';
import { createLogger } from '../../src/log.js';
import { slackWebClient } from '../../src/slack/app.js';
import { createMemoryStore } from '../../src/state/memory-store.js';

const TOKEN = 'xoxb-pauses';
let slack: SlackEmulator | undefined;
afterEach(async () => {
  await slack?.close();
  slack = undefined;
});

describe('a Slack rate limit pauses its method for the workspace', () => {
  it('after a 429 with Retry-After: 2 on #general, another client’s post to #ops waits out the pause, and both posts land', async () => {
    slack = await startSlackEmulator({ signingSecret: 's', botToken: TOKEN });
    const emulator = slack;
    // Two clients on one store: the app's and the agent front end's, or two replicas.
    const store = createMemoryStore();
    const logger = createLogger({ level: 'silent' });
    const [first, second] = [0, 1].map(() => slackWebClient({ botToken: TOKEN, apiUrl: emulator.url }, store, logger));
    emulator.failNext('chat.postMessage', { status: 429, retryAfter: 2 });
    // The other post starts once the first client has Slack's 429 in hand.
    const limited = new Promise((resolve) => first!.once(webApi.WebClientEvent.RATE_LIMITED, resolve));
    const general = first!.chat.postMessage({ channel: 'C0GENERAL', text: 'one' });
    await limited;
    await second!.chat.postMessage({ channel: 'C0OPS', text: 'two' });
    await general;

    const posts = emulator.calls.filter((c) => c.method === 'chat.postMessage');
    expect([posts[0]!.args.channel, posts[0]!.error]).toEqual(['C0GENERAL', 'http_429']);
    // The refused post's retry and the other channel's post, in either order, none refused.
    expect(posts.slice(1).map((c) => `${String(c.args.channel)} ${c.error ?? 'ok'}`).sort()).toEqual(['C0GENERAL ok', 'C0OPS ok']);
    const refused = posts[0]!.time;
    for (const post of posts.slice(1)) expect(post.time - refused).toBeGreaterThanOrEqual(1_950);
    expect(emulator.workspace.messages('C0OPS').map((m) => m.text)).toEqual(['two']);
    expect(emulator.workspace.messages('C0GENERAL').map((m) => m.text)).toEqual(['one']);
  });
});
