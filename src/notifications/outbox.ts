import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Logger } from '../log.js';
import { withLock } from '../state/lock.js';
import { pollStore, type StorePoller } from '../state/poller.js';
import { defineRecord } from '../state/record-kind.js';
import type { StateStore } from '../state/store.js';

/**
 * A durable, paced outbox of posts, one queue per channel, kept in the state store: what waits
 * survives a restart, and every replica sees the same queues. One process at a time drains a
 * channel (a renewed lease), so two replicas never post the same entry; the drainer paces its posts
 * (about one a second per channel, Slack's rule for chat.postMessage). An entry may wait a while
 * (`delayMs`) and absorb later entries with the same `mergeKey` meanwhile: that is how a burst of
 * changes becomes one line. Entries with the same `order` key go out in the order they came.
 */

/**
 * What the outbox carries: each kind of entry and the payload its sender reads. The composition
 * gives its outbox the union of every feature's kinds; a feature sees only its own (`OutboxOf`).
 */
export type OutboxKinds = Record<string, unknown>;

export interface OutboxEntry<P = unknown> {
  id: string;
  channel: string;
  /** Which sender delivers it. */
  kind: string;
  payload: P;
  order?: string;
  mergeKey?: string;
  /** Not sent before this time (epoch ms). */
  due: number;
  /** When the first of the entries merged into this one came. */
  firstAt: number;
  /** Set once a drainer took it: it absorbs nothing more. */
  started?: boolean;
  /** The sender's own checkpoint, so that a retry (or the next process) does not repeat a step. */
  progress?: unknown;
  attempts?: number;
}

export interface SendContext {
  /**
   * Runs one post in the channel's next slot. The gap counts from the end of the previous post, so a
   * post the Web API client held back (a `ratelimited` answer, retried after Retry-After) does not
   * let the next one follow it closer than the pace.
   */
  paced<T>(post: () => Promise<T>): Promise<T>;
  /** Saves a checkpoint of the entry (e.g. "the card is posted"). */
  checkpoint(progress: unknown): Promise<void>;
}

/**
 * Delivers one entry. It handles the failures that retrying cannot cure (a channel the bot cannot
 * post in) itself; anything it throws is retried later, with back-off, a few times.
 */
export interface OutboxSender<P = unknown> {
  send(entry: OutboxEntry<P>, context: SendContext): Promise<void>;
  /** Folds a newer payload into a waiting one with the same merge key (required with mergeKey). */
  merge?(waiting: P, newer: P): P;
}

export interface EnqueueOptions<Kind extends string, P> {
  kind: Kind;
  payload: P;
  order?: string;
  mergeKey?: string;
  /** Hold the entry this long after the last merge, at most `maxDelayMs` after the first. */
  delayMs?: number;
  maxDelayMs?: number;
  /** When what the entry reports came (epoch ms), which the delays count from; now by default. */
  at?: number;
  /**
   * What caused the entry, unique to it in its channel and kind (a webhook delivery's digest): a
   * cause enqueued there already within a day is not enqueued or merged again, so an input handled
   * twice (its process stopped between handling it and marking it handled) is posted once.
   */
  cause?: string;
}

export interface OutboxOptions {
  store: StateStore;
  logger: Logger;
  /** Minimum gap between two posts in one channel. */
  intervalMs?: number;
  /** How often a process looks for queues nobody drains (after a restart or a replica's death). */
  sweepMs?: number;
  now?: () => number;
  /**
   * Inputs still being turned into entries (webhook deliveries waiting for their turn). An entry that
   * may absorb later ones (`mergeKey`) is not sent while such an input came before the entry's due
   * time: it may be one more of the same burst, only handled late.
   */
  lateInputs?: LateInputs;
}

/** Inputs that arrived but are not handled yet, as the outbox needs to know them. */
export interface LateInputs {
  /** When the oldest of them arrived (epoch ms); undefined when none waits. */
  oldest(): number | undefined;
  /** `wake` is called each time one has been handled. */
  onHandled(wake: () => void): void;
}

/** What a feature needs of the outbox for its own kinds: registering their senders and enqueueing them. */
export interface OutboxOf<K extends OutboxKinds> {
  register<Kind extends keyof K & string>(kind: Kind, sender: OutboxSender<K[Kind]>): void;
  enqueue<Kind extends keyof K & string>(channel: string, options: EnqueueOptions<Kind, K[Kind]>): Promise<void>;
}

