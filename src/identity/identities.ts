import type { Logger } from '../log.js';
import { withPlaneCredential, type PlaneCredential } from '../plane/credential.js';
import type { PlaneKit } from '../plane/kit.js';
import { memberName } from '../plane/member-names.js';
import type { StateStore } from '../state/store.js';
import { PLANE_CONNECTIONS, type PlaneConnection } from './records.js';
import type { SecretBox } from './secret-box.js';

/** What a person is told without asking: their token was dropped, and why. */
export type IdentityNotice =
  /** Plane refused the token (revoked, expired): the action went on with the bot's key. */
  | 'refused'
  /** The sealed token does not open with this install's keys (another PLANEBOT_SECRET_KEY). */
  | 'unreadable';

export type ConnectOutcome =
  | { status: 'connected'; planeName: string; planeEmail: string }
  /** PLANEBOT_SECRET_KEY is not set (or Plane is off): nothing can be stored. */
  | { status: 'off' }
  /** Plane does not accept the token. */
  | { status: 'invalid' }
  /** The person's chat profile shows no e-mail to compare with. */
  | { status: 'no_email' }
  /** The token is another person's: its Plane e-mail is not the person's chat e-mail. */
  | { status: 'mismatch'; planeEmail: string };

export interface ConnectionView {
  connected: boolean;
  planeName?: string;
  planeEmail?: string;
}

export interface PlaneIdentitiesOptions {
  store: StateStore;
  kit: PlaneKit;
  /** Seals tokens at rest; without it (no PLANEBOT_SECRET_KEY) connecting is off. */
  box?: SecretBox;
  /** Tells a person, privately, that their token was forgotten (a DM). */
  tell(userId: string, notice: IdentityNotice): Promise<void>;
  logger: Logger;
}

/** Plane refused the token being checked by `connect`: it must not fall back to the bot's key. */
class TokenRefused extends Error {}

/**
 * People's own Plane tokens: connecting one (checked with Plane, for its owner only), forgetting it,
 * and the credential their actions use (plane/credential.ts). A token is opened only to be sent to
 * Plane; what Plane or a key change makes unusable is forgotten and its owner told.
 */
export class PlaneIdentities {
  constructor(private readonly options: PlaneIdentitiesOptions) {}

  /** Whether people can connect: a secret key to seal tokens with and a Plane to check them. */
  get enabled(): boolean {
    return this.offReason === undefined;
  }

  /** Why connecting is off: no Plane (PLANE_API_KEY) or no key to seal with (PLANEBOT_SECRET_KEY). */
  get offReason(): 'no_plane' | 'no_key' | undefined {
    if (!this.options.kit.enabled) return 'no_plane';
    return this.options.box ? undefined : 'no_key';
  }

  /**
   * Checks `token` with Plane (`users/me`, never falling back to the bot's key) and keeps it sealed
   * when its user's e-mail is `chatEmail`, the person's own.
   */
  async connect(userId: string, chatEmail: string | undefined, token: string): Promise<ConnectOutcome> {
    const { box, kit, store } = this.options;
    if (!box || !kit.enabled) return { status: 'off' };
    const trimmed = token.trim();
    if (trimmed === '' || /\s/.test(trimmed)) return { status: 'invalid' };
    const checking: PlaneCredential = {
      token: trimmed,
      refused: () => Promise.reject(new TokenRefused()),
    };
    let me;
    try {
      ({ result: me } = await withPlaneCredential(checking, () => kit.api().me({ fresh: true })));
    } catch (error) {
      if (error instanceof TokenRefused) return { status: 'invalid' };
      throw error;
    }
    if (!chatEmail) return { status: 'no_email' };
    const planeEmail = me.email?.trim() ?? '';
    if (planeEmail.toLowerCase() !== chatEmail.trim().toLowerCase()) return { status: 'mismatch', planeEmail };
    const planeName = memberName(me);
    const connection: PlaneConnection = {
      sealed: box.seal(trimmed, userId),
      planeUserId: me.id,
      planeEmail,
      planeName,
      connectedAt: Date.now(),
    };
    await store.set(PLANE_CONNECTIONS, userId, connection);
    this.options.logger.info({ user: userId, planeUser: me.id }, 'plane identity connected');
    return { status: 'connected', planeName, planeEmail };
  }

  /** Forgets the person's token; false when there was none. */
  async disconnect(userId: string): Promise<boolean> {
    const gone = await this.options.store.delete(PLANE_CONNECTIONS, userId);
    if (gone) this.options.logger.info({ user: userId }, 'plane identity disconnected');
    return gone;
  }

  /** Whether the person is connected, and as whom (the token stays sealed). */
  async view(userId: string): Promise<ConnectionView> {
    const connection = await this.options.store.get(PLANE_CONNECTIONS, userId);
    return connection ? { connected: true, planeName: connection.planeName, planeEmail: connection.planeEmail } : { connected: false };
  }

  /**
   * The person's credential, or undefined (not connected, or connecting is off). A token sealed with
   * the previous key is sealed again with the current one; one no key of this install opens is
   * forgotten and its owner told.
   */
  async credentialFor(userId: string): Promise<PlaneCredential | undefined> {
    const { box, store, logger } = this.options;
    if (!box || !this.options.kit.enabled) return undefined;
    const connection = await store.get(PLANE_CONNECTIONS, userId);
    if (!connection) return undefined;
    const opened = box.open(connection.sealed, userId);
    if (!opened) {
      logger.warn({ user: userId }, 'a sealed plane token does not open with this install’s keys; forgotten');
      await this.forget(userId, connection, 'unreadable');
      return undefined;
    }
    let current = connection;
    if (opened.stale) {
      const resealed = { ...connection, sealed: box.seal(opened.secret, userId) };
      // Only over what was read: a token connected meanwhile is not overwritten.
      if (await store.setIfHeld(PLANE_CONNECTIONS, userId, resealed, { kind: PLANE_CONNECTIONS, key: userId, value: connection }))
        current = resealed;
    }
    return {
      token: opened.secret,
      refused: async () => {
        logger.warn({ user: userId }, 'plane refused a person’s token; forgotten');
        await this.forget(userId, current, 'refused');
      },
    };
  }

  /**
   * Runs `work` as the person in Plane when they are connected, else with the bot's key (explicitly:
   * an outer person's credential does not carry into it). `fellBack`: their token was refused on the way.
   */
  async actAs<T>(userId: string | undefined, work: () => Promise<T>): Promise<{ result: T; fellBack: boolean }> {
    return withPlaneCredential(userId ? () => this.credentialFor(userId) : undefined, work);
  }

  /** Forgets exactly the connection that was read, and tells its owner once (replicas race to it). */
  private async forget(userId: string, connection: PlaneConnection, notice: IdentityNotice): Promise<void> {
    if (!(await this.options.store.release(PLANE_CONNECTIONS, userId, connection))) return;
    await this.options
      .tell(userId, notice)
      .catch((error: unknown) =>
        this.options.logger.warn({ err: error, user: userId }, 'could not tell a person their plane token was forgotten'),
      );
  }
}
