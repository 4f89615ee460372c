import type { Logger } from '../../log.js';
import { z } from 'zod';
import { defineRecord } from '../../state/record-kind.js';
import type { StateStore } from '../../state/store.js';
import { type Clock, systemClock } from './clock.js';

/** A taken edit slot. */
const slotRecord = defineRecord({ namespace: 'slack:pace', version: 1, schema: z.literal(true) });
/** How many taken slots a turn looks past before it paces itself alone (a backlog of a minute at 600 ms). */
const SLOTS_SEARCHED = 100;

/**
 * Spaces out calls of one Web API method: each `turn()` resolves at least `intervalMs` after the one
 * before it. Slack's tiers are per method and workspace (Tier 4, such as chat.appendStream, allows
 * 100+ a minute), so every stream shares one pacer, and with a store every process sharing it (the
 * replicas on one Redis) does too: time is cut in slots of `intervalMs`, and a turn claims the first
 * free slot from now on (a set-if-absent in the store), then waits for it. A store that fails (or a
 * backlog past `SLOTS_SEARCHED`) leaves the process pacing itself alone rather than hold the answer.
 */
export class Pacer {
  private next = 0;
  /** The first slot this process has not taken yet: its own claims need no second look. */
  private nextSlot = 0;

  constructor(
    private readonly intervalMs: number,
    private readonly shared?: { store: StateStore; name: string; logger: Logger },
    private readonly clock: Clock = systemClock,
  ) {}

  async turn(): Promise<void> {
    const at = (this.shared && (await this.claimSlot(this.shared))) ?? this.localTurn();
    const wait = at - this.clock.now();
    if (wait > 0) await this.clock.sleep(wait);
  }

  private localTurn(): number {
    const at = Math.max(this.clock.now(), this.next);
    this.next = at + this.intervalMs;
    return at;
  }

  /** When the slot this turn claimed begins; undefined when no slot could be claimed. */
  private async claimSlot(shared: { store: StateStore; name: string; logger: Logger }): Promise<number | undefined> {
    const first = Math.max(Math.floor(this.clock.now() / this.intervalMs), this.nextSlot);
    try {
      for (let slot = first; slot < first + SLOTS_SEARCHED; slot++) {
        // Kept a minute past its time, long after any process could still want it.
        const ttlMs = (slot + 1) * this.intervalMs - this.clock.now() + 60_000;
        if (!(await shared.store.claim(slotRecord, `${shared.name}:${slot}`, true, ttlMs))) continue;
        this.nextSlot = slot + 1;
        return slot * this.intervalMs;
      }
      shared.logger.warn(
        { method: shared.name },
        `no free ${shared.name} slot in the next ${SLOTS_SEARCHED}: this process paces itself alone`,
      );
    } catch (error) {
      shared.logger.warn({ err: error, method: shared.name }, `the store did not answer: ${shared.name} is paced by this process alone`);
    }
    return undefined;
  }
}
