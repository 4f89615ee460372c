import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { planeWebhookEndpoint } from '../../src/http/plane-webhooks.js';
import { startHttpServer, type RunningServer } from '../../src/http/server.js';
import { WebhookInbox } from '../../src/http/webhook-inbox.js';
import { silentLogger } from '../../src/log.js';
import type { PlaneDelivery } from '../../src/plane/webhooks.js';
import { createStateStore, type StateStore } from '../../src/state/index.js';
import { defineRecord } from '../../src/state/record-kind.js';
import { eventually } from '../harness/bot.js';

const SECRET = 'plane_wh_inbox-test-secret';
/** Short, so that a lease left by a process that died lapses within the test. */
const LEASE_MS = 300;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A delivery the receiver passes on as `other`, its event naming it. */
const body = (n: number) =>
  JSON.stringify({ event: `test-${n}`, action: 'deleted', webhook_id: 'w', workspace_id: 'ws', data: { id: `p${n}` } });
const named = (delivery: PlaneDelivery) => (delivery.kind === 'other' ? delivery.event : delivery.kind);
const all = (count: number) => Array.from({ length: count }, (_, n) => `test-${n}`).sort();

async function post(server: RunningServer, text: string): Promise<number> {
  const signature = createHmac('sha256', SECRET).update(text).digest('hex');
  const answer = await fetch(`${server.url}/plane/webhooks`, { method: 'POST', headers: { 'X-Plane-Signature': signature }, body: text });
  await answer.body?.cancel();
  return answer.status;
}

const WRITES = ['set', 'claim', 'delete', 'release', 'extend', 'setIfHeld'];

/**
 * A store that counts the writes made through it; with `failInboxDeletes`, forgetting a kept batch
 * fails, as when a process dies between handling deliveries and forgetting them.
 */
function counting(store: StateStore, options: { failInboxDeletes?: boolean } = {}): { store: StateStore; writes: () => number } {
  let writes = 0;
  const counted = new Proxy(store, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (WRITES.includes(String(name))) writes += 1;
        if (options.failInboxDeletes && name === 'delete' && (args[0] as { namespace: string }).namespace === 'webhooks:inbox') {
          return Promise.reject(new Error('the process died'));
        }
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { store: counted, writes: () => writes };
}

async function bot(
  dataDir: string,
  handle: (delivery: PlaneDelivery) => Promise<void>,
  options: { failInboxDeletes?: boolean; leaseMs?: number } = {},
) {
  const store = await createStateStore({ dataDir });
  const count = counting(store, options);
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const endpoint = planeWebhookEndpoint({ secret: SECRET, store: count.store, logger: silentLogger, handle, leaseMs });
  const server = await startHttpServer({ port: 0, host: '127.0.0.1', routes: [endpoint.route] });
  await endpoint.start();
  /** Stops as a crash does: nothing drained, nothing released. */
  const crash = async () => {
    await server.close();
    await store.close();
  };
  return { store, endpoint, server, writes: count.writes, crash };
}

async function dataFolder(): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'planebot-inbox-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  return dataDir;
}

/** A bot that records what it handles, stopped (drained) after the test. */
async function recordingBot(dataDir: string) {
  const handled: string[] = [];
  const started = await bot(dataDir, async (delivery) => void handled.push(named(delivery)));
  cleanups.push(async () => {
    await started.endpoint.idle();
    started.endpoint.stop();
    await started.crash();
  });
  return { ...started, handled };
}

async function inboxKeys(store: StateStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const [key] of store.keyv('webhooks:inbox').iterator()) keys.push(String(key));
  return keys;
}

