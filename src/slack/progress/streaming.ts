import type { App } from '@slack/bolt';
import type { Logger } from '../../log.js';
import { z } from 'zod';
import { defineRecord } from '../../state/record-kind.js';
import type { StateStore } from '../../state/store.js';

/**
 * How long a workspace's refusal is believed. A day: a workspace that gains the feature (a plan
 * change, an app setting) gets native streaming back without a restart, and one that lacks it is
 * asked once a day at most.
 */
const REFUSAL_MS = 24 * 3_600_000;

/**
 * Answers of the streaming methods that mean the workspace (or this app) has no native streaming at
 * all, as GovSlack has none: remembered for the workspace. Other errors (a channel type that cannot
 * stream, a DM whose Messages tab is off) fall back for the one run.
 */
export const WORKSPACE_REFUSALS: ReadonlySet<string> = new Set([
  'unknown_method',
  'not_allowed',
  'not_allowed_token_type',
  'feature_not_enabled',
  'method_deprecated',
  'team_not_allowed',
]);

interface Refusal {
  error: string;
  at: number;
}

const refusalRecord = defineRecord<Refusal>({
  namespace: 'slack:streaming',
  version: 1,
  schema: z.object({ error: z.string(), at: z.number() }),
});

/**
 * Whether this workspace streams answers natively, as Slack's answers said: nothing is known until
 * the first chat.startStream; a refusal in WORKSPACE_REFUSALS is remembered in the state store, so
 * every replica falls back to post-and-edit after the first refusal and stays there.
 */
export class StreamingSupport {
  private team?: Promise<string | undefined>;

  constructor(
    private readonly client: App['client'],
    private readonly store: StateStore,
    private readonly logger: Logger,
  ) {}

  /** The workspace of the bot token (needed as `recipient_team_id`), asked once per process. */
  teamId(): Promise<string | undefined> {
    this.team ??= this.client.auth.test().then(
      (answer) => answer.team_id,
      (error: unknown) => {
        this.logger.warn({ err: error }, 'auth.test failed: answers are posted and edited instead of streamed');
        this.team = undefined;
        return undefined;
      },
    );
    return this.team;
  }

  /** False once the workspace refused native streaming (within the last day). */
  async available(teamId: string): Promise<boolean> {
    return (await this.store.get(refusalRecord, teamId)) === undefined;
  }

  /** Remembers a refusal that holds for the whole workspace; says whether `error` was one. */
  async refused(teamId: string, error: string | undefined): Promise<boolean> {
    if (!error || !WORKSPACE_REFUSALS.has(error)) return false;
    await this.store.set(refusalRecord, teamId, { error, at: Date.now() }, REFUSAL_MS);
    this.logger.info({ teamId, error }, 'this workspace has no native streaming: answers are posted and edited');
    return true;
  }
}