const entrySchema = z.object({
  id: z.string(),
  channel: z.string(),
  kind: z.string(),
  // Typed by its kind when enqueued; its sender reads it.
  payload: z.unknown(),
  order: z.string().optional(),
  mergeKey: z.string().optional(),
  due: z.number(),
  firstAt: z.number(),
  started: z.boolean().optional(),
  progress: z.unknown().optional(),
  attempts: z.number().optional(),
});
/**
 * What a channel's queue holds of an entry: all that ordering, merging and pacing read, without the
 * payload and the sender's progress, which are the entry's own record. An enqueue or a take then
 * rewrites only these few fields per waiting entry, and reads one payload, instead of every
 * waiting payload each time (a burst's queue grew quadratically costly).
 */
type QueueHead = Pick<OutboxEntry, 'id' | 'kind' | 'order' | 'mergeKey' | 'due' | 'firstAt' | 'started'>;
const headSchema = z.object({
  id: z.string(),
  kind: z.string(),
  order: z.string().optional(),
  mergeKey: z.string().optional(),
  due: z.number(),
  firstAt: z.number(),
  started: z.boolean().optional(),
});
/** A channel's queue, oldest first. */
const headsRecord = defineRecord<QueueHead[]>({ namespace: 'outbox', version: 1, schema: z.array(headSchema) });
/** One entry, whole (its head's fields as they were when it was enqueued). */
const entryRecord = defineRecord<OutboxEntry>({ namespace: 'outbox', version: 1, schema: entrySchema as z.ZodType<OutboxEntry> });
/** A channel's queue as releases before the heads kept it: whole entries in one record, taken over at its first use. */
const wholeQueueRecord = defineRecord<OutboxEntry[]>({
  namespace: 'outbox',
  version: 1,
  schema: z.array(entrySchema) as z.ZodType<OutboxEntry[]>,
});
/** The channels whose queue may hold entries. */
const channelIndexRecord = defineRecord({ namespace: 'outbox', version: 1, schema: z.array(z.string()) });
/** The process draining a channel's queue. */
const drainLeaseRecord = defineRecord({ namespace: 'outbox:leases', version: 1, schema: z.string() });
/** The causes enqueued per channel and kind (`EnqueueOptions.cause`), kept as long as a delivery's own dedupe mark. */
const causeRecord = defineRecord({ namespace: 'outbox:causes', version: 1, schema: z.literal(true), ttlMs: 24 * 3600_000 });
const causeKey = (channel: string, kind: string, cause: string) => `${channel}:${kind}:${cause}`;
const INDEX_KEY = 'channels';
const headsKey = (channel: string) => `heads:${channel}`;
const entryKey = (id: string) => `entry:${id}`;
const wholeQueueKey = (channel: string) => `queue:${channel}`;

function headOf(entry: OutboxEntry): QueueHead {
  const { id, kind, order, mergeKey, due, firstAt, started } = entry;
  return {
    id,
    kind,
    due,
    firstAt,
    ...(order !== undefined && { order }),
    ...(mergeKey !== undefined && { mergeKey }),
    ...(started !== undefined && { started }),
  };
}
/** How long a drainer that stops renewing keeps a channel’s queue. */
export const LEASE_MS = 15_000;
const MAX_ATTEMPTS = 6;
export const DEFAULT_POST_INTERVAL_MS = 1_000;

export class Outbox<K extends OutboxKinds> implements OutboxOf<K> {
  private readonly senders = new Map<string, OutboxSender<never>>();
  private readonly draining = new Map<string, Promise<void>>();
  private readonly wakers = new Map<string, () => void>();
  /**
   * Wakes per draining channel, counted: a wake that comes while the drain reads its queue (it has
   * no waker yet) still cuts its next sleep short instead of being lost.
   */
  private readonly wakes = new Map<string, number>();
  private readonly lastPost = new Map<string, number>();
  private readonly intervalMs: number;
  private readonly now: () => number;
  private sweeper: StorePoller | undefined;
  /** This process's name on the channel leases. */
  private readonly leaseOwner = randomUUID();
  private stopped = false;
  /** The last store lock this process asked for, per lock name: local callers queue behind it. */
  private readonly localTails = new Map<string, Promise<unknown>>();

  constructor(private readonly options: OutboxOptions) {
    this.intervalMs = options.intervalMs ?? DEFAULT_POST_INTERVAL_MS;
    this.now = options.now ?? Date.now;
    options.lateInputs?.onHandled(() => this.wakeDrains());
  }

  register<Kind extends keyof K & string>(kind: Kind, sender: OutboxSender<K[Kind]>): void {
    this.senders.set(kind, sender as OutboxSender<never>);
  }

