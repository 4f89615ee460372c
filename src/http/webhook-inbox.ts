import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Logger } from '../log.js';
import { defineRecord } from '../state/record-kind.js';
import type { StateStore } from '../state/store.js';

/** A verified delivery kept until it is handled: its bytes (JSON, so UTF-8 text), their digest and when it came. */
export interface InboxEntry {
  body: string;
  /** SHA-256 of the body, hex: the dedupe claim's key (Plane's retries resend the same bytes). */
  digest: string;
  delivery?: string;
  receivedAt: number;
}

/** Plane retries for about an hour; a delivery nobody could handle in a day is dropped. */
const inboxRecord = defineRecord<InboxEntry>({
  namespace: 'webhooks:inbox',
  version: 1,
  schema: z.object({ body: z.string(), digest: z.string(), delivery: z.string().optional(), receivedAt: z.number() }),
  ttlMs: 24 * 3600_000,
});

/**
 * Webhook deliveries answered but not handled yet, kept in the state store so that a restart (or a
 * crash) between the answer and the handling loses none: Plane does not send a delivery again once
 * it got its 200. Keeping one is a single write under its own key, whatever else waits, so the
 * answer does not depend on how many deliveries wait. The process that answered handles it and then
 * forgets it; at start-up a process takes up what an earlier one left (a replica taking up one that
 * another still handles is harmless: the digest's claim lets one of them handle it).
 */
export class WebhookInbox {
  constructor(
    private readonly store: StateStore,
    private readonly logger: Logger,
  ) {}

  /** Keeps a delivery; returns its key, or undefined when the store failed (it is then handled from memory only). */
  async keep(entry: InboxEntry): Promise<string | undefined> {
    // Keys sort in arrival order, which is the order left-over deliveries are taken up in.
    const key = `${String(entry.receivedAt).padStart(15, '0')}-${randomUUID()}`;
    try {
      await this.store.set(inboxRecord, key, entry);
      return key;
    } catch (error) {
      this.logger.warn(
        { err: error, delivery: entry.delivery },
        'a Plane webhook could not be kept in the store: it is handled from memory only',
      );
      return undefined;
    }
  }

  /** Forgets a handled delivery (or one that failed: it is not retried, as before it was kept). */
  async done(key: string): Promise<void> {
    await this.store
      .delete(inboxRecord, key)
      .catch((error: unknown) => this.logger.warn({ err: error }, 'a handled Plane webhook stays in the store'));
  }

  /** The deliveries an earlier process answered but did not handle, oldest first. */
  async leftOver(): Promise<{ key: string; entry: InboxEntry }[]> {
    const keys: string[] = [];
    for await (const [key] of this.store.keyv(inboxRecord.namespace).iterator()) keys.push(String(key));
    keys.sort();
    const found = await Promise.all(keys.map(async (key) => ({ key, entry: await this.store.get(inboxRecord, key) })));
    return found.filter((f): f is { key: string; entry: InboxEntry } => f.entry !== undefined);
  }
}
