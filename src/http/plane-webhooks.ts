import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Logger } from '../log.js';
import { parsePlaneDelivery, verifyPlaneSignature, type PlaneDelivery } from '../plane/webhooks.js';
import { z } from 'zod';
import { defineRecord } from '../state/record-kind.js';
import type { StateStore } from '../state/store.js';
import type { DeliveryBacklog } from '../notifications/backlog.js';
import { sendJson, type Route } from './server.js';
import { WebhookInbox, type InboxEntry } from './webhook-inbox.js';

/** Plane's webhook bodies carry a whole work item; its descriptions are capped far below this. */
const BODY_LIMIT = 5 * 1024 * 1024;
/**
 * A delivery body by its SHA-256 (Plane's retries resend the same bytes): `true` once handled (or
 * failed, which is not retried), else the lease of the process handling it now. A lease that lapses
 * (its process died mid-way) lets the next process that meets the body handle it.
 */
const seenDeliveryRecord = defineRecord({
  namespace: 'notify:deliveries',
  version: 1,
  schema: z.union([z.literal(true), z.string()]),
  ttlMs: 24 * 3600_000,
});
/**
 * Deliveries handled at once: those that wait on Plane or Slack let the next one go meanwhile. A
 * burst (one delivery per changed field, hundreds at a time) handled all together would keep the
 * event loop too busy to answer the next ones at once; beyond this they wait their turn, in the
 * order they came.
 */
const HANDLED_AT_ONCE = 4;
const DEFAULT_LEASE_MS = 30_000;

export interface PlaneWebhookOptions {
  /** PLANE_WEBHOOK_SECRET; without it the endpoint does not exist (404). */
  secret?: string;
  store: StateStore;
  logger: Logger;
  /**
   * `receivedAt`: when its HTTP request came (epoch ms), whenever it is handled. `id`: its body's
   * digest, the same for Plane's retries and for a delivery handled again because its process
   * stopped before marking it handled.
   */
  handle(delivery: PlaneDelivery, receivedAt: number, id: string): Promise<void>;
  /** Where deliveries wait to be handled: what waits for them (the outbox's condensing) looks there. */
  backlog?: DeliveryBacklog;
  meter?: WebhookMeter;
  /**
   * How long a delivery's claim holds while it is handled, renewed meanwhile: a process that dies
   * mid-way leaves it to the next one after this. Default 30 s.
   */
  leaseMs?: number;
}

/** What the receiver tells whoever measures it (the process's metrics). */
export interface WebhookMeter {
  delivery(outcome: 'accepted' | 'rejected' | 'too_large' | 'duplicate' | 'failed'): void;
  /** From a delivery's arrival to the end of its handling. */
  handled(lagMs: number): void;
  /** From a delivery's arrival to its answer (verified and kept). */
  answered(ms: number): void;
}

export interface PlaneWebhookEndpoint {
  route: Route;
  /** Takes up the deliveries an earlier process answered but did not handle. */
  start(): Promise<void>;
  /** Resolves once every delivery answered so far has been handled, but those another process holds (`stop`). */
  idle(): Promise<void>;
  /** Stops waiting for the deliveries another process holds: they stay in the store for the next start. */
  stop(): void;
}

class TooLarge extends Error {}

/** A delivery waiting to be handled: its batch in the inbox (none when the store failed), and who waits for its end. */
interface Waiting {
  entry: InboxEntry;
  key: string | undefined;
  /** Tells the backlog it is over, once. */
  finished: (() => void) | undefined;
}

/**
 * Turns of the event loop handed out one at a time: each call resolves on a later turn than the
 * previous one, after the I/O that came meanwhile (new deliveries, Slack's requests) was read.
 */
function oneAtATurn(): () => Promise<void> {
  const waiting: (() => void)[] = [];
  let scheduled = false;
  const next = () => {
    scheduled = false;
    waiting.shift()?.();
    // Scheduled from a setImmediate callback, this one runs on the next turn.
    if (waiting.length > 0) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(next);
  };
  return () =>
    new Promise((resolve) => {
      waiting.push(resolve);
      schedule();
    });
}

