import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { RetryHeaders } from '../delivery.js';
import { newSecretPath } from '../ids.js';
import type { RequestKind } from '../signing.js';
import { disconnectFrame, envelopeFrame, helloFrame, parseAck, type AckFrame } from './frames.js';

/** Slack pings its end of the socket; the client starts timing the pings once the first one came. */
const PING_INTERVAL_MS = 10_000;
/** How long closing the emulator waits for an app to answer its close frame. */
const CLOSE_WAIT_MS = 1_000;

/** One WebSocket an app opened, as a test may inspect it. */
export interface SocketConnection {
  id: number;
  openedAt: number;
  closedAt?: number;
  /** 1000 when the app closed it normally (its `disconnect()`), 1001 when the emulator closed. */
  closeCode?: number;
}

/** An envelope written on a socket, and how the app answered it. */
export interface SocketSend {
  envelopeId: string;
  /** The frame as sent. */
  frame: string;
  /** The ack, or `timeout` / `connection_closed`. */
  answer: Promise<{ ack: AckFrame } | { error: string }>;
}

type Settle = (outcome: { ack: AckFrame } | { error: string }) => void;

/**
 * Socket Mode's server side: `apps.connections.open` hands out one-use `ws://` URLs; each socket
 * opened with one gets `hello`, then envelopes (one connection per envelope, in turns, as Slack
 * spreads them over up to 10), and the app's acks are matched to them by `envelope_id`.
 */
export class SocketConnections {
  /** Every connection so far, open or closed, in order. */
  readonly connections: SocketConnection[] = [];
  private readonly open = new Map<SocketConnection, WebSocket>();
  private readonly tickets = new Set<string>();
  private readonly pending = new Map<string, { connection: SocketConnection; settle: Settle }>();
  private readonly server = new WebSocketServer({ noServer: true });
  private readonly pings: NodeJS.Timeout;
  private turn = 0;

  constructor(
    private readonly appId: string,
    private readonly origin: () => string,
  ) {
    this.pings = setInterval(() => {
      for (const socket of this.open.values()) socket.ping();
    }, PING_INTERVAL_MS);
    this.pings.unref();
  }

  get openCount(): number {
    return this.open.size;
  }

  /** What `apps.connections.open` answers: shaped like Slack's `wss://…/link/?ticket=…&app_id=…`. */
  issueUrl(): string {
    const ticket = newSecretPath();
    this.tickets.add(ticket);
    const url = new URL('/link/', this.origin().replace(/^http/, 'ws'));
    url.searchParams.set('ticket', ticket);
    url.searchParams.set('app_id', this.appId);
    return url.toString();
  }

  /** The HTTP server's `upgrade`: only a ticket not used yet opens a socket. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'ws://emulator');
    if (url.pathname !== '/link/' || !this.tickets.delete(url.searchParams.get('ticket') ?? '')) {
      socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    this.server.handleUpgrade(req, socket, head, (ws) => this.accept(ws));
  }

  /** Writes one envelope on an open socket; undefined when the app has none open. */
  send(kind: RequestKind, payload: Record<string, unknown>, retry: RetryHeaders | undefined, timeoutMs: number): SocketSend | undefined {
    const open = [...this.open].filter(([, socket]) => socket.readyState === socket.OPEN);
    const [connection, socket] = open[this.turn++ % Math.max(open.length, 1)] ?? [];
    if (!connection || !socket) return undefined;
    const envelopeId = randomUUID();
    const frame = JSON.stringify(envelopeFrame(kind, payload, envelopeId, retry));
    const answer = new Promise<{ ack: AckFrame } | { error: string }>((resolve) => {
      const timer = setTimeout(() => settle({ error: 'timeout' }), timeoutMs);
      const settle: Settle = (outcome) => {
        clearTimeout(timer);
        this.pending.delete(envelopeId);
        resolve(outcome);
      };
      this.pending.set(envelopeId, { connection, settle });
    });
    socket.send(frame);
    return { envelopeId, frame, answer };
  }

  /** Sends Slack's `disconnect` frame on every open socket; the client closes it and reconnects. */
  requestReconnect(reason: string): void {
    const frame = JSON.stringify(disconnectFrame(reason));
    for (const socket of this.open.values()) socket.send(frame);
  }

  async close(): Promise<void> {
    clearInterval(this.pings);
    const closing = [...this.open.values()].map(
      (socket) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(() => socket.terminate(), CLOSE_WAIT_MS);
          socket.once('close', () => {
            clearTimeout(timer);
            resolve();
          });
          socket.close(1001, 'emulator closing');
        }),
    );
    await Promise.all(closing);
    this.server.close();
  }

  private accept(socket: WebSocket): void {
    const connection: SocketConnection = { id: this.connections.length + 1, openedAt: Date.now() };
    this.connections.push(connection);
    this.open.set(connection, socket);
    socket.on('message', (data, isBinary) => {
      // The client ignores binary frames; so does Slack.
      if (!isBinary) this.acked((data as Buffer).toString('utf8'));
    });
    // A broken socket also closes; the error itself tells the test nothing more.
    socket.on('error', () => undefined);
    socket.on('close', (code) => {
      Object.assign(connection, { closedAt: Date.now(), closeCode: code });
      this.open.delete(connection);
      for (const entry of [...this.pending.values()]) if (entry.connection === connection) entry.settle({ error: 'connection_closed' });
    });
    socket.send(JSON.stringify(helloFrame(this.appId, this.open.size)));
  }

  /** An ack of an envelope nobody waits for any more (late, or unknown) is dropped. */
  private acked(text: string): void {
    const ack = parseAck(text);
    if (ack) this.pending.get(ack.envelopeId)?.settle({ ack });
  }
}
