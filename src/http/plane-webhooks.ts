import Bottleneck from 'bottleneck';
import { createHash } from 'node:crypto';
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
/** A delivery body already handled, by its SHA-256 (Plane's retries resend the same bytes). */
const seenDeliveryRecord = defineRecord({ namespace: 'notify:deliveries', version: 1, schema: z.literal(true), ttlMs: 24 * 3600_000 });
/**
 * Deliveries handled at once. A burst (one delivery per changed field, hundreds at a time) handled
 * all together would keep the event loop too busy to answer the next ones at once; beyond this they
 * wait their turn, in the order they came.
 */
const HANDLED_AT_ONCE = 4;

export interface PlaneWebhookOptions {
  /** PLANE_WEBHOOK_SECRET; without it the endpoint does not exist (404). */
  secret?: string;
  store: StateStore;
  logger: Logger;
  /** `receivedAt`: when its HTTP request came (epoch ms), whenever it is handled. */
  handle(delivery: PlaneDelivery, receivedAt: number): Promise<void>;
  /** Where deliveries wait to be handled: what waits for them (the outbox's condensing) looks there. */
  backlog?: DeliveryBacklog;
  meter?: WebhookMeter;
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
  /** Resolves once every delivery answered so far has been handled. */
  idle(): Promise<void>;
}

class TooLarge extends Error {}

async function readCapped(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > BODY_LIMIT) throw new TooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * `POST /plane/webhooks`: the signature is checked on the raw bytes before anything else (403, and
 * nothing happens, when it is missing or wrong); a verified delivery is kept in the store
 * (`WebhookInbox`) and answered 200, since Plane never retries an HTTP error and gives up on a slow
 * answer. Nothing else happens before the answer: the dedupe claim, decoding and handling come
 * after it, a few deliveries at a time in the order they came. A body seen before (Plane's retries
 * resend the same bytes under a new X-Plane-Delivery) is handled once, across restarts and
 * replicas, through a claim in the state store.
 */
export function planeWebhookEndpoint(options: PlaneWebhookOptions): PlaneWebhookEndpoint {
  const inFlight = new Set<Promise<void>>();
  const taken = new Set<string>();
  const turns = new Bottleneck({ maxConcurrent: HANDLED_AT_ONCE });
  const inbox = new WebhookInbox(options.store, options.logger);
  const process = async (entry: InboxEntry) => {
    if (!(await options.store.claim(seenDeliveryRecord, entry.digest, true))) {
      options.logger.debug({ delivery: entry.delivery }, 'plane webhook already handled');
      options.meter?.delivery('duplicate');
      return;
    }
    const parsed = parsePlaneDelivery(Buffer.from(entry.body, 'utf8'));
    options.logger.info({ delivery: entry.delivery, kind: parsed.kind, action: parsed.action }, 'plane webhook');
    await options.handle(parsed, entry.receivedAt);
    options.meter?.handled(Date.now() - entry.receivedAt);
  };
  /** Handles a kept delivery in its turn, then forgets it. */
  const handleLater = (entry: InboxEntry, key: string | undefined) => {
    if (key !== undefined) taken.add(key);
    const handled = options.backlog?.arrived(entry.receivedAt);
    const work = turns
      .schedule(() => process(entry))
      .catch((error: unknown) => {
        options.meter?.delivery('failed');
        options.logger.error({ err: error, delivery: entry.delivery }, 'could not handle a Plane webhook');
      })
      .then(async () => {
        if (key !== undefined) await inbox.done(key);
      });
    inFlight.add(work);
    void work.finally(() => {
      inFlight.delete(work);
      if (key !== undefined) taken.delete(key);
      handled?.();
    });
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
          request.resume();
          return;
        }
        if (!verifyPlaneSignature(body, request.headers['x-plane-signature'], options.secret)) {
          options.meter?.delivery('rejected');
          sendJson(response, 403, { error: 'invalid_signature', message: 'X-Plane-Signature is missing or does not match the body' });
          return;
        }
        const delivery = request.headers['x-plane-delivery'];
        const entry: InboxEntry = {
          body: body.toString('utf8'),
          digest: createHash('sha256').update(body).digest('hex'),
          ...(typeof delivery === 'string' && { delivery }),
          receivedAt,
        };
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
      const mine = left.filter(({ key }) => !taken.has(key));
      if (mine.length > 0)
        options.logger.info({ deliveries: mine.length }, 'taking up Plane webhooks answered but not handled before a restart');
      for (const { key, entry } of mine) handleLater(entry, key);
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
