import { describe, expect, it } from 'vitest';
import { ChannelState, type StateMessage } from '../../src/sandbox/page/channel-state.js';

const msg = (ts: string, text: string, extra: Record<string, unknown> = {}) => ({ ts, text, ...extra });
const texts = (list: StateMessage[]) => list.map((m) => m.text);

describe('ChannelState', () => {
  it('holds the loaded threads in exact ts order', () => {
    const state = new ChannelState('C1', [
      {
        ...msg('1700000000.000010', 'later'),
        replies: [
          msg('1700000001.000002', 'r2', { thread_ts: '1700000000.000010' }),
          msg('1700000001.000001', 'r1', { thread_ts: '1700000000.000010' }),
        ],
      },
      msg('1700000000.000009', 'earlier'),
    ]);
    expect(texts(state.topMessages())).toEqual(['earlier', 'later']);
    expect(texts(state.repliesOf('1700000000.000010'))).toEqual(['r1', 'r2']);
    expect(state.repliesOf('1700000000.000009')).toEqual([]);
  });

  it('adds, replaces and removes messages and replies from live events, and says which thread changed', () => {
    const state = new ChannelState('C1', []);
    expect(state.apply('message_posted', { channel: 'C1', message: msg('10.000001', 'parent') })).toBe('10.000001');
    expect(state.apply('message_posted', { channel: 'C1', message: msg('10.000002', 'reply', { thread_ts: '10.000001' }) })).toBe(
      '10.000001',
    );
    expect(
      state.apply('message_updated', {
        channel: 'C1',
        message: msg('10.000001', 'parent, edited', { thread_ts: '10.000001', reply_count: 1 }),
      }),
    ).toBe('10.000001');
    expect(texts(state.topMessages())).toEqual(['parent, edited']);
    expect(texts(state.repliesOf('10.000001'))).toEqual(['reply']);
    expect(state.apply('message_updated', { channel: 'C1', message: msg('10.000002', 'reply, edited', { thread_ts: '10.000001' }) })).toBe(
      '10.000001',
    );
    expect(texts(state.repliesOf('10.000001'))).toEqual(['reply, edited']);
    expect(state.apply('message_deleted', { channel: 'C1', ts: '10.000002', thread_ts: '10.000001' })).toBe('10.000001');
    expect(state.repliesOf('10.000001')).toEqual([]);
    expect(state.apply('message_deleted', { channel: 'C1', ts: '10.000001' })).toBe('10.000001');
    expect(state.topMessages()).toEqual([]);
  });

  it('ignores other channels, unknown threads, unknown events and repeats', () => {
    const state = new ChannelState('C1', [msg('10.000001', 'parent')]);
    expect(state.apply('message_posted', { channel: 'C2', message: msg('11.000001', 'elsewhere') })).toBeUndefined();
    expect(
      state.apply('message_posted', { channel: 'C1', message: msg('11.000002', 'orphan', { thread_ts: '9.000001' }) }),
    ).toBeUndefined();
    expect(state.apply('reaction_added', { channel: 'C1', message: msg('11.000003', 'x') })).toBeUndefined();
    expect(state.apply('message_deleted', { channel: 'C1', ts: '99.000001' })).toBeUndefined();
    state.apply('message_posted', { channel: 'C1', message: msg('12.000001', 'again') });
    state.apply('message_posted', { channel: 'C1', message: msg('12.000001', 'again') });
    expect(texts(state.topMessages())).toEqual(['parent', 'again']);
  });
});
