import type { PlaneRate } from '../../../src/config.js';

/**
 * The real fixture's Celery pool, which sends the webhooks (`--concurrency 2`: one process per core
 * of a 2-core server, Celery's default); the emulator target is started alike.
 */
export const CELERY_WORKERS = 2;

/** The seeded people of the contract data (the real fixture's users; the emulator is seeded alike). */
export type Person = 'admin' | 'alice' | 'bob' | 'dana' | 'carol' | 'bot';

/**
 * A Plane the contract suite runs against: the emulator or the real Plane CE, both holding the real
 * fixture's seed (workspace `acme`; ACME-1 … ACME-12, OPS-1 … OPS-3; alice not in OPS, carol a guest).
 */
export interface ContractTarget {
  name: 'emulator' | 'real Plane';
  /** The API origin (read when a test starts: the emulator's changes with each reset). */
  readonly url: string;
  workspace: string;
  keys: Record<Person, string>;
  webhookSecret: string;
  /**
   * Back to the seed; no request may be in flight. `apiRate`: the API-key throttle wanted from now
   * (the emulator restarts with it; the real Plane keeps the rate its up.sh was given).
   */
  reset(options?: { apiRate?: PlaneRate }): Promise<void>;
  /** The API-key throttle the target enforces now (the real Plane's PLANE_CE_API_RATE_LIMIT). */
  apiRate(): PlaneRate;
  /** Sends the workspace webhook (every event) to `url`, signed with `webhookSecret`; a reset undoes it. */
  pointWebhook(url: string): Promise<void>;
  /**
   * A change made in the web app (session API) by `person`, with the web app's field names
   * (`state_id`, `priority`…), on a work item by key.
   */
  webEdit(person: Person, key: string, changes: Record<string, unknown>): Promise<void>;
}
