import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Logger } from '../log.js';
import { defineRecord } from '../state/record-kind.js';
import type { StateStore } from '../state/store.js';

/** A verified delivery kept until it is handled: its bytes (JSON, so UTF-8 text) and when it came. */
export interface InboxEntry {
  body: string;
  delivery?: string;
  receivedAt: number;
}

const entrySchema = z.object({ body: z.string(), delivery: z.string().optional(), receivedAt: z.number() });

/** Plane retries for about an hour; a delivery nobody could handle in a day is dropped. */
const inboxRecord = defineRecord<{ entries: InboxEntry[] }>({
  namespace: 'webhooks:inbox',
  version: 2,
  schema: z.object({ entries: z.array(entrySchema) }),
  // Version 1 kept one delivery per record (with its digest, now reckoned when it is handled).
  migrate: (value, fromVersion) => (fromVersion === 1 ? { entries: [value] } : undefined),
  ttlMs: 24 * 3600_000,
});

/** A batch's bodies beyond this go in the next write: one write stays bounded whatever the burst. */
const BATCH_BYTES = 1024 * 1024;

interface Pending {
  entries: InboxEntry[];
  bytes: number;
  waiting: ((key: string | undefined) => void)[];
}

/**
 * Webhook deliveries answered but not handled yet, kept in the state store so that a restart (or a
 * crash) between the answer and the handling loses none: Plane does not send a delivery again once
 * it got its 200. The deliveries verified in one turn of the event loop are kept together by one
 * write (a burst's arrive together), whatever else waits, so the answer does not depend on how many
 * deliveries wait, and a burst costs a few writes rather than one each. A batch is forgotten once
 * each of its deliveries is done; at start-up a process takes up the batches an earlier one left
 * (their deliveries already handled are known by their dedupe claims and not handled again).
 */
export class WebhookInbox {
  /** The batches gathered in this turn, not written yet; the last one takes the next delivery. */
  private gathering: Pending[] = [];
  /** The batches this process kept or took up, with how many of their deliveries are not done. */
  private readonly open = new Map<string, number>();

  constructor(
    private readonly store: StateStore,
    private readonly logger: Logger,
  ) {}

  /**
   * Keeps a delivery with the others of this turn; resolves with its batch's key once written, or
   * undefined when the store failed (it is then handled from memory only).
   */
  keep(entry: InboxEntry): Promise<string | undefined> {
    return new Promise((resolve) => {
      let batch = this.gathering.at(-1);
      if (!batch || batch.bytes >= BATCH_BYTES) {
        const started: Pending = { entries: [], bytes: 0, waiting: [] };
        this.gathering.push(started);
        // After the poll phase, so that every delivery read in this turn joins the batch.
        setImmediate(() => void this.write(started));
        batch = started;
      }
      batch.entries.push(entry);
      batch.bytes += entry.body.length;
      batch.waiting.push(resolve);
    });
  }

  /** Writes what was gathered now rather than at the end of the turn: those answers go before other work. */
  async flush(): Promise<void> {
    await Promise.all(this.gathering.map((batch) => this.write(batch)));
  }

  private async write(batch: Pending): Promise<void> {
    const at = this.gathering.indexOf(batch);
    if (at === -1) return; // written already (flushed before its turn ended)
    this.gathering.splice(at, 1);
    const waiting = batch.waiting;
    // Keys sort in arrival order, which is the order left-over deliveries are taken up in.
    const key = `${String(batch.entries[0]!.receivedAt).padStart(15, '0')}-${randomUUID()}`;
    // Counted before the write, so that a look for left-overs meanwhile knows the batch is this process's.
    this.open.set(key, batch.entries.length);
    try {
      await this.store.set(inboxRecord, key, { entries: batch.entries });
    } catch (error) {
      this.open.delete(key);
      this.logger.warn(
        { err: error, deliveries: batch.entries.length },
        'Plane webhooks could not be kept in the store: they are handled from memory only',
      );
      for (const resolve of waiting) resolve(undefined);
      return;
    }
    for (const resolve of waiting) resolve(key);
  }

  /**
   * One delivery of a batch is done: handled, a duplicate, or failed (not retried, as before it was
   * kept). The batch is forgotten with its last one.
   */
  async done(key: string): Promise<void> {
    const left = (this.open.get(key) ?? 1) - 1;
    if (left > 0) {
      this.open.set(key, left);
      return;
    }
    this.open.delete(key);
    await this.store
      .delete(inboxRecord, key)
      .catch((error: unknown) => this.logger.warn({ err: error }, 'handled Plane webhooks stay in the store'));
  }

  /** The deliveries an earlier process kept but did not see done, oldest first, each with its batch's key; now this process's. */
  async leftOver(): Promise<{ key: string; entry: InboxEntry }[]> {
    const keys: string[] = [];
    for await (const [key] of this.store.keyv(inboxRecord.namespace).iterator()) keys.push(String(key));
    const theirs = keys.filter((key) => !this.open.has(key)).sort();
    const batches = await Promise.all(theirs.map(async (key) => ({ key, batch: await this.store.get(inboxRecord, key) })));
    return batches.flatMap(({ key, batch }) => {
      if (!batch || batch.entries.length === 0 || this.open.has(key)) return [];
      this.open.set(key, batch.entries.length);
      return batch.entries.map((entry) => ({ key, entry }));
    });
  }
}
