/**
 * Releases the work that follows Slack's acks one task per turn of the event loop, each after the
 * acks that turn read.
 *
 * Node reads every socket that has data in one phase of its event loop (poll), running each
 * request's handler and the promise chains it starts, and only then runs its check phase
 * (`setImmediate`). Held work starts there, one task per turn: after every request read in that
 * turn has been verified and acked, and before the loop reads the sockets again. A request that
 * comes while work waits therefore waits for at most one task, never for the whole backlog, which
 * under sustained load would put every ack behind every reply. An immediate is armed only while
 * work waits and each one starts a task, so nothing spins and nothing looks when there is none.
 */
export interface AckFirst {
  /** Awaited right after an ack: resolves, in order, one per turn of the loop, after that turn's acks. */
  afterAck(): Promise<void>;
}

export function ackFirst(): AckFirst {
  const held: (() => void)[] = [];
  let armed = false;
  const startNext = () => {
    held.shift()?.();
    // Queued from the check phase, the next one runs in the next turn, after that turn's acks.
    if (held.length > 0) setImmediate(startNext);
    else armed = false;
  };
  return {
    afterAck() {
      return new Promise<void>((start) => {
        held.push(start);
        if (!armed) {
          armed = true;
          setImmediate(startNext);
        }
      });
    },
  };
}