describe('the webhook inbox', () => {
  it('keeps the deliveries verified in one turn of the event loop by one write', async () => {
    const store = await createStateStore({ dataDir: await dataFolder() });
    cleanups.push(() => store.close());
    const count = counting(store);
    const inbox = new WebhookInbox(count.store, silentLogger);
    const entries = [0, 1, 2].map((n) => ({ body: body(n), receivedAt: Date.now() }));
    const keys = await Promise.all(entries.map((entry) => inbox.keep(entry)));
    expect(count.writes()).toBe(1);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toBeDefined();
  });

  it('answers after one write while deliveries are handled and more wait, and handles one per turn of the event loop', async () => {
    // Counts the turns of the event loop: one tick per turn.
    let turn = 0;
    let ticking = true;
    const tick = () => {
      turn += 1;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    cleanups.push(async () => void (ticking = false));
    const startedOn: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // A lease long enough that no renewal of the four being handled falls among the writes counted.
    const first = await bot(
      await dataFolder(),
      async () => {
        startedOn.push(turn);
        await gate;
      },
      { leaseMs: 60_000 },
    );
    cleanups.push(async () => {
      release();
      await first.endpoint.idle();
      await first.crash();
    });
    const WAITING = 40;
    expect(await Promise.all(Array.from({ length: WAITING }, (_, n) => post(first.server, body(n))))).toEqual(Array(WAITING).fill(200));
    await eventually(() => startedOn.length === 4, 5_000, 'four deliveries being handled');
    const before = first.writes();
    expect(await post(first.server, body(WAITING))).toBe(200);
    // The answer cost one write (the delivery kept), whatever is being handled and waits.
    expect(first.writes() - before).toBe(1);
    expect(startedOn.length).toBe(4);
    release();
    await first.endpoint.idle();
    expect(startedOn.length).toBe(WAITING + 1);
    // Never two deliveries begun in the same turn: what arrives meanwhile waits for one at most.
    expect(new Set(startedOn).size).toBe(startedOn.length);
  });

  it('hands what waits, and what a process that died was handling, to the next process, each handled once', async () => {
    const dataDir = await dataFolder();
    // The first process never finishes handling (it dies mid-way, holding four deliveries).
    let release!: () => void;
    const stuck = new Promise<void>((resolve) => (release = resolve));
    const first = await bot(dataDir, () => stuck);
    const WAITING = 40;
    for (let n = 0; n <= WAITING; n++) expect(await post(first.server, body(n))).toBe(200);
    await first.crash();
    first.endpoint.stop(); // a dead process does nothing more: its stand-in here must not retry what it held in memory

    const second = await recordingBot(dataDir);
    // The four the first process had begun are taken up once their leases lapse; none is handled twice.
    await eventually(() => second.handled.length === WAITING + 1, 10_000, 'every delivery handled');
    await second.endpoint.idle();
    expect([...second.handled].sort()).toEqual(all(WAITING + 1));
    // The first process's handling ends now, too late to mark anything: the second one's stands.
    release();
    expect(await inboxKeys(second.store)).toEqual([]);
    // Nothing is left over: a third start finds nothing.
    const third = await recordingBot(dataDir);
    await third.endpoint.idle();
    expect(third.handled).toEqual([]);
  });

  it('answers 413 to a body over 5 MB, reading it to its end, and keeps nothing', async () => {
    const handled: string[] = [];
    const first = await bot(await dataFolder(), async (delivery) => void handled.push(named(delivery)));
    cleanups.push(first.crash);
    const huge = JSON.stringify({ event: 'test-huge', action: 'updated', data: { text: 'x'.repeat(5 * 1024 * 1024) } });
    expect(await post(first.server, huge)).toBe(413);
    expect(first.writes()).toBe(0);
    // The connection is still good for the next delivery.
    expect(await post(first.server, body(0))).toBe(200);
    await first.endpoint.idle();
    expect(handled).toEqual(['test-0']);
  });

  it('takes up a delivery an older version kept alone in its record', async () => {
    const dataDir = await dataFolder();
    const store = await createStateStore({ dataDir });
    const before = defineRecord({
      namespace: 'webhooks:inbox',
      version: 1,
      schema: z.object({ body: z.string(), digest: z.string(), receivedAt: z.number() }),
    });
    await store.set(before, `${String(Date.now()).padStart(15, '0')}-old`, { body: body(7), digest: 'd7', receivedAt: Date.now() });
    await store.close();
    const next = await recordingBot(dataDir);
    await next.endpoint.idle();
    expect(next.handled).toEqual(['test-7']);
    expect(await inboxKeys(next.store)).toEqual([]);
  });

  it('does not handle again what a process handled but had not yet forgotten when it died', async () => {
    const dataDir = await dataFolder();
    const handled: string[] = [];
    const first = await bot(dataDir, async (delivery) => void handled.push(named(delivery)), { failInboxDeletes: true });
    for (let n = 0; n < 3; n++) expect(await post(first.server, body(n))).toBe(200);
    await first.endpoint.idle();
    expect(handled.sort()).toEqual(all(3));
    expect(await inboxKeys(first.store)).toHaveLength(3);
    await first.crash();

    const second = await recordingBot(dataDir);
    await second.endpoint.idle();
    expect(second.handled).toEqual([]);
    expect(await inboxKeys(second.store)).toEqual([]);
  });
});