  /** Starts draining what earlier processes left, and keeps looking for abandoned queues. */
  start(): void {
    this.stopped = false;
    // Same pace while the store is away: what waits is posted as soon as it is back.
    this.sweeper = pollStore(() => this.sweep(), {
      what: 'look for outbox queues',
      everyMs: this.options.sweepMs ?? 2_000,
      logger: this.options.logger,
    });
  }

  /** Stops taking entries; an entry being sent finishes. What waits stays in the store. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.sweeper?.stop();
    this.wakeDrains();
    await Promise.allSettled([...this.draining.values()]);
  }

  private wakeDrains(): void {
    for (const channel of this.draining.keys()) this.wake(channel);
  }

  private wake(channel: string): void {
    this.wakes.set(channel, (this.wakes.get(channel) ?? 0) + 1);
    this.wakers.get(channel)?.();
  }

  async enqueue<Kind extends keyof K & string>(channel: string, options: EnqueueOptions<Kind, K[Kind]>): Promise<void> {
    const sender = this.senders.get(options.kind);
    if (!sender) throw new Error(`no outbox sender for ${options.kind}`);
    const now = options.at ?? this.now();
    const delay = options.delayMs ?? 0;
    const { store } = this.options;
    const caused = options.cause === undefined ? undefined : causeKey(channel, options.kind, options.cause);
    // Looked up under the channel's lock and recorded there right after the queue is written: a stop
    // between the two writes can post it twice, never lose it.
    const recordCause = caused === undefined ? undefined : () => store.set(causeRecord, caused, true);
    const enqueued = await this.withQueue(
      channel,
      async (queue) => {
        if (caused !== undefined && (await store.get(causeRecord, caused))) return undefined;
        const waiting = options.mergeKey === undefined ? undefined : queue.find((e) => e.mergeKey === options.mergeKey && !e.started);
        const absorbing = waiting && sender.merge ? await store.get(entryRecord, entryKey(waiting.id)) : undefined;
        if (waiting && absorbing && sender.merge) {
          absorbing.payload = sender.merge(absorbing.payload as never, options.payload as never);
          await store.set(entryRecord, entryKey(waiting.id), absorbing);
          // Inputs may be handled in another order than they came: the latest arrival sets the wait.
          waiting.due = Math.min(Math.max(waiting.due, now + delay), waiting.firstAt + (options.maxDelayMs ?? delay));
          return queue;
        }
        const entry: OutboxEntry<K[Kind]> = {
          id: randomUUID(),
          channel,
          kind: options.kind,
          payload: options.payload,
          due: now + delay,
          firstAt: now,
          ...(options.order !== undefined && { order: options.order }),
          ...(options.mergeKey !== undefined && { mergeKey: options.mergeKey }),
        };
        await store.set(entryRecord, entryKey(entry.id), entry);
        queue.push(headOf(entry));
        return queue;
      },
      recordCause,
    );
    if (!enqueued) return;
    await this.addToIndex(channel);
    this.kick(channel);
  }

  /** How many entries wait, over every channel (for tests and the bench). */
  async pending(): Promise<number> {
    return (await this.gauges()).depth;
  }

  /** How many entries wait over every channel, and how long ago the oldest of them came (the metrics' gauges). */
  async gauges(): Promise<{ depth: number; oldestAgeMs: number }> {
    const channels = (await this.options.store.get(channelIndexRecord, INDEX_KEY)) ?? [];
    const queues = await Promise.all(channels.map((c) => this.options.store.get(headsRecord, headsKey(c))));
    const entries = queues.flatMap((q) => q ?? []);
    const oldest = entries.reduce((min, e) => Math.min(min, e.firstAt), Number.POSITIVE_INFINITY);
    return { depth: entries.length, oldestAgeMs: entries.length === 0 ? 0 : Math.max(0, this.now() - oldest) };
  }

  private kick(channel: string): void {
    if (this.stopped) return;
    if (this.draining.has(channel)) {
      this.wake(channel);
      return;
    }
    const run = this.drain(channel)
      .catch((error: unknown) => {
        this.options.logger.error({ err: error, channel }, 'outbox drain failed');
        return undefined;
      })
      .then((lastLook) => {
        const woken = lastLook !== undefined && (this.wakes.get(channel) ?? 0) !== lastLook;
        this.draining.delete(channel);
        this.wakes.delete(channel);
        // An entry enqueued while the drain let the channel go would otherwise wait for the next sweep.
        if (woken) this.kick(channel);
      });
    this.draining.set(channel, run);
  }

