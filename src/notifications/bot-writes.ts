import { setTimeout as sleep } from 'node:timers/promises';
import type { PlaneApi } from '../plane/api.js';
import type { ChatThread } from '../plane/kit.js';
import { memberName } from '../plane/member-names.js';
import type { WebhookPerson } from '../plane/webhooks.js';
import { defineRecord } from '../state/record-kind.js';
import type { StateStore } from '../state/store.js';
import { z } from 'zod';

/** Plane's echo of a write comes within seconds; a minute covers a slow worker. */
const KEEP_MS = 2 * 60_000;
const NOTE_WAIT_MS = 2_000;

/** A change the bot made with its API key, for a person, and where it told them so. */
export interface BotWrite {
  /** Who asked (a name). */
  by?: string;
  /** The thread where the bot confirmed it, when it did so in one. */
  confirmedIn?: ChatThread;
}

const botWriteRecord = defineRecord<BotWrite>({
  namespace: 'notify:bot-writes',
  version: 1,
  schema: z.object({ by: z.string().optional(), confirmedIn: z.object({ channel: z.string(), threadTs: z.string() }).optional() }),
  ttlMs: KEEP_MS,
});

export interface Attribution {
  /** The name to show as the author. */
  actor: string;
  /** Set when the bot itself confirmed the change in that thread: it is not posted there again. */
  confirmedIn?: ChatThread;
}

/**
 * Plane cannot tell whom the bot acted for (every change through its key is the key's user), so the
 * bot notes its own writes here, keyed by work item key and field (`created` and `comment` for those),
 * and reads them back when Plane's webhook echoes the change.
 */
export class BotWrites {
  constructor(
    private readonly store: StateStore,
    private readonly waitMs = NOTE_WAIT_MS,
  ) {}

  /** A creation is noted once Plane answered, which may be after its webhook came: wait for it a little. */
  private async noted(key: string): Promise<BotWrite | undefined> {
    const deadline = Date.now() + this.waitMs;
    for (;;) {
      const write = await this.store.get(botWriteRecord, key);
      if (write !== undefined || Date.now() >= deadline) return write;
      await sleep(100);
    }
  }

  async record(key: string, fields: readonly string[], write: BotWrite): Promise<void> {
    await Promise.all(fields.map((field) => this.store.set(botWriteRecord, `${key.toUpperCase()}:${field}`, write)));
  }

  /** `field` null means the creation. */
  async attribution(api: PlaneApi, key: string, field: string | null, actor: WebhookPerson | undefined): Promise<Attribution> {
    const name = actor
      ? memberName({
          ...actor,
          email: actor.email ?? undefined,
          display_name: actor.display_name ?? undefined,
          first_name: actor.first_name ?? undefined,
          last_name: actor.last_name ?? undefined,
        })
      : 'someone';
    if (!actor) return { actor: name };
    const me = await api.me();
    if (me.id.toLowerCase() !== actor.id.toLowerCase()) return { actor: name };
    const write = await this.noted(`${key.toUpperCase()}:${field ?? 'created'}`);
    return { actor: write?.by ?? name, ...(write?.confirmedIn !== undefined && { confirmedIn: write.confirmedIn }) };
  }
}
