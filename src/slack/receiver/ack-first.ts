import type { ServerResponse } from 'node:http';
import type { Handler } from '../../http/server.js';

/**
 * How long work after an ack may be held back while acks are still to be sent. Slack retries a
 * request it has not seen acked within 3 s, so acks go first; but under sustained load there is
 * always an ack to send, and replies and runs must still move: past this bound held work runs
 * whatever the load, one task at a time between the acks, so that a reply waits a fraction of a
 * second more, unless the work itself comes faster than the process can do it.
 */
const STARVATION_MS = 250;

export interface AckFirst {
  /** Wraps the handler of Slack's requests (HTTP mode), so the scheduler sees them come and be answered. */
  track(handler: Handler): Handler;
  /**
   * Awaited right after an ack: resolves when the work that follows may run, in order, one task at a
   * time, once the process has had time to spare (see below) while no request waits for its ack — or
   * anyway, still one at a time, once it has been held for STARVATION_MS.
   */
  afterAck(): Promise<void>;
  /** Requests received and not answered yet. */
  waiting(): number;
}

/** How often held work looks again for spare time; it also bounds the added delay at light load. */
const CHECK_MS = 1;

/**
 * Gives Slack's acks priority over the work that follows them, which would otherwise delay them.
 *
 * Requests queued behind an ack are still unread in the socket buffers, invisible to the process;
 * what shows them is the event loop: it only waits for I/O (its idle time grows) when no socket has
 * anything to read. So held work is released when the loop has been idle since the last look, i.e.
 * when the process had time to spare, and no request is half-read (a body in several packets).
 * Under a burst the loop never idles and the acks go first; a released task's own I/O may then make
 * the loop idle again, which releases the next one.
 */
export function ackFirst(options: { starvationMs?: number } = {}): AckFirst {
  const starvationMs = options.starvationMs ?? STARVATION_MS;
  // Open responses; one counts as waiting until end() is called on it (its ack is then on its way).
  const open = new Set<ServerResponse>();
  const held: { since: number; release: () => void }[] = [];
  const idleMs = () => performance.eventLoopUtilization().idle;
  let idleSeen = idleMs();
  let check: NodeJS.Timeout | NodeJS.Immediate | undefined;

  const waiting = () => {
    let count = 0;
    for (const response of open) if (!response.writableEnded) count++;
    return count;
  };
  /** A timer, not setImmediate: a pending immediate keeps the loop from waiting, so from idling. */
  const scheduleCheck = () => {
    if (held.length > 0 && check === undefined) {
      const starved = performance.now() - held[0]!.since >= starvationMs;
      check = starved ? setImmediate(releaseNext) : setTimeout(releaseNext, CHECK_MS);
    }
  };
  function releaseNext(): void {
    check = undefined;
    const idle = idleMs();
    const hadTimeToSpare = idle > idleSeen;
    idleSeen = idle;
    const head = held[0];
    if (!head) return;
    const starved = performance.now() - head.since >= starvationMs;
    if (starved || (hadTimeToSpare && waiting() === 0)) held.shift()!.release();
    scheduleCheck();
  }

  return {
    track: (handler) => (request, response) => {
      open.add(response);
      // 'close' alone covers an aborted request; a finished one may emit both.
      const answered = () => open.delete(response);
      response.once('finish', answered).once('close', answered);
      return handler(request, response);
    },
    afterAck() {
      return new Promise<void>((release) => {
        // Idle time from before this hold says nothing of the requests that may be queued now.
        if (held.length === 0) idleSeen = idleMs();
        held.push({ since: performance.now(), release });
        scheduleCheck();
      });
    },
    waiting,
  };
}
