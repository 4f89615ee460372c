import { describe, expect, it } from 'vitest';
import { slackLimitViolations } from './limits.js';

const section = (text: string) => ({ type: 'section', text: { type: 'mrkdwn', text } });
const buttonBlock = (button: Record<string, unknown>) => ({
  type: 'actions',
  elements: [{ type: 'button', text: { type: 'plain_text', text: 'Go' }, action_id: 'go', ...button }],
});

describe('the limit checker itself', () => {
  it('accepts a small valid message', () => {
    expect(slackLimitViolations({ text: 'hi', blocks: [section('hi'), buttonBlock({ value: 'v', style: 'primary' })] })).toEqual([]);
  });

  it.each([
    ['no fallback text', { blocks: [section('x')] }, /text: expected a string/],
    ['blank fallback text', { text: '  ', blocks: [] }, /whitespace only/],
    ['a fallback over 40,000', { text: 'x'.repeat(40_001) }, /40001 characters/],
    ['51 blocks', { text: 't', blocks: Array.from({ length: 51 }, () => ({ type: 'divider' })) }, /51 blocks/],
    ['a 3001-character section', { text: 't', blocks: [section('x'.repeat(3001))] }, /3001 characters, limit 3000/],
    ['an empty section text', { text: 't', blocks: [section('')] }, /empty/],
    [
      '11 fields',
      { text: 't', blocks: [{ type: 'section', fields: Array.from({ length: 11 }, () => ({ type: 'mrkdwn', text: 'f' })) }] },
      /11 fields/,
    ],
    [
      'a 2001-character field',
      { text: 't', blocks: [{ type: 'section', fields: [{ type: 'mrkdwn', text: 'f'.repeat(2001) }] }] },
      /2001 characters, limit 2000/,
    ],
    [
      'a 151-character header',
      { text: 't', blocks: [{ type: 'header', text: { type: 'plain_text', text: 'h'.repeat(151) } }] },
      /151 characters, limit 150/,
    ],
    ['a mrkdwn header', { text: 't', blocks: [{ type: 'header', text: { type: 'mrkdwn', text: 'h' } }] }, /must be plain_text/],
    [
      '11 context elements',
      { text: 't', blocks: [{ type: 'context', elements: Array.from({ length: 11 }, () => ({ type: 'mrkdwn', text: 'c' })) }] },
      /11 elements, limit 10/,
    ],
    [
      '26 actions',
      {
        text: 't',
        blocks: [
          {
            type: 'actions',
            elements: Array.from({ length: 26 }, (_, i) => ({
              type: 'button',
              text: { type: 'plain_text', text: 'b' },
              action_id: `a${i}`,
            })),
          },
        ],
      },
      /26 elements, limit 25/,
    ],
    [
      'a 76-character button text',
      { text: 't', blocks: [buttonBlock({ text: { type: 'plain_text', text: 'b'.repeat(76) } })] },
      /76 characters, limit 75/,
    ],
    ['a 2001-character button value', { text: 't', blocks: [buttonBlock({ value: 'v'.repeat(2001) })] }, /2001 characters, limit 2000/],
    ['a 256-character action_id', { text: 't', blocks: [buttonBlock({ action_id: 'a'.repeat(256) })] }, /256 characters, limit 255/],
    ['a bad button style', { text: 't', blocks: [buttonBlock({ style: 'green' })] }, /bad style/],
    ['a javascript: url', { text: 't', blocks: [buttonBlock({ url: 'javascript:alert(1)' })] }, /not an http/],
    [
      'a repeated action_id',
      {
        text: 't',
        blocks: [
          { type: 'actions', elements: [1, 2].map(() => ({ type: 'button', text: { type: 'plain_text', text: 'b' }, action_id: 'same' })) },
        ],
      },
      /repeated/,
    ],
    [
      'a repeated block_id',
      {
        text: 't',
        blocks: [
          { type: 'divider', block_id: 'b' },
          { type: 'divider', block_id: 'b' },
        ],
      },
      /block_id repeated/,
    ],
    [
      'too much block text',
      { text: 't', blocks: Array.from({ length: 5 }, () => section('x'.repeat(3000))) },
      /15000 characters of block text/,
    ],
    [
      'markdown blocks over 12,000 together',
      { text: 't', blocks: [1, 2].map(() => ({ type: 'markdown', text: 'm'.repeat(7000) })) },
      /markdown blocks hold 14000/,
    ],
    ['an unknown block', { text: 't', blocks: [{ type: 'carousel' }] }, /not checked/],
  ])('rejects %s', (_name, message, problem) => {
    const violations = slackLimitViolations(message);
    expect(
      violations.some((violation) => problem.test(violation)),
      violations.join('\n'),
    ).toBe(true);
  });
});
