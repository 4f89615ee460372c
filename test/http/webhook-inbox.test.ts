import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { planeWebhookEndpoint } from '../../src/http/plane-webhooks.js';
import { startHttpServer, type RunningServer } from '../../src/http/server.js';
import { silentLogger } from '../../src/log.js';
import type { PlaneDelivery } from '../../src/plane/webhooks.js';
import { createStateStore, type StateStore } from '../../src/state/index.js';

const SECRET = 'plane_wh_inbox-test-secret';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const body = (n: number) =>
  JSON.stringify({ event: 'project', action: 'deleted', webhook_id: 'w', workspace_id: 'ws', data: { id: `p${n}` } });

async function post(server: RunningServer, text: string): Promise<number> {
  const signature = createHmac('sha256', SECRET).update(text).digest('hex');
  const answer = await fetch(`${server.url}/plane/webhooks`, { method: 'POST', headers: { 'X-Plane-Signature': signature }, body: text });
  await answer.body?.cancel();
  return answer.status;
}

/** A store that counts the writes made through it. */
function counting(store: StateStore): { store: StateStore; writes: () => number } {
  let writes = 0;
  const counted = new Proxy(store, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (['set', 'claim', 'delete', 'release', 'extend', 'setIfHeld'].includes(String(name))) writes += 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { store: counted, writes: () => writes };
}

async function bot(dataDir: string, handle: (delivery: PlaneDelivery) => Promise<void>) {
  const store = await createStateStore({ dataDir });
  const count = counting(store);
  const endpoint = planeWebhookEndpoint({ secret: SECRET, store: count.store, logger: silentLogger, handle });
  const server = await startHttpServer({ port: 0, host: '127.0.0.1', routes: [endpoint.route] });
  await endpoint.start();
  return { store, endpoint, server, writes: count.writes };
}

describe('the webhook inbox', () => {
  it('answers after one write, however many deliveries wait, and hands over what waits to the next process', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'planebot-inbox-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    // The first process never finishes handling (it dies mid-way).
    let release!: () => void;
    const stuck = new Promise<void>((resolve) => (release = resolve));
    const first = await bot(dataDir, () => stuck);
    const WAITING = 40;
    for (let n = 0; n < WAITING; n++) expect(await post(first.server, body(n))).toBe(200);
    const before = first.writes();
    expect(await post(first.server, body(WAITING))).toBe(200);
    // The answer cost one write (the delivery kept), not one per waiting delivery; the claim of the
    // new one comes once a handling slot frees, which none does here.
    expect(first.writes() - before).toBe(1);
    await first.server.close();
    await first.store.close();

    const handled: string[] = [];
    const second = await bot(dataDir, async (delivery) => {
      if (delivery.kind === 'other') handled.push(delivery.event);
    });
    cleanups.push(async () => {
      await second.server.close();
      await second.store.close();
    });
    await second.endpoint.idle();
    // Handled at most once: the four the first process had begun (claimed) are not handled again, so
    // no notice is ever posted twice; every other one is handled by the second process.
    expect(handled.length).toBe(WAITING + 1 - 4);
    release();
    // Nothing is left over: a third start would find nothing.
    const late: PlaneDelivery[] = [];
    const third = await bot(dataDir, async (delivery) => void late.push(delivery));
    cleanups.push(async () => {
      await third.server.close();
      await third.store.close();
    });
    await third.endpoint.idle();
    expect(late).toEqual([]);
  });
});
