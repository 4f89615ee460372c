import { request as httpRequest, type ClientRequest, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startHttpServer, type RunningServer } from '../../src/http/server.js';
import { ackFirst, type AckFirst } from '../../src/slack/ack-first.js';
import { eventsAfterAcks } from '../../src/slack/middleware/events-after-acks.js';

const LONG_MS = 60_000;
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

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

/** Whether `promise` settled within a few event-loop turns. */
async function settlesSoon(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  for (let i = 0; i < 5; i++) await turn();
  return settled;
}

const servers: RunningServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.server.closeAllConnections();
    await server.close();
  }
});

describe('ackFirst', () => {
  it('releases on the first turn when no request came in', async () => {
    const scheduler = ackFirst();
    const first = await Promise.race([scheduler.afterAck().then(() => 'released'), turn().then(() => 'next turn')]);
    expect(first).toBe('released');
    expect(scheduler.waiting()).toBe(0);
  });

  it('holds the work of a request answered at once for one more turn, in case more arrived behind it', async () => {
    const scheduler = ackFirst({ starvationMs: LONG_MS });
    const order: string[] = [];
    let work: Promise<void> | undefined;
    const url = await serve(scheduler, (response) => {
      response.end(''); // the ack
      work = scheduler.afterAck().then(() => void order.push('work'));
      setImmediate(() => order.push('end of the turn that brought the request'));
    });
    await (await fetch(url, { method: 'POST', body: '{}' })).arrayBuffer();
    await until(() => work !== undefined);
    await work;
    expect(order).toEqual(['end of the turn that brought the request', 'work']);
  });

  it('holds work while a request waits for its ack, and releases it once that request is answered', async () => {
    const scheduler = ackFirst({ starvationMs: LONG_MS });
    const server = await heldServer(scheduler);
    await server.send();
    expect(scheduler.waiting()).toBe(1);

    const work = scheduler.afterAck();
    expect(await settlesSoon(work)).toBe(false);
    server.held[0]!.end('');
    expect(scheduler.waiting()).toBe(0);
    expect(await settlesSoon(work)).toBe(true);
  });

  it('releases held work in order, one task per event-loop turn', async () => {
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
    expect(await settlesSoon(Promise.all(tasks))).toBe(false);
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
    expect(await settlesSoon(first)).toBe(false);

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

describe('eventsAfterAcks', () => {
  it("holds an event's middleware and listeners until afterAck resolves; other requests go straight on", async () => {
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const middleware = eventsAfterAcks(() => gate);
    const handled: string[] = [];
    const run = (type: string) =>
      middleware({ body: { type }, next: async () => void handled.push(type) } as unknown as Parameters<typeof middleware>[0]);

    await run('block_actions');
    const event = run('event_callback');
    expect(await settlesSoon(event)).toBe(false);
    expect(handled).toEqual(['block_actions']);
    release();
    await event;
    expect(handled).toEqual(['block_actions', 'event_callback']);
  });
});
