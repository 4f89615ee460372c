import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { webApi } from '@slack/bolt';
import { startSlackEmulator, type SlackEmulator } from '../../../src/emulators/slack/index.js';
import { clientFor, SECRET, startReceiver, TOKEN, waitFor } from './helpers.js';

let emulator: SlackEmulator;
let client: webApi.WebClient;
let parentTs: string;

beforeEach(async () => {
  emulator = await startSlackEmulator({ signingSecret: SECRET, botToken: TOKEN, echoBotMessages: false });
  client = clientFor(emulator);
  parentTs = (await client.chat.postMessage({ channel: 'C0GENERAL', text: 'the question' })).ts!;
});
afterEach(() => emulator.close());

async function slackError(call: Promise<unknown>): Promise<string | undefined> {
  try {
    await call;
  } catch (error) {
    return (error as { data?: { error?: string } }).data?.error;
  }
  throw new Error('the call succeeded');
}

const toChannel = { channel: 'C0GENERAL', recipient_user_id: 'U0ALICE', recipient_team_id: 'T0TEAM' };

describe('native streaming', () => {
  it('starts a reply in the thread, grows it with markdown and plan tasks, and ends it with blocks', async () => {
    const started = await client.chat.startStream({
      ...toChannel,
      thread_ts: parentTs,
      task_display_mode: 'plan',
      chunks: [
        { type: 'plan_update', title: 'Triage' },
        { type: 'task_update', id: 't1', title: 'Read ACME-1', status: 'in_progress' },
      ],
    });
    const ts = started.ts!;
    await client.chat.appendStream({ channel: 'C0GENERAL', ts, markdown_text: 'Looking **now**' });
    await client.chat.appendStream({
      channel: 'C0GENERAL',
      ts,
      chunks: [
        { type: 'task_update', id: 't1', title: 'Read ACME-1', status: 'complete', output: 'In Progress' },
        { type: 'markdown_text', text: '… done.' },
      ],
    });
    expect(await slackError(client.chat.update({ channel: 'C0GENERAL', ts, text: 'edited' }))).toBe('streaming_state_conflict');
    await client.chat.stopStream({
      channel: 'C0GENERAL',
      ts,
      blocks: [{ type: 'context', elements: [{ type: 'mrkdwn', text: 'Done in 2s' }] }],
    });

    const message = emulator.workspace.message('C0GENERAL', ts)!;
    expect(message).toMatchObject({ thread_ts: parentTs, user: 'U0BOT', text: 'Looking **now**… done.' });
    expect(message.blocks?.map((b) => b.type)).toEqual(['plan', 'markdown', 'context']);
    expect(message.blocks?.[0]).toMatchObject({
      type: 'plan',
      title: 'Triage',
      tasks: [{ type: 'task_card', task_id: 't1', title: 'Read ACME-1', status: 'complete', output: { type: 'rich_text' } }],
    });
    expect(await slackError(client.chat.appendStream({ channel: 'C0GENERAL', ts, markdown_text: 'more' }))).toBe(
      'message_not_in_streaming_state',
    );
    // Once stopped it is an ordinary message again.
    await client.chat.update({ channel: 'C0GENERAL', ts, text: 'edited' });
  });

  it('refuses what Slack refuses: no recipient in a channel, a bad chunk, a task status spelled "completed", too much markdown', async () => {
    expect(await slackError(client.chat.startStream({ channel: 'C0GENERAL', thread_ts: parentTs }))).toBe('missing_recipient_user_id');
    expect(await slackError(client.chat.startStream({ channel: 'C0GENERAL', thread_ts: parentTs, recipient_user_id: 'U0ALICE' }))).toBe(
      'missing_recipient_team_id',
    );
    const chunk = (status: string) => [{ type: 'task_update', id: 't', title: 'x', status }] as never;
    expect(await slackError(client.chat.startStream({ ...toChannel, thread_ts: parentTs, chunks: chunk('completed') }))).toBe(
      'invalid_chunks',
    );
    const { ts } = await client.chat.startStream({ ...toChannel, thread_ts: parentTs, markdown_text: 'x'.repeat(12_000) });
    expect(await slackError(client.chat.appendStream({ channel: 'C0GENERAL', ts: ts!, markdown_text: 'y' }))).toBe('msg_too_long');
    expect(await slackError(client.chat.appendStream({ channel: 'C0GENERAL', ts: parentTs, markdown_text: 'y' }))).toBe(
      'message_not_in_streaming_state',
    );
    // A DM needs no recipient.
    const dm = (await client.chat.postMessage({ channel: 'D0ALICE', text: 'q' })).ts!;
    await client.chat.startStream({ channel: 'D0ALICE', thread_ts: dm, markdown_text: 'hi' });
  });

  it('answers every streaming method with the refusal of a workspace that lacks them', async () => {
    emulator.refuseStreaming('unknown_method');
    expect(await slackError(client.chat.startStream({ ...toChannel, thread_ts: parentTs, markdown_text: 'hi' }))).toBe('unknown_method');
    emulator.refuseStreaming(undefined);
    await client.chat.startStream({ ...toChannel, thread_ts: parentTs, markdown_text: 'hi' });
  });

  it('tells the app agent_session_stopped when a person presses stop, and refuses appends with stopped_by_user', async () => {
    const receiver = await startReceiver();
    try {
      emulator.setRequestUrl(receiver.url);
      const { ts } = await client.chat.startStream({ ...toChannel, thread_ts: parentTs, markdown_text: 'Working on it' });
      await emulator.stopStream({ user: 'U0ALICE', channel: 'C0GENERAL', ts: ts! });
      const event = await waitFor(() =>
        receiver.received.find((r) => (r.body as { event?: { type: string } }).event?.type === 'agent_session_stopped'),
      );
      expect((event.body as { event: unknown }).event).toMatchObject({
        channel: 'C0GENERAL',
        user: 'U0ALICE',
        thread_ts: parentTs,
        streaming_message_ts: [ts],
      });
      expect(await slackError(client.chat.appendStream({ channel: 'C0GENERAL', ts: ts!, markdown_text: 'more' }))).toBe('stopped_by_user');
    } finally {
      await receiver.close();
    }
  });
});
