import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Spaces out calls of one Web API method from this process: each `turn()` resolves at least
 * `intervalMs` after the one before it. Slack's tiers are per method and workspace (Tier 4, such as
 * chat.appendStream, allows 100+ a minute), so every stream of the process shares one pacer.
 */
export class Pacer {
  private next = 0;

  constructor(private readonly intervalMs: number) {}

  async turn(): Promise<void> {
    const now = Date.now();
    const at = Math.max(now, this.next);
    this.next = at + this.intervalMs;
    if (at > now) await sleep(at - now);
  }
}
