import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { IncomingMessage } from 'node:http';
import { startHttpServer, type RunningServer } from '../../../src/http/server.js';
import { ackFirst } from '../../../src/slack/receiver/ack-first.js';
import { serversClosedAfterEach } from '../../helpers/servers.js';

const servers = serversClosedAfterEach();

/** Handles counted by kind: what the scheduler keeps armed shows up here. */
function armed(): { immediates: number; timers: number } {
  const resources = process.getActiveResourcesInfo();
  return { immediates: resources.filter((r) => r === 'Immediate').length, timers: resources.filter((r) => r === 'Timeout').length };
}

/** Blocks the thread, so that what was written meanwhile waits in the kernel for the next poll. */
function busyFor(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

/** A server that acks each POST to the Slack path with an empty 200, then runs `afterAck`. */
async function ackingServer(afterAck: (request: IncomingMessage) => Promise<void>): Promise<RunningServer> {
  const server = await startHttpServer({
    port: 0,
    host: '127.0.0.1',
    routes: [
      {
        method: 'POST',
        path: '/slack/events',
        handler: async (request, response) => {
          response.writeHead(200, { 'Content-Length': '0' }).end();
          await afterAck(request);
        },
      },
    ],
  });
  servers.push(server);
  return server;
}

describe('ackFirst', () => {
  it('starts the work of the requests read in one turn of the event loop after all of their acks, one task per turn', async () => {
    const scheduler = ackFirst();
    const order: string[] = [];
    const server = await ackingServer(async (request) => {
      const n = String(request.headers['x-n']);
      order.push(`ack ${n}`);
      await scheduler.afterAck();
      order.push(`work ${n}`);
    });
    const COUNT = 8;
    let accepted = 0;
    server.server.on('connection', () => accepted++);
    const sockets: Socket[] = await Promise.all(
      Array.from({ length: COUNT }, async () => {
        const socket = connect(server.port, '127.0.0.1');
        await once(socket, 'connect');
        return socket;
      }),
    );
    while (accepted < COUNT) await new Promise((resolve) => setImmediate(resolve));
    const answered = sockets.map((socket) => once(socket, 'data'));
    // Every request is in the kernel before the server's next poll: one batch, read in one turn.
    sockets.forEach((socket, n) => socket.write(`POST /slack/events HTTP/1.1\r\nHost: x\r\nX-N: ${n}\r\nContent-Length: 0\r\n\r\n`));
    busyFor(50);
    await Promise.all(answered);
    while (order.length < 2 * COUNT) await new Promise((resolve) => setImmediate(resolve));
    for (const socket of sockets) socket.destroy();

    const all = Array.from({ length: COUNT }, (_, n) => n);
    expect(order).toEqual([...all.map((n) => `ack ${n}`), ...all.map((n) => `work ${n}`)]);
  });

  it('acks a request that came while work waits before the next task: it waits for one task, not the backlog', async () => {
    const scheduler = ackFirst();
    const order: string[] = [];
    const server = await ackingServer(async () => {
      order.push('ack');
    });
    const socket = connect(server.port, '127.0.0.1');
    await once(socket, 'connect');
    const answered = once(socket, 'data');
    const work = [0, 1, 2].map((n) =>
      scheduler.afterAck().then(() => {
        order.push(`work ${n}`);
        // The request is written while the first task runs: it is in the kernel at the next poll.
        if (n === 0) socket.write('POST /slack/events HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n');
        busyFor(20);
      }),
    );
    await Promise.all([...work, answered]);
    socket.destroy();
    expect(order).toEqual(['work 0', 'ack', 'work 1', 'work 2']);
  });

  it('keeps one immediate armed while work waits, and no timer, and nothing once it is released', async () => {
    const scheduler = ackFirst();
    const before = armed();
    const released: number[] = [];
    const work = [0, 1, 2, 3, 4].map((i) => scheduler.afterAck().then(() => void released.push(i)));
    expect(armed()).toEqual({ immediates: before.immediates + 1, timers: before.timers });
    await Promise.all(work);
    expect(released).toEqual([0, 1, 2, 3, 4]);
    expect(armed()).toEqual(before);
  });

  it('starts held work in the next turn of the loop however busy the loop is', async () => {
    const scheduler = ackFirst();
    const order: string[] = [];
    // 60 ms of back-to-back busy turns: held work does not wait for the loop to go idle.
    const busyUntil = performance.now() + 60;
    const burst = new Promise<void>((resolve) => {
      const spin = () => {
        busyFor(1);
        if (performance.now() < busyUntil) setImmediate(spin);
        else resolve(void order.push('burst over'));
      };
      setImmediate(spin);
    });
    const work = scheduler.afterAck().then(() => void order.push('work'));
    await Promise.all([burst, work]);
    expect(order).toEqual(['work', 'burst over']);
  });

  it('holds work awaited by work already released for the next batch, in the next turn of the loop', async () => {
    const scheduler = ackFirst();
    const order: string[] = [];
    const later = scheduler.afterAck().then(async () => {
      order.push('first batch');
      // An ack made by work already released belongs to the next batch.
      setImmediate(() => order.push('an immediate queued by the first batch'));
      await scheduler.afterAck();
      order.push('second batch');
    });
    await later;
    expect(order).toEqual(['first batch', 'an immediate queued by the first batch', 'second batch']);
  });
});
