import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';

/**
 * A person's own Plane personal access token, used instead of the bot's key for the Plane calls
 * made on their behalf (identity/). The token is held here and sent in the key header only: it is
 * never part of a message, a log field or an error.
 */
export interface PlaneCredential {
  /** The token; read by the HTTP client only. */
  readonly token: string;
  /**
   * Plane refused the token (revoked, expired): the owner forgets it and tells the person. Called
   * once per credential; the call that met the refusal goes on with the bot's key.
   */
  refused(): Promise<void>;
}

interface Active {
  /** Reads the credential; called when the first Plane call of the action asks (most requests make none). */
  read: () => Promise<PlaneCredential | undefined>;
  credential?: Promise<PlaneCredential | undefined>;
  /** Set once Plane refused the credential: the rest of the action uses the bot's key. */
  fellBack: boolean;
}

const active = new AsyncLocalStorage<Active>();

/**
 * Runs `work` with every Plane call in it signed by `credential` (its own limiter, its own cache
 * scope), or by the bot's key when `credential` is undefined: an inner call overrides an outer one,
 * so an agent run resumed by an approver's click still uses its requester's token. Given as a
 * function, the credential is read once, by the first Plane call, so that a request making none
 * costs no read. Returns whether Plane refused the credential during `work` (the action then fell
 * back to the bot's key).
 */
export async function withPlaneCredential<T>(
  credential: PlaneCredential | undefined | (() => Promise<PlaneCredential | undefined>),
  work: () => Promise<T>,
): Promise<{ result: T; fellBack: boolean }> {
  const read = typeof credential === 'function' ? credential : async () => credential;
  const state: Active = { read, fellBack: false };
  const result = await active.run(state, work);
  return { result, fellBack: state.fellBack };
}

/** The credential the current call is to use, or undefined for the bot's key. */
export async function currentCredential(): Promise<PlaneCredential | undefined> {
  const state = active.getStore();
  if (!state || state.fellBack) return undefined;
  state.credential ??= state.read();
  const credential = await state.credential;
  return state.fellBack ? undefined : credential;
}

/**
 * Plane refused the current credential: it is dropped for the rest of the action and its owner told
 * (once, however many calls met the refusal at the same time).
 */
export async function fallBackFrom(credential: PlaneCredential): Promise<void> {
  const state = active.getStore();
  if (!state || state.fellBack) return;
  const current = await state.credential;
  // Checked again after the wait, and set at once: concurrent refusals tell the owner once.
  if (state.fellBack || current !== credential) return;
  state.fellBack = true;
  await credential.refused();
}

/** A short digest naming a token in cache keys and limiter names (never the token itself). */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex').slice(0, 16);
}
