import { describe, expect, it } from 'vitest';
import {
  button,
  escapeMrkdwn,
  escapeTruncated,
  mentionUser,
  pack,
  plainText,
  safeCut,
  slackDate,
  truncate,
} from '../../../src/slack/blocks/text.js';

describe('escapeMrkdwn', () => {
  it('escapes exactly &, < and >', () => {
    expect(escapeMrkdwn('a & b <c> "d" \'e\'')).toBe('a &amp; b &lt;c&gt; "d" \'e\'');
  });

  it('turns mentions and broadcasts into inert text', () => {
    const out = escapeMrkdwn('<!channel> <@U123> <#C1|ops> @here @Everyone');
    expect(out).not.toMatch(/<[@!#]/);
    expect(out).not.toMatch(/(^|[^\u200b])@(here|everyone)/i);
    expect(out.replace(/\u200b/g, '')).toBe('&lt;!channel&gt; &lt;@U123&gt; &lt;#C1|ops&gt; @here @Everyone');
  });

  it('defuses code fences but keeps single backticks', () => {
    expect(escapeMrkdwn('```x``` `y`')).not.toContain('```');
    expect(escapeMrkdwn('`y`')).toBe('`y`');
  });
});

describe('truncate and safeCut', () => {
  it('leaves short text alone and marks a cut with …', () => {
    expect(truncate('short', 10)).toBe('short');
    const cut = truncate('x'.repeat(100), 10);
    expect(cut).toHaveLength(10);
    expect(cut.endsWith('…')).toBe(true);
  });

  it('never splits a surrogate pair', () => {
    for (let max = 2; max < 12; max += 1) {
      const out = truncate('😀'.repeat(20), max);
      expect(out.length).toBeLessThanOrEqual(max);
      expect(out.replace('…', '')).toMatch(/^(?:😀)*$/u);
    }
  });

  it('never cuts inside an entity', () => {
    for (let max = 2; max < 30; max += 1) {
      const out = escapeTruncated('&<>'.repeat(20), max);
      expect(out.length).toBeLessThanOrEqual(max);
      expect(out.replace(/…$/, '')).toMatch(/^(?:&amp;|&lt;|&gt;)*$/);
    }
    expect(safeCut('ab&amp;', 4)).toBe(2);
  });
});

describe('plainText', () => {
  it('is one line, never empty and within its limit', () => {
    expect(plainText('  a\n\nb  ', 150).text).toBe('a b');
    expect(plainText('', 150).text).toBe('—');
    expect(plainText('x'.repeat(500), 150).text).toHaveLength(150);
  });

  it('defuses mention syntax', () => {
    expect(plainText('<!channel> <@U1> @here', 150).text).not.toMatch(/<[@!#]|(^|[^\u200b])@here/);
  });
});

describe('mentionUser and slackDate', () => {
  it('mentions real user ids only', () => {
    expect(mentionUser('U0ALICE')).toBe('<@U0ALICE>');
    expect(mentionUser(' W123 ')).toBe('<@W123>');
    expect(mentionUser('<!channel>')).toBe('&lt;!channel&gt;');
    expect(mentionUser('alice')).toBe('alice');
    expect(mentionUser('x'.repeat(1000)).length).toBeLessThanOrEqual(80);
  });

  it('formats a date token with a readable fallback', () => {
    expect(slackDate(new Date('2026-03-04T05:06:07.890Z'))).toBe('<!date^1772600767^{date_short_pretty} at {time}|2026-03-04 05:06 UTC>');
  });
});

describe('button', () => {
  it('builds a button within limits', () => {
    const b = button({ text: 'x'.repeat(200), actionId: 'a', value: 'v', style: 'danger' });
    expect(b.text.text.length).toBeLessThanOrEqual(75);
    expect(b).toMatchObject({ action_id: 'a', value: 'v', style: 'danger' });
  });

  it('refuses what Slack would refuse', () => {
    expect(() => button({ text: 'x', actionId: 'a', value: 'v'.repeat(2001) })).toThrow(RangeError);
    expect(() => button({ text: 'x', actionId: '' })).toThrow(RangeError);
    expect(() => button({ text: 'x', actionId: 'a'.repeat(256) })).toThrow(RangeError);
    expect(() => button({ text: 'x', actionId: 'a', url: 'javascript:alert(1)' })).toThrow(RangeError);
    expect(() => button({ text: 'x', actionId: 'a', url: `https://x.example/${'p'.repeat(3000)}` })).toThrow(RangeError);
  });
});

describe('pack', () => {
  it('joins greedily without exceeding the maximum', () => {
    expect(pack(['aa', 'bb', 'cc'], '\n', 5)).toEqual(['aa\nbb', 'cc']);
    expect(pack([], '\n', 5)).toEqual([]);
  });
});