  private async sweep(): Promise<void> {
    const channels = (await this.options.store.get(channelIndexRecord, INDEX_KEY)) ?? [];
    for (const channel of channels) this.kick(channel);
  }

  /** Drains the channel while it holds its lease; says how many wakes it had seen at its last look (undefined without the lease). */
  private async drain(channel: string): Promise<number | undefined> {
    const { store } = this.options;
    const owner = this.leaseOwner;
    // A lease already ours was left by a drain of this process that lost the store before releasing
    // it (one drain per channel at a time here): taken up at once rather than after it lapses.
    if (
      !(await store.claim(drainLeaseRecord, channel, owner, LEASE_MS)) &&
      !(await store.extend(drainLeaseRecord, channel, owner, LEASE_MS))
    )
      return undefined;
    const renew = async () => {
      if ((await store.get(drainLeaseRecord, channel)) === owner) await store.set(drainLeaseRecord, channel, owner, LEASE_MS);
    };
    let wakes = 0;
    try {
      while (!this.stopped) {
        wakes = this.wakes.get(channel) ?? 0;
        const next = await this.takeNext(channel);
        if (next.entry) {
          await this.deliver(channel, next.entry, renew);
          continue;
        }
        if (next.empty) {
          if (await this.removeFromIndexIfEmpty(channel)) break;
          continue;
        }
        await this.sleep(channel, Math.max(10, Math.min(next.waitMs, 1_000)), wakes);
        await renew();
      }
    } finally {
      await store.release(drainLeaseRecord, channel, owner).catch(() => false);
    }
    return wakes;
  }

  private async deliver(channel: string, entry: OutboxEntry, renew: () => Promise<void>): Promise<void> {
    const sender = this.senders.get(entry.kind);
    // A long send (Slack asking to retry later) keeps the lease, so no other process takes the queue.
    const keepLease = setInterval(() => void renew().catch(() => undefined), LEASE_MS / 3);
    try {
      if (!sender) throw new Error(`no outbox sender for ${entry.kind}`);
      await sender.send(entry as OutboxEntry<never>, {
        paced: (post) => this.paced(channel, post),
        // A started entry absorbs nothing more, and only its drainer writes it: no lock needed.
        checkpoint: async (progress) => {
          entry.progress = progress;
          await this.options.store.set(entryRecord, entryKey(entry.id), entry);
        },
      });
      await this.forget(channel, entry.id);
    } catch (error) {
      const attempts = (entry.attempts ?? 0) + 1;
      const giveUp = attempts >= MAX_ATTEMPTS || !sender;
      this.options.logger.warn(
        { err: error, channel, kind: entry.kind, attempts, giveUp },
        giveUp ? 'outbox entry dropped' : 'outbox entry will be retried',
      );
      if (giveUp) await this.forget(channel, entry.id);
      else {
        const due = this.now() + Math.min(60_000, 1_000 * 2 ** attempts);
        await this.options.store.set(entryRecord, entryKey(entry.id), { ...entry, attempts, due });
        await this.withQueue(channel, (queue) => queue.map((e) => (e.id === entry.id ? { ...e, due } : e)));
      }
    } finally {
      clearInterval(keepLease);
    }
  }

  /** The first entry that is due and has no earlier entry of its order still waiting; marks it started. */
  private async takeNext(channel: string): Promise<{ entry?: OutboxEntry; empty: boolean; waitMs: number }> {
    let result: { head?: QueueHead; empty: boolean; waitMs: number } = { empty: true, waitMs: 0 };
    await this.withQueue(channel, (queue) => {
      const now = this.now();
      const pendingSince = this.options.lateInputs?.oldest();
      const blocked = new Set<string>();
      let waitMs = Number.POSITIVE_INFINITY;
      for (const entry of queue) {
        if (entry.order !== undefined && blocked.has(entry.order)) continue;
        const awaitsInput = entry.mergeKey !== undefined && pendingSince !== undefined && pendingSince <= entry.due;
        if (entry.due <= now && !awaitsInput) {
          entry.started = true;
          result = { head: { ...entry }, empty: false, waitMs: 0 };
          return queue;
        }
        // An entry held for a late input waits to be woken when one is handled (or by the drain's own pace).
        if (entry.due > now) waitMs = Math.min(waitMs, entry.due - now);
        if (entry.order !== undefined) blocked.add(entry.order);
      }
      result = { empty: queue.length === 0, waitMs };
      return undefined;
    });
    const { head, ...rest } = result;
    if (!head) return rest;
    const whole = await this.options.store.get(entryRecord, entryKey(head.id));
    if (whole) return { ...rest, entry: { ...whole, ...head } };
    // Its record is unreadable (logged by the store): the head alone cannot be sent.
    this.options.logger.warn({ channel, kind: head.kind }, 'outbox entry without its record dropped');
    await this.forget(channel, head.id);
    return { ...rest, empty: false };
  }

