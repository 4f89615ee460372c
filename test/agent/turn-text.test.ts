import { describe, expect, it } from 'vitest';
import { TurnText } from '../../src/agent/turn-text.js';

/** What the front end was given, as one string, after the deltas of each attempt. */
function shown(attempts: string[][]): string {
  let out = '';
  const text = new TurnText((delta) => (out += delta));
  attempts.forEach((deltas, index) => {
    if (index > 0) text.retry();
    for (const delta of deltas) text.write(delta);
  });
  return out;
}

describe('TurnText', () => {
  it('forwards a first attempt as it comes', () => {
    expect(shown([['Let ', 'me ', 'look.']])).toBe('Let me look.');
  });

  it('shows an attempt asked again only past what was shown, whatever the cut of its deltas', () => {
    expect(
      shown([
        ['Let me', ' lo'],
        ['L', 'et me look', ' now.'],
      ]),
    ).toBe('Let me look now.');
    expect(shown([['Let me look.'], ['Let ', 'me']])).toBe('Let me look.');
  });

  it('puts other words of an attempt asked again in a paragraph of their own, and goes on from there', () => {
    expect(shown([['Let me look.'], ['Let us', ' see', '.']])).toBe('Let me look.\n\nLet us see.');
  });

  it('ends the shown paragraph when the attempt asked again writes no text, so the next turn does not run into it', () => {
    let out = '';
    const text = new TurnText((delta) => (out += delta));
    text.write('Let me look.');
    text.retry();
    text.next();
    text.write('Found it.');
    expect(out).toBe('Let me look.\n\nFound it.');
  });

  it('starts afresh for the next turn', () => {
    let out = '';
    const text = new TurnText((delta) => (out += delta));
    text.write('First.');
    text.next();
    text.write('First.');
    expect(out).toBe('First.First.');
  });
});
