import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const VERSION = 'v1';

/**
 * PLANEBOT_SECRET_KEY as configured: 32 random bytes in base64 (`openssl rand -base64 32`).
 * Undefined when the text is not that.
 */
export function parseSecretKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return undefined;
  const key = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return key.length === KEY_BYTES ? key : undefined;
}

/** What `open` found: the secret, and whether it was sealed with the previous key (then seal it again). */
export interface Opened {
  secret: string;
  stale: boolean;
}

/**
 * Seals secrets at rest with AES-256-GCM: a fresh 96-bit IV each time, the 128-bit tag checked on
 * opening, and `bound` (whose secret it is) as additional data, so a sealed value copied onto another
 * record does not open. The sealed text names the key by a digest, so a key rotation
 * (PLANEBOT_SECRET_KEY_PREVIOUS) opens old values with the previous key; a value sealed under any
 * other key (another install) does not open at all.
 */
export class SecretBox {
  private readonly keys: { id: string; key: Buffer }[];

  constructor(current: Buffer, previous?: Buffer) {
    this.keys = [current, ...(previous ? [previous] : [])].map((key) => ({ id: keyId(key), key }));
  }

  seal(secret: string, bound: string): string {
    const { id, key } = this.keys[0]!;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(bound, 'utf8'));
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [VERSION, id, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }

  /** The secret, or undefined when no key of this install sealed it (or it was altered). */
  open(sealed: string, bound: string): Opened | undefined {
    const [version, id, iv, tag, body, extra] = sealed.split('.');
    if (version !== VERSION || !id || !iv || !tag || body === undefined || extra !== undefined) return undefined;
    const index = this.keys.findIndex((k) => k.id === id);
    if (index < 0) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.keys[index]!.key, Buffer.from(iv, 'base64url'), { authTagLength: 16 });
      decipher.setAAD(Buffer.from(bound, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const secret = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      return { secret, stale: index > 0 };
    } catch {
      return undefined;
    }
  }
}

/** Names a key without revealing it: the start of a digest of a digest. */
function keyId(key: Buffer): string {
  return createHash('sha256').update('planebot-secret-key').update(key).digest('base64url').slice(0, 8);
}
