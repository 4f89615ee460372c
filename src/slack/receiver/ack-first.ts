/**
 * Releases the work that follows Slack's acks once the acks of the current batch have gone.
 *
 * Node reads every socket that has data in one phase of its event loop (poll), running each
 * request's handler and the promise chains it starts, and only then runs its check phase
 * (`setImmediate`). Work awaited here starts in that check phase: after every request read in the
 * same turn of the loop has been verified and acked, and before the loop reads the sockets again.
 * Requests still on their way are not in sight (unread bytes in the kernel), so they wait for this
 * batch's work as they would for any other, and the next batch's acks go before the next batch's
 * work. One immediate is scheduled per batch that has work, on the ack itself; nothing is
 * scheduled, and nothing looks, while no work waits.
 */
export interface AckFirst {
  /** Awaited right after an ack: resolves, in order, in the check phase that follows the current batch of acks. */
  afterAck(): Promise<void>;
}

export function ackFirst(): AckFirst {
  let batch: (() => void)[] = [];
  const release = () => {
    const released = batch;
    batch = [];
    for (const start of released) start();
  };
  return {
    afterAck() {
      return new Promise<void>((start) => {
        if (batch.push(start) === 1) setImmediate(release);
      });
    },
  };
}