  /** Takes a sent (or dropped) entry off its queue, then its record. */
  private async forget(channel: string, id: string): Promise<void> {
    await this.withQueue(channel, (queue) => queue.filter((e) => e.id !== id));
    await this.options.store.delete(entryRecord, entryKey(id));
  }

  private async paced<T>(channel: string, post: () => Promise<T>): Promise<T> {
    const wait = (this.lastPost.get(channel) ?? 0) + this.intervalMs - this.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    try {
      return await post();
    } finally {
      this.lastPost.set(channel, this.now());
    }
  }

  /** Sleeps, unless woken since `wakes` was counted. */
  private sleep(channel: string, ms: number, wakes: number): Promise<void> {
    if ((this.wakes.get(channel) ?? 0) !== wakes) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(channel);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakers.set(channel, done);
    });
  }

  /**
   * The store's lock, taken by this process's callers one after the other: a burst of local enqueues
   * waits in line here instead of all polling the store for the same lock (which starves them).
   */
  private locked<T>(name: string, work: () => Promise<T>): Promise<T> {
    const run = (this.localTails.get(name) ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => withLock(this.options.store, name, work));
    this.localTails.set(name, run);
    void run
      .finally(() => {
        if (this.localTails.get(name) === run) this.localTails.delete(name);
      })
      .catch(() => undefined);
    return run;
  }

  /**
   * Read-modify-write of a channel's queue under its lock; `edit` returning undefined writes nothing.
   * `written` runs after the write, still under the lock. Resolves to whether it wrote.
   */
  private withQueue(
    channel: string,
    edit: (queue: QueueHead[]) => QueueHead[] | undefined | Promise<QueueHead[] | undefined>,
    written?: () => Promise<void>,
  ): Promise<boolean> {
    const { store } = this.options;
    return this.locked(`outbox:${channel}`, async () => {
      const queue = (await store.get(headsRecord, headsKey(channel))) ?? (await this.takeOverWholeQueue(channel));
      const edited = await edit(queue);
      if (edited === undefined) return false;
      if (edited.length === 0) await store.delete(headsRecord, headsKey(channel));
      else await store.set(headsRecord, headsKey(channel), edited);
      await written?.();
      return true;
    });
  }

  /** A queue an earlier release kept whole becomes heads and entry records (under the channel's lock). */
  private async takeOverWholeQueue(channel: string): Promise<QueueHead[]> {
    const { store } = this.options;
    const whole = await store.get(wholeQueueRecord, wholeQueueKey(channel));
    if (!whole) return [];
    for (const entry of whole) await store.set(entryRecord, entryKey(entry.id), entry);
    const heads = whole.map(headOf);
    await store.set(headsRecord, headsKey(channel), heads);
    await store.delete(wholeQueueRecord, wholeQueueKey(channel));
    return heads;
  }

  private async addToIndex(channel: string): Promise<void> {
    const { store } = this.options;
    // Already listed: nothing to lock. A removal after this read sees the entry just queued and keeps the channel.
    if ((await store.get(channelIndexRecord, INDEX_KEY))?.includes(channel)) return;
    return this.locked('outbox:index', async () => {
      const channels = (await store.get(channelIndexRecord, INDEX_KEY)) ?? [];
      if (!channels.includes(channel)) await store.set(channelIndexRecord, INDEX_KEY, [...channels, channel]);
    });
  }

  /** Drops the channel from the index once its queue is empty; false when something came meanwhile. */
  private removeFromIndexIfEmpty(channel: string): Promise<boolean> {
    const { store } = this.options;
    return this.locked('outbox:index', () =>
      withLock(store, `outbox:${channel}`, async () => {
        const queue =
          (await store.get(headsRecord, headsKey(channel))) ?? (await store.get(wholeQueueRecord, wholeQueueKey(channel))) ?? [];
        if (queue.length > 0) return false;
        const channels = (await store.get(channelIndexRecord, INDEX_KEY)) ?? [];
        await store.set(
          channelIndexRecord,
          INDEX_KEY,
          channels.filter((c) => c !== channel),
        );
        return true;
      }),
    );
  }
}
