import { describe, expect, it } from 'vitest';
import { checkMessage } from '../../../src/emulators/slack/message-limits.js';

const plain = (text: string) => ({ type: 'plain_text', text });
const mrkdwn = (text: string) => ({ type: 'mrkdwn', text });
const error = (blocks: unknown[]) => checkMessage({ text: 't', blocks })?.error;

describe('checkMessage', () => {
  it('accepts the blocks a bot sends, each at its limit', () => {
    const blocks = [
      { type: 'header', text: plain('h'.repeat(150)) },
      { type: 'section', text: mrkdwn('s'), fields: Array.from({ length: 10 }, () => mrkdwn('f')) },
      { type: 'context', elements: Array.from({ length: 10 }, () => mrkdwn('c')) },
      { type: 'divider' },
      { type: 'markdown', text: '**bold**' },
      { type: 'rich_text', elements: [{ type: 'rich_text_section', elements: [{ type: 'text', text: 'r' }] }] },
      {
        type: 'actions',
        block_id: 'b'.repeat(255),
        elements: [
          { type: 'button', action_id: 'a'.repeat(255), text: plain('x'.repeat(75)), value: 'v'.repeat(2000), style: 'danger' },
          { type: 'static_select', action_id: 'pick', options: [{ text: plain('o'), value: 'o'.repeat(75) }] },
          {
            type: 'overflow',
            action_id: 'more',
            options: [
              { text: plain('1'), value: '1' },
              { text: plain('2'), value: '2' },
            ],
          },
        ],
      },
      { type: 'table', rows: [Array.from({ length: 20 }, () => ({ type: 'raw_text', text: 'c' }))] },
    ];
    expect(checkMessage({ text: 'fallback', blocks })).toBeUndefined();
  });

  it('rejects each overflow with invalid_blocks', () => {
    expect(error([{ type: 'header', text: plain('h'.repeat(151)) }])).toBe('invalid_blocks');
    expect(error([{ type: 'header', text: mrkdwn('h') }])).toBe('invalid_blocks');
    expect(error([{ type: 'section' }])).toBe('invalid_blocks');
    expect(error([{ type: 'section', fields: Array.from({ length: 11 }, () => mrkdwn('f')) }])).toBe('invalid_blocks');
    expect(error([{ type: 'context', elements: Array.from({ length: 11 }, () => mrkdwn('c')) }])).toBe('invalid_blocks');
    expect(
      error([
        { type: 'divider', block_id: 'x' },
        { type: 'divider', block_id: 'x' },
      ]),
    ).toBe('invalid_blocks');
    expect(
      error([
        { type: 'actions', elements: Array.from({ length: 26 }, (_, i) => ({ type: 'button', action_id: `a${i}`, text: plain('b') })) },
      ]),
    ).toBe('invalid_blocks');
    expect(error([{ type: 'actions', elements: [{ type: 'button', action_id: 'a', text: plain('b'), style: 'loud' }] }])).toBe(
      'invalid_blocks',
    );
    expect(
      error([
        {
          type: 'actions',
          elements: [
            { type: 'button', action_id: 'a', text: plain('b') },
            { type: 'button', action_id: 'a', text: plain('c') },
          ],
        },
      ]),
    ).toBe('invalid_blocks');
    expect(
      error([
        { type: 'actions', elements: [{ type: 'static_select', action_id: 's', options: [{ text: plain('o'), value: 'v'.repeat(76) }] }] },
      ]),
    ).toBe('invalid_blocks');
    expect(
      error([
        { type: 'markdown', text: 'm'.repeat(6001) },
        { type: 'markdown', text: 'm'.repeat(6000) },
      ]),
    ).toBe('invalid_blocks');
    expect(
      error([
        { type: 'table', rows: [[{}]] },
        { type: 'table', rows: [[{}]] },
      ]),
    ).toBe('invalid_blocks');
    expect(error([{ type: 'image', alt_text: 'no url' }])).toBe('invalid_blocks');
  });

  it('explains each problem with a JSON pointer', () => {
    const problem = checkMessage({ text: 't', blocks: [{ type: 'divider' }, { type: 'section', text: mrkdwn('') }] });
    expect(problem).toEqual({
      error: 'invalid_blocks',
      messages: ['[ERROR] must be a non-empty string [json-pointer:/blocks/1/text/text]'],
    });
  });

  it('lets an edit leave out the text, but not a new message', () => {
    expect(checkMessage({}, false)).toBeUndefined();
    expect(checkMessage({})?.error).toBe('no_text');
    expect(checkMessage({ blocks: [{ type: 'divider' }] })).toBeUndefined();
    expect(checkMessage({ attachments: Array.from({ length: 101 }, () => ({})) })?.error).toBe('too_many_attachments');
    expect(checkMessage({ markdown_text: 'm'.repeat(12_001) })?.error).toBe('msg_too_long');
  });
});
