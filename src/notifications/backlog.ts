import type { LateInputs } from './outbox.js';

/**
 * Webhook deliveries answered but not handled yet (they wait for a handling slot), with when each
 * arrived. The outbox holds a notice that could still absorb a later change while a delivery that
 * arrived before the notice's due time waits here; each delivery handled wakes it.
 */
export class DeliveryBacklog implements LateInputs {
  // Insertion order is arrival order, so the first is the oldest.
  private readonly waiting = new Set<{ receivedAt: number }>();
  private readonly listeners: (() => void)[] = [];

  /** A delivery came; call the returned function once it has been handled (or failed). */
  arrived(receivedAt: number): () => void {
    const arrival = { receivedAt };
    this.waiting.add(arrival);
    return () => {
      this.waiting.delete(arrival);
      for (const listener of this.listeners) listener();
    };
  }

  oldest(): number | undefined {
    return this.waiting.values().next().value?.receivedAt;
  }

  onHandled(wake: () => void): void {
    this.listeners.push(wake);
  }
}