/**
 * The body, or TooLarge past BODY_LIMIT (the rest is then drained, so that the answer can be sent).
 * Events rather than an async iterator: no promise per chunk on the answer's path.
 */
function readCapped(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= BODY_LIMIT) {
        chunks.push(chunk);
        return;
      }
      request.off('data', onData);
      request.resume();
      reject(new TooLarge());
    };
    request.on('data', onData);
    request.once('end', () => resolve(Buffer.concat(chunks)));
    request.once('error', reject);
  });
}

/**
 * `POST /plane/webhooks`: the signature is checked on the raw bytes before anything else (403, and
 * nothing happens, when it is missing or wrong); a verified delivery is kept in the store
 * (`WebhookInbox`) and answered 200, since Plane never retries an HTTP error and gives up on a slow
 * answer. Nothing else happens before the answer: the dedupe claim, decoding and handling come
 * after it, a few deliveries at a time in the order they came, one per turn of the event loop. A
 * body seen before (Plane's retries resend the same bytes under a new X-Plane-Delivery) is handled
 * once, across restarts and replicas, through a claim in the state store: a lease while it is
 * handled, then a mark that it was.
 */
export function planeWebhookEndpoint(options: PlaneWebhookOptions): PlaneWebhookEndpoint {
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const inbox = new WebhookInbox(options.store, options.logger);
  const nextTurn = oneAtATurn();
  const queue: Waiting[] = [];
  /** Workers running, for `idle`, and their count, for the limit. */
  const workers = new Set<Promise<void>>();
  let working = 0;
  const parked = new Set<NodeJS.Timeout>();
  let stopped = false;

  /**
   * Claims a delivery's body for this process: `mine` (under `lease`), `done` (handled before), or
   * `elsewhere`: another process holds it, or the store did not answer.
   */
  const claim = async (entry: InboxEntry, digest: string, lease: string): Promise<'mine' | 'done' | 'elsewhere'> => {
    try {
      if (await options.store.claim(seenDeliveryRecord, digest, lease, leaseMs)) return 'mine';
      return (await options.store.get(seenDeliveryRecord, digest)) === true ? 'done' : 'elsewhere';
    } catch (error) {
      options.logger.warn({ err: error, delivery: entry.delivery }, 'a Plane webhook waits: the state store failed');
      return 'elsewhere';
    }
  };

  /** Handles a delivery under its lease, renewed meanwhile; then marks it handled (a failed one too: it is not retried). */
  const handle = async (entry: InboxEntry, digest: string, lease: string) => {
    const renew = setInterval(() => {
      options.store
        .extend(seenDeliveryRecord, digest, lease, leaseMs)
        .catch((error: unknown) => options.logger.warn({ err: error, delivery: entry.delivery }, 'a Plane webhook lease was not renewed'));
    }, leaseMs / 3).unref();
    try {
      const parsed = parsePlaneDelivery(Buffer.from(entry.body, 'utf8'));
      options.logger.info({ delivery: entry.delivery, kind: parsed.kind, action: parsed.action }, 'plane webhook');
      await options.handle(parsed, entry.receivedAt, digest);
      options.meter?.handled(Date.now() - entry.receivedAt);
    } catch (error) {
      options.meter?.delivery('failed');
      options.logger.error({ err: error, delivery: entry.delivery }, 'could not handle a Plane webhook');
    } finally {
      clearInterval(renew);
    }
    await options.store
      .set(seenDeliveryRecord, digest, true)
      .catch((error: unknown) =>
        options.logger.warn({ err: error, delivery: entry.delivery }, 'a handled Plane webhook was not marked so'),
      );
  };

  const handleOne = async (waiting: Waiting) => {
    // The bytes' SHA-256 (Plane's retries resend the same bytes): the dedupe claim's key.
    const digest = createHash('sha256').update(waiting.entry.body).digest('hex');
    const lease = randomUUID();
    const claimed = await claim(waiting.entry, digest, lease);
    if (claimed === 'elsewhere') {
      // Its bytes are being handled (here or by another process): nothing the outbox should wait for.
      waiting.finished?.();
      waiting.finished = undefined;
      if (stopped) return; // it stays in the store for the next start
      // Once the holder's lease has lapsed, the delivery is either done or ours.
      const timer = setTimeout(() => {
        parked.delete(timer);
        take(waiting);
      }, leaseMs).unref();
      parked.add(timer);
      return;
    }
    if (claimed === 'mine') await handle(waiting.entry, digest, lease);
    else {
      options.logger.debug({ delivery: waiting.entry.delivery }, 'plane webhook already handled');
      options.meter?.delivery('duplicate');
    }
    if (waiting.key !== undefined) await inbox.done(waiting.key);
    waiting.finished?.();
  };

  /** A worker: one delivery per turn of the event loop, so that the answers to new ones never wait for more than one. */
  const work = async () => {
    try {
      for (;;) {
        await nextTurn();
        // The deliveries verified meanwhile are kept and answered first.
        await inbox.flush();
        const waiting = queue.shift();
        if (!waiting) return;
        await handleOne(waiting);
      }
    } finally {
      // At once, not a microtask later: a delivery taken meanwhile must find the worker gone and start another.
      working -= 1;
    }
  };

  const take = (waiting: Waiting) => {
    queue.push(waiting);
    if (working >= HANDLED_AT_ONCE) return;
    working += 1;
    const worker = work();
    workers.add(worker);
    void worker.finally(() => workers.delete(worker));
  };

  /** Handles a kept delivery in its turn, then forgets it. */
  const handleLater = (entry: InboxEntry, key: string | undefined) => {
    take({ entry, key, finished: options.backlog?.arrived(entry.receivedAt) });
  };
  return {
    route: {
      method: 'POST',
      path: '/plane/webhooks',
      async handler(request, response) {
        const receivedAt = Date.now();
        if (!options.secret) {
          request.resume();
          sendJson(response, 404, { error: 'not_found', message: 'Plane webhooks are off: PLANE_WEBHOOK_SECRET is not set' });
          return;
        }
        let body: Buffer;
        try {
          body = await readCapped(request);
        } catch (error) {
          if (!(error instanceof TooLarge)) throw error;
          options.meter?.delivery('too_large');
          sendJson(response, 413, { error: 'too_large', message: `The body exceeds ${BODY_LIMIT} bytes` });
          return;
        }
        if (!verifyPlaneSignature(body, request.headers['x-plane-signature'], options.secret)) {
          options.meter?.delivery('rejected');
          sendJson(response, 403, { error: 'invalid_signature', message: 'X-Plane-Signature is missing or does not match the body' });
          return;
        }
        const delivery = request.headers['x-plane-delivery'];
        const entry: InboxEntry = { body: body.toString('utf8'), ...(typeof delivery === 'string' && { delivery }), receivedAt };
        // Verified and kept: the answer. Everything else (the dedupe claim, decoding, naming, the outbox) comes after it.
        const key = await inbox.keep(entry);
        sendJson(response, 200, { ok: true });
        options.meter?.delivery('accepted');
        options.meter?.answered(Date.now() - receivedAt);
        handleLater(entry, key);
      },
    },
    async start() {
      const left = await inbox.leftOver();
      if (left.length > 0)
        options.logger.info({ deliveries: left.length }, 'taking up Plane webhooks answered but not handled before a restart');
      for (const { key, entry } of left) handleLater(entry, key);
    },
    async idle() {
      while (workers.size > 0) await Promise.allSettled([...workers]);
    },
    stop() {
      stopped = true;
      for (const timer of parked) clearTimeout(timer);
      parked.clear();
    },
  };
}
