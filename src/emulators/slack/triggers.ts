import { newTriggerId } from './ids.js';

/** Slack's rule for a trigger_id: usable once, within 3 seconds of the interaction that made it. */
export const TRIGGER_LIFETIME_MS = 3_000;

interface Trigger {
  user: string;
  issuedAt: number;
  used: boolean;
}

/**
 * The trigger_ids handed out with commands, clicks, shortcuts and view submissions, and the rule
 * views.open applies to them: unknown → `invalid_trigger_id`, used before → `exchanged_trigger_id`,
 * older than three seconds → `expired_trigger_id`.
 */
export class Triggers {
  private readonly issued = new Map<string, Trigger>();

  constructor(private readonly lifetimeMs = TRIGGER_LIFETIME_MS) {}

  issue(user: string): string {
    const id = newTriggerId();
    this.issued.set(id, { user, issuedAt: Date.now(), used: false });
    return id;
  }

  /** The person the trigger belongs to, or the Web API error code that refuses it. */
  exchange(id: string): { user: string } | { error: 'invalid_trigger_id' | 'exchanged_trigger_id' | 'expired_trigger_id' } {
    const trigger = this.issued.get(id);
    if (!trigger) return { error: 'invalid_trigger_id' };
    if (trigger.used) return { error: 'exchanged_trigger_id' };
    if (Date.now() - trigger.issuedAt > this.lifetimeMs) return { error: 'expired_trigger_id' };
    trigger.used = true;
    return { user: trigger.user };
  }
}
