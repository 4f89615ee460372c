import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseSecretKey, SecretBox } from '../../src/identity/secret-box.js';

describe('SecretBox (AES-256-GCM)', () => {
  const current = randomBytes(32);
  const previous = randomBytes(32);
  const token = `plane_api_${randomBytes(16).toString('hex')}`;

  it('seals with a fresh IV each time, never in the clear, and opens for the same owner only', () => {
    const box = new SecretBox(current);
    const a = box.seal(token, 'U0ALICE');
    const b = box.seal(token, 'U0ALICE');
    expect(a).not.toBe(b);
    expect(a).not.toContain(token);
    expect(a).not.toContain(Buffer.from(token).toString('base64url').slice(0, 12));
    expect(box.open(a, 'U0ALICE')).toEqual({ secret: token, stale: false });
    // Copied onto another person's record, it does not open.
    expect(box.open(a, 'U0BOB')).toBeUndefined();
  });

  it('opens what the previous key sealed (stale: seal it again), and nothing another key sealed or anything altered', () => {
    const old = new SecretBox(previous).seal(token, 'U0ALICE');
    expect(new SecretBox(current, previous).open(old, 'U0ALICE')).toEqual({ secret: token, stale: true });
    expect(new SecretBox(current).open(old, 'U0ALICE')).toBeUndefined();
    const sealed = new SecretBox(current).seal(token, 'U0ALICE');
    const parts = sealed.split('.');
    const flipped = (text: string) => (text[0] === 'A' ? 'B' : 'A') + text.slice(1);
    for (const index of [2, 3, 4]) {
      const altered = parts.map((part, i) => (i === index ? flipped(part) : part)).join('.');
      expect(new SecretBox(current).open(altered, 'U0ALICE'), `part ${index} altered`).toBeUndefined();
    }
    // A truncated tag is refused, not checked against fewer bytes.
    expect(new SecretBox(current).open([...parts.slice(0, 3), parts[3]!.slice(0, 6), parts[4]].join('.'), 'U0ALICE')).toBeUndefined();
    expect(new SecretBox(current).open('not sealed', 'U0ALICE')).toBeUndefined();
  });

  it('takes 32 bytes of base64 (either alphabet) as a key, and nothing else', () => {
    expect(parseSecretKey(current.toString('base64'))).toEqual(current);
    expect(parseSecretKey(current.toString('base64url'))).toEqual(current);
    expect(parseSecretKey(randomBytes(31).toString('base64'))).toBeUndefined();
    expect(parseSecretKey('correct horse battery staple')).toBeUndefined();
  });
});
