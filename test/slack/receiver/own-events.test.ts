import { ignoreSelf } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import { isOwnEvent, type AppSelf } from '../../../src/slack/receiver/own-events.js';

const self: AppSelf = { botId: 'B0BOT', botUserId: 'U0BOT' };

/** What Bolt's own ignoreSelf decides for an Events API body: true when it stops the event. */
async function boltDrops(body: Record<string, unknown>, context: AppSelf): Promise<boolean> {
  const event = body.event as Record<string, unknown>;
  let passed = false;
  // The arguments Bolt's processEvent gives its global middleware for an event (`message` for a message).
  const args = {
    body,
    payload: event,
    event,
    ...(event.type === 'message' && { message: event }),
    context,
    next: async () => void (passed = true),
  };
  await ignoreSelf(args as unknown as Parameters<typeof ignoreSelf>[0]);
  return !passed;
}

const envelope = (event: Record<string, unknown>) => ({ type: 'event_callback', team_id: 'T0TEAM', event_id: 'Ev1', event });

const events: [string, Record<string, unknown>][] = [
  ['its own post, echoed', { type: 'message', user: 'U0BOT', bot_id: 'B0BOT', text: 'Todo list', ts: '1.1', channel: 'C1' }],
  ['its own post as a bot_message', { type: 'message', subtype: 'bot_message', bot_id: 'B0BOT', text: 'x', ts: '1.2' }],
  ["another bot's bot_message", { type: 'message', subtype: 'bot_message', bot_id: 'B0OTHER', text: 'x', ts: '1.3' }],
  ["another bot's post", { type: 'message', user: 'U0OTHERBOT', bot_id: 'B0OTHER', text: 'x', ts: '1.4' }],
  ["a person's message", { type: 'message', user: 'U0ALICE', text: 'hello', ts: '1.5' }],
  ['its own edit (no user at the top)', { type: 'message', subtype: 'message_changed', message: { user: 'U0BOT', text: 'y' }, ts: '1.6' }],
  ['its own deletion', { type: 'message', subtype: 'message_deleted', previous_message: { user: 'U0BOT' }, ts: '1.7' }],
  ['its own reaction', { type: 'reaction_added', user: 'U0BOT', reaction: 'eyes', item: { type: 'message', channel: 'C1', ts: '1.1' } }],
  [
    "a person's reaction",
    { type: 'reaction_added', user: 'U0ALICE', reaction: 'eyes', item: { type: 'message', channel: 'C1', ts: '1.1' } },
  ],
  ['itself joining a channel', { type: 'member_joined_channel', user: 'U0BOT', channel: 'C1' }],
  ['itself leaving a channel', { type: 'member_left_channel', user: 'U0BOT', channel: 'C1' }],
  ['a person mentioning it', { type: 'app_mention', user: 'U0ALICE', text: '<@U0BOT> hi', ts: '1.8' }],
  ['its Home opened by a person', { type: 'app_home_opened', user: 'U0ALICE', tab: 'home' }],
  ['a user field that is not a string', { type: 'message', user: { id: 'U0BOT' }, ts: '1.9' }],
  ['its own event with a type that only prints as a kept one', { type: { toString: () => 'member_joined_channel' }, user: 'U0BOT' }],
];

describe('isOwnEvent', () => {
  it.each(events)('decides as Bolt’s ignoreSelf does: %s', async (_, event) => {
    const body = envelope(event);
    expect(isOwnEvent(body, self)).toBe(await boltDrops(body, self));
  });

  it('stops the echoes of its posts and its own reactions, and nothing of anyone else’s', () => {
    const own = events.filter(([, event]) => isOwnEvent(envelope(event), self)).map(([name]) => name);
    expect(own).toEqual([
      'its own post, echoed',
      'its own post as a bot_message',
      'its own reaction',
      'its own event with a type that only prints as a kept one',
    ]);
  });

  it('stops nothing without its ids, as Bolt stops nothing then', async () => {
    for (const [, event] of events) {
      expect(isOwnEvent(envelope(event), {})).toBe(false);
      expect(await boltDrops(envelope(event), {})).toBe(false);
    }
  });

  it('lets through what is not an event it can read: commands, clicks, an envelope without an event, a hostile event', () => {
    const bodies: Record<string, unknown>[] = [
      { command: '/todo', user_id: 'U0BOT', text: 'list' },
      { type: 'block_actions', user: { id: 'U0BOT' }, actions: [] },
      { type: 'event_callback' },
      { type: 'event_callback', event: null },
      { type: 'event_callback', event: 'message' },
      { type: 'event_callback', event: ['message', 'U0BOT'] },
    ];
    expect(bodies.map((body) => isOwnEvent(body, self))).toEqual([false, false, false, false, false, false]);
  });
});
