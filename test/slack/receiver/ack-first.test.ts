import { request as httpRequest, type ClientRequest, type ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { startHttpServer } from '../../../src/http/server.js';
import { ackFirst, type AckFirst } from '../../../src/slack/receiver/ack-first.js';
import { serversClosedAfterEach } from '../../helpers/servers.js';

const LONG_MS = 60_000;

/** A real server on loopback whose Slack route is tracked by `scheduler`; resolves to the route's URL. */
async function serve(scheduler: AckFirst, onRequest: (response: ServerResponse) => void): Promise<string> {
  const handler = scheduler.track((_request, response) => onRequest(response));
  const server = await startHttpServer({ port: 0, host: '127.0.0.1', routes: [{ method: '*', path: '/slack/events', handler }] });
  servers.push(server);
  return `${server.url}/slack/events`;
}

/** A server that holds every response until the test answers it. */
async function heldServer(scheduler: AckFirst) {
  const held: ServerResponse[] = [];
  const url = await serve(scheduler, (response) => void held.push(response));
  return {
    held,
    /** Sends a request and resolves once the server holds it. */
    async send(): Promise<ClientRequest> {
      const count = held.length;
      const request = httpRequest(url, { method: 'POST', agent: false });
      request.on('error', () => undefined);
      request.on('response', (response) => response.resume());
      request.end('{}');
      await until(() => held.length > count);
      return request;
    },
  };
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
}

/** Whether `promise` settled within `ms`. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await Promise.race([promise, new Promise((resolve) => setTimeout(resolve, ms))]);
  return settled;
}

const servers = serversClosedAfterEach();

describe('ackFirst', () => {
  it('releases held work as soon as the event loop has waited for I/O with no request waiting', async () => {
    const scheduler = ackFirst({ starvationMs: LONG_MS });
    const heldAt = performance.now();
    await scheduler.afterAck();
    expect(performance.now() - heldAt).toBeLessThan(LONG_MS / 10);
    expect(scheduler.waiting()).toBe(0);
  });

  it('holds work while the event loop never waits (a burst keeps it busy), and releases it once it does', async () => {
    const scheduler = ackFirst({ starvationMs: LONG_MS });
    const order: string[] = [];
    // 60 ms of back-to-back busy turns: a pending immediate keeps the loop from ever waiting for I/O.
    const busyUntil = performance.now() + 60;
    const burst = new Promise<void>((resolve) => {
      const spin = () => {
        const end = performance.now() + 1;
        while (performance.now() < end);
        if (performance.now() < busyUntil) setImmediate(spin);
        else resolve(void order.push('burst over'));
      };
      setImmediate(spin);
    });
    const work = scheduler.afterAck().then(() => void order.push('work'));
    await Promise.all([burst, work]);
    expect(order).toEqual(['burst over', 'work']);
  });

  it('holds work while a request waits for its ack, and releases it once that request is answered', async () => {
    const scheduler = ackFirst({ starvationMs: LONG_MS });
    const server = await heldServer(scheduler);
    await server.send();
    expect(scheduler.waiting()).toBe(1);

    const work = scheduler.afterAck();
    expect(await settlesWithin(work, 30)).toBe(false);
    server.held[0]!.end('');
    expect(scheduler.waiting()).toBe(0);
    expect(await settlesWithin(work, 1_000)).toBe(true);
  });

  it('releases held work in order, one task at a time', async () => {
    const scheduler = ackFirst({ starvationMs: LONG_MS });
    const server = await heldServer(scheduler);
    await server.send();
    const released: number[] = [];
    /** What had been released when each task's work started, a few microtasks later still. */
    const seenByTask: number[][] = [];
    const tasks = [0, 1, 2].map((i) =>
      scheduler.afterAck().then(async () => {
        released.push(i);
        for (let m = 0; m < 10; m++) await Promise.resolve();
        seenByTask.push([...released]);
      }),
    );
    expect(await settlesWithin(Promise.all(tasks), 30)).toBe(false);
    expect(released).toEqual([]);

    server.held[0]!.end('');
    await Promise.all(tasks);
    expect(released).toEqual([0, 1, 2]);
    expect(seenByTask).toEqual([[0], [0, 1], [0, 1, 2]]);
  });

  it('holds work while any request waits, and queues new work behind held work even once none waits', async () => {
    const scheduler = ackFirst({ starvationMs: LONG_MS });
    const server = await heldServer(scheduler);
    await server.send();
    await server.send();
    const order: string[] = [];
    const first = scheduler.afterAck().then(() => void order.push('first'));
    server.held[0]!.end('');
    expect(await settlesWithin(first, 30)).toBe(false);

    server.held[1]!.end('');
    const second = scheduler.afterAck().then(() => void order.push('second'));
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'second']);
  });

  it('releases held work anyway once it has waited for the starvation bound', async () => {
    const starvationMs = 50;
    const scheduler = ackFirst({ starvationMs });
    const server = await heldServer(scheduler);
    await server.send();
    const queuedAt = performance.now();
    await scheduler.afterAck();
    expect(performance.now() - queuedAt).toBeGreaterThanOrEqual(starvationMs);
    expect(scheduler.waiting()).toBe(1);
    server.held[0]!.end('');
  });

  it('never counts below zero when a request is aborted before its answer', async () => {
    const scheduler = ackFirst({ starvationMs: LONG_MS });
    const server = await heldServer(scheduler);
    const aborted = await server.send();
    await server.send();
    expect(scheduler.waiting()).toBe(2);

    const work = scheduler.afterAck();
    aborted.destroy();
    await until(() => scheduler.waiting() === 1);
    server.held[0]!.end(''); // the answer to a request already gone changes nothing
    server.held[1]!.end('');
    expect(scheduler.waiting()).toBe(0);
    await work;
    await until(() => server.held.every((response) => response.closed));
    expect(scheduler.waiting()).toBe(0);
  });
});
