import { webApi } from '@slack/bolt';
import { afterEach, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator } from '../../src/emulators/slack/index.js';
import { createLogger } from '../../src/log.js';
import { slackWebClient } from '../../src/slack/app.js';
import { SHARED_PAUSE_TTL_MS } from '../../src/slack/method-pauses.js';
import { createMemoryStore } from '../../src/state/memory-store.js';
import { countingReads } from '../helpers/counting-store.js';

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
    expect(
      posts
        .slice(1)
        .map((c) => `${String(c.args.channel)} ${c.error ?? 'ok'}`)
        .sort(),
    ).toEqual(['C0GENERAL ok', 'C0OPS ok']);
    const refused = posts[0]!.time;
    for (const post of posts.slice(1)) expect(post.time - refused).toBeGreaterThanOrEqual(1_950);
    expect(emulator.workspace.messages('C0OPS').map((m) => m.text)).toEqual(['two']);
    expect(emulator.workspace.messages('C0GENERAL').map((m) => m.text)).toEqual(['one']);
  });

  it('reads the store at most once a second per method, however many calls go out', async () => {
    slack = await startSlackEmulator({ signingSecret: 's', botToken: TOKEN });
    const { store, reads } = countingReads(createMemoryStore(), 'slack:method-pause');
    const client = slackWebClient({ botToken: TOKEN, apiUrl: slack.url }, store, createLogger({ level: 'silent' }));
    const started = Date.now();
    await Promise.all(Array.from({ length: 10 }, (_, i) => client.chat.postMessage({ channel: 'C0GENERAL', text: `at once ${i}` })));
    for (let i = 0; i < 20; i += 1) await client.chat.postMessage({ channel: 'C0GENERAL', text: `one by one ${i}` });
    await client.reactions.add({ channel: 'C0GENERAL', timestamp: slack.workspace.messages('C0GENERAL')[0]!.ts, name: 'eyes' });
    const seconds = Math.ceil((Date.now() - started) / SHARED_PAUSE_TTL_MS);
    // chat.postMessage once per second it ran, reactions.add once.
    expect(reads()).toBeLessThanOrEqual(seconds + 1);
    expect(reads()).toBeGreaterThanOrEqual(2);
    expect(slack.workspace.messages('C0GENERAL')).toHaveLength(30);
  });

  it('a pause another process stored reaches this one’s calls within a second, though it read the store just before', async () => {
    slack = await startSlackEmulator({ signingSecret: 's', botToken: TOKEN });
    const emulator = slack;
    const store = createMemoryStore();
    const logger = createLogger({ level: 'silent' });
    const [replicaA, replicaB] = [0, 1].map(() => slackWebClient({ botToken: TOKEN, apiUrl: emulator.url }, store, logger));
    // B has read "no pause" and believes it for a second.
    await replicaB!.chat.postMessage({ channel: 'C0OPS', text: 'before' });
    emulator.failNext('chat.postMessage', { status: 429, retryAfter: 3 });
    const limited = new Promise((resolve) => replicaA!.once(webApi.WebClientEvent.RATE_LIMITED, resolve));
    const general = replicaA!.chat.postMessage({ channel: 'C0GENERAL', text: 'refused, then retried' });
    await limited;
    const refused = emulator.calls.filter((c) => c.error === 'http_429').at(-1)!.time;
    // A itself pauses at once; B once what it read is a second old.
    const again = replicaA!.chat.postMessage({ channel: 'C0GENERAL', text: 'A waits' });
    await new Promise((resolve) => setTimeout(resolve, SHARED_PAUSE_TTL_MS));
    await replicaB!.chat.postMessage({ channel: 'C0OPS', text: 'B waits' });
    await Promise.all([general, again]);
    const after = emulator.calls.filter((c) => c.method === 'chat.postMessage' && c.time > refused);
    expect(after.map((c) => c.error ?? 'ok')).toEqual(['ok', 'ok', 'ok']);
    for (const post of after) expect(post.time - refused).toBeGreaterThanOrEqual(2_950);
    expect(emulator.workspace.messages('C0OPS').map((m) => m.text)).toEqual(['before', 'B waits']);
  });
});
