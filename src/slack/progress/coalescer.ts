import { type Clock, systemClock } from './clock.js';

export interface CoalescerOptions<T> {
  send(value: T): Promise<void>;
  /** The least time between the starts of two sends. */
  intervalMs: number;
  /** A send failed; the value is dropped (a newer one will be sent when it comes). */
  onError(error: unknown): void;
  /** Nothing waits to be sent and the interval since the last send is over. */
  onIdle?(): void;
  /** What the interval is measured by (the system's clock by default). */
  clock?: Clock;
}

/**
 * Sends the latest of a stream of values at most once per interval: values pushed while a send is
 * in flight or the interval runs replace each other, and the newest is sent next. A send that is
 * slow (a rate-limited call waiting out Retry-After) only delays the newest value, never loses it.
 */
export class Coalescer<T> {
  private latest: { value: T } | undefined;
  private running = false;
  private sending = false;
  private lastStart = Number.NEGATIVE_INFINITY;
  private waiters: (() => void)[] = [];

  constructor(private readonly options: CoalescerOptions<T>) {}

  push(value: T): void {
    this.latest = { value };
    if (!this.running) void this.run();
  }

  /** Resolves once the latest value pushed so far has been sent (or has failed). */
  flush(): Promise<void> {
    if (!this.latest && !this.sending) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private async run(): Promise<void> {
    const clock = this.options.clock ?? systemClock;
    this.running = true;
    for (;;) {
      const wait = this.lastStart + this.options.intervalMs - clock.now();
      if (wait > 0) await clock.sleep(wait);
      const next = this.latest;
      if (!next) break;
      this.latest = undefined;
      this.sending = true;
      this.lastStart = clock.now();
      try {
        await this.options.send(next.value);
      } catch (error) {
        this.options.onError(error);
      } finally {
        this.sending = false;
      }
      if (!this.latest) for (const resolve of this.waiters.splice(0)) resolve();
    }
    this.running = false;
    this.options.onIdle?.();
  }
}
