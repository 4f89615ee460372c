import type { ServerResponse } from 'node:http';
import type { Handler } from '../http/server.js';

/**
 * How long work after an ack may be held back while acks are still to be sent. Slack retries a
 * request it has not seen acked within 3 s, so acks go first; but under sustained load there is
 * always an ack to send, and replies and runs must still move: past this bound held work runs
 * whatever the load, which keeps a reply's extra delay a fraction of a second.
 */
const STARVATION_MS = 250;

export interface AckFirst {
  /** Wraps the handler of Slack's requests (HTTP mode), so the scheduler sees them come and be answered. */
  track(handler: Handler): Handler;
  /**
   * Awaited right after an ack: resolves when the work that follows may run, in order, one task per
   * event-loop turn, on a turn that brought no new Slack request while none is still waiting for its
   * ack — or anyway once it has been held for STARVATION_MS.
   */
  afterAck(): Promise<void>;
  /** Requests received and not answered yet. */
  waiting(): number;
}

/**
 * Gives Slack's acks priority over the work that follows them, which would otherwise delay them.
 *
 * Node runs a request from its bytes to its ack in one go, so when an ack is sent no other request
 * is ever seen waiting: the ones behind it are still unread in the socket buffers. Work is therefore
 * released after the event loop's poll (setImmediate), and only on a turn whose poll brought no new
 * request, a sign that none is queued behind; the count of unanswered requests covers the rest
 * (a body that arrives in several packets).
 */
export function ackFirst(options: { starvationMs?: number } = {}): AckFirst {
  const starvationMs = options.starvationMs ?? STARVATION_MS;
  // Open responses; one counts as waiting until end() is called on it (its ack is then on its way).
  const open = new Set<ServerResponse>();
  const held: { since: number; release: () => void }[] = [];
  let arrivedThisTurn = false;
  let turn: NodeJS.Immediate | undefined;
  let deadline: NodeJS.Timeout | undefined;

  const waiting = () => {
    let count = 0;
    for (const response of open) if (!response.writableEnded) count++;
    return count;
  };
  const schedule = () => {
    if (held.length > 0 && turn === undefined) turn = setImmediate(releaseNext);
  };
  function releaseNext(): void {
    turn = undefined;
    const arrived = arrivedThisTurn;
    arrivedThisTurn = false;
    const now = performance.now();
    while (held.length > 0 && now - held[0]!.since >= starvationMs) held.shift()!.release();
    const head = held[0];
    if (!head) {
      clearTimeout(deadline);
      deadline = undefined;
      return;
    }
    if (waiting() > 0) {
      // Woken by the next answered request, or by the head's deadline, whichever comes first.
      deadline ??= setTimeout(() => {
        deadline = undefined;
        schedule();
      }, head.since + starvationMs - now);
      return;
    }
    // A turn that brought requests may have left more unread: look again on the next one.
    if (!arrived) held.shift()!.release();
    schedule();
  }

  return {
    track: (handler) => (request, response) => {
      open.add(response);
      arrivedThisTurn = true;
      const answered = () => {
        open.delete(response);
        schedule();
      };
      // 'close' alone covers an aborted request; a finished one may emit both, hence the Set.
      response.once('finish', answered).once('close', answered);
      return handler(request, response);
    },
    afterAck() {
      return new Promise<void>((release) => {
        held.push({ since: performance.now(), release });
        schedule();
      });
    },
    waiting,
  };
}
