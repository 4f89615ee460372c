import { describe, expect, it } from 'vitest';
import { intakeOf, withoutMention, type IncomingEvent } from '../../../src/slack/conversations/intake.js';

const BOT = 'U0BOT';
const base: IncomingEvent = { type: 'message', channel: 'C1', channel_type: 'channel', user: 'U0ALICE', text: 'hello', ts: '2.0' };

describe('intake rules', () => {
  it('starts a run on a mention, in the thread of the mention', () => {
    expect(intakeOf({ ...base, type: 'app_mention', text: `<@${BOT}> hi` }, BOT)).toEqual({
      channel: 'C1',
      threadTs: '2.0',
      messageTs: '2.0',
      userId: 'U0ALICE',
      text: 'hi',
      onlyInBotThread: false,
    });
    expect(intakeOf({ ...base, type: 'app_mention', thread_ts: '1.0' }, BOT)?.threadTs).toBe('1.0');
  });

  it('treats a direct message like a mention', () => {
    expect(intakeOf({ ...base, channel: 'D1', channel_type: 'im' }, BOT)?.onlyInBotThread).toBe(false);
  });

  it('answers a thread reply only in a thread the bot holds, and ignores top-level chatter', () => {
    expect(intakeOf({ ...base, thread_ts: '1.0' }, BOT)?.onlyInBotThread).toBe(true);
    expect(intakeOf(base, BOT)).toBeUndefined();
    expect(intakeOf({ ...base, text: `<@${BOT}> hi` }, BOT)).toBeUndefined();
  });

  it('ignores edits, deletions, bots and the bot itself', () => {
    for (const subtype of ['message_changed', 'message_deleted', 'bot_message', 'channel_join']) {
      expect(intakeOf({ ...base, channel_type: 'im', subtype }, BOT)).toBeUndefined();
    }
    expect(intakeOf({ ...base, channel_type: 'im', bot_id: 'B1' }, BOT)).toBeUndefined();
    expect(intakeOf({ ...base, channel_type: 'im', user: BOT }, BOT)).toBeUndefined();
    expect(intakeOf({ ...base, channel_type: 'im', user: undefined }, BOT)).toBeUndefined();
    expect(intakeOf({ ...base, channel_type: 'im', subtype: 'file_share' }, BOT)).toBeDefined();
  });

  it('takes the bot mention out of the request, in both spellings, and leaves other mentions', () => {
    expect(withoutMention(`<@${BOT}> ask <@U0BOB>  about it <@${BOT}|planebot>`, BOT)).toBe('ask <@U0BOB> about it');
  });
});
