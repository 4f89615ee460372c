import { describe, expect, it } from 'vitest';
import { textReply } from '../../fakes/anthropic/index.js';
import { eventually } from '../../harness/bot.js';
import { ALICE, OPS, botForTest, shown } from './support.js';

describe('/task <anything else>', () => {
  it('posts the request in the channel and answers in its thread how to turn the agent on', async () => {
    const h = await botForTest();
    const before = h.slack.workspace.messages(OPS).length;
    const answer = await h.slack.runCommand({
      user: ALICE,
      channel: OPS,
      command: '/task',
      text: 'what is left before <!channel> the release?',
    });
    expect(answer).toMatchObject({ status: 200, body: '' });
    const request = await eventually(() => h.slack.workspace.messages(OPS).slice(before)[0], 10_000, 'the request');
    expect(request.text).toBe('<@U0ALICE> asked: what is left before @\u200bchannel the release?');
    // Not a reply: once answered in its thread, Slack (and the emulator) marks it with its own ts.
    expect(request.thread_ts ?? request.ts).toBe(request.ts);
    const reply = await eventually(() => h.slack.workspace.thread(OPS, request.ts)[1], 10_000, 'the answer in the thread');
    expect(shown(reply)).toContain('The agent is off: no model key is configured.');
    expect(shown(reply)).toContain('ANTHROPIC_API_KEY');
    expect(h.slack.workspace.ephemeralsFor(OPS, ALICE)).toEqual([]);
  });

  it('hands the run the person the command already looked up', async () => {
    const h = await botForTest({ model: [textReply('Nothing is left.')] });
    // The command's lookup fails and is not cached: a second lookup by the run would ask Slack again.
    h.slack.failNext('users.info', { error: 'user_not_found' });
    const before = h.slack.workspace.messages(OPS).length;
    await h.slack.runCommand({ user: ALICE, channel: OPS, command: '/task', text: 'what is left?' });
    const request = await eventually(() => h.slack.workspace.messages(OPS).slice(before)[0], 10_000, 'the request');
    await eventually(
      () => h.slack.workspace.thread(OPS, request.ts).some((m) => m.text.includes('Nothing is left.')),
      10_000,
      'the answer',
    );
    expect(h.slack.calls.filter((c) => c.method === 'users.info' && c.args.user === ALICE)).toHaveLength(1);
  });
});
