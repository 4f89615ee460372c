import { z } from 'zod';
import { defineRecord } from '../state/record-kind.js';

/** The records the intake desk keeps (docs/state.md lists their namespaces). */

const DAY_MS = 24 * 3_600_000;

/** A channel that is an intake desk for a project. */
export const intakeChannel = z.object({
  channel: z.string(),
  projectId: z.string(),
  /** The project's identifier (ACME), for what the bot says. */
  project: z.string(),
  /** The reaction that files a message, without colons (`ticket`). */
  emoji: z.string(),
  /** Every new top-level message of a person is filed. */
  auto: z.boolean(),
  setBy: z.string(),
});
export type IntakeChannel = z.infer<typeof intakeChannel>;

export const INTAKE_CHANNELS = defineRecord({ namespace: 'intake:channels', version: 1, schema: intakeChannel });

/** A message being filed or filed: claimed once, whatever the trigger, retry or replica. */
export const INTAKE_CLAIMS = defineRecord({
  namespace: 'intake:claims',
  version: 1,
  schema: z.object({ at: z.number() }),
  ttlMs: 90 * DAY_MS,
});

/** A message asked to be filed, as the desk needs it to file it later (after the duplicate offer). */
export const ask = z.object({
  channel: z.string(),
  messageTs: z.string(),
  /** Where the bot answers: the message's thread. */
  threadTs: z.string(),
  askerId: z.string(),
  askerName: z.string(),
  locale: z.string(),
  text: z.string(),
  /** The title the model drafted before the duplicate check (the agent on); filing uses it as is. */
  title: z.string().optional(),
  permalink: z.string(),
  files: z.array(z.object({ name: z.string(), url: z.string().optional() })),
});
export type Ask = z.infer<typeof ask>;

export const candidate = z.object({
  itemId: z.string(),
  key: z.string(),
  title: z.string(),
  state: z.string(),
  url: z.string(),
  /** A pending intake request rather than a work item. */
  pending: z.boolean(),
  similarity: z.number(),
});
export type Candidate = z.infer<typeof candidate>;

/** The duplicate offer waiting for the asker's choice. */
export const INTAKE_OFFERS = defineRecord({
  namespace: 'intake:offers',
  version: 1,
  schema: z.object({ ask, projectId: z.string(), candidates: z.array(candidate) }),
  ttlMs: 7 * DAY_MS,
});
export type Offer = z.infer<typeof INTAKE_OFFERS.schema>;

/** A thread that hears about a work item: the asker's, filed or "same as". */
export const follower = z.object({
  channel: z.string(),
  threadTs: z.string(),
  askerId: z.string(),
  locale: z.string(),
});
export type Follower = z.infer<typeof follower>;

/** A work item the desk filed or pointed an asker to, with the threads that follow it. */
export const INTAKE_REQUESTS = defineRecord({
  namespace: 'intake:requests',
  version: 1,
  schema: z.object({
    itemId: z.string(),
    key: z.string(),
    projectId: z.string(),
    followers: z.array(follower),
  }),
  ttlMs: 365 * DAY_MS,
});
export type FollowedItem = z.infer<typeof INTAKE_REQUESTS.schema>;

/** Per project, the work items still waiting in Intake (what the poll looks at); key `index`. */
export const INTAKE_PENDING = defineRecord({ namespace: 'intake:pending', version: 1, schema: z.record(z.string(), z.array(z.string())) });

/** News already told in a thread (once each): `<item>:<channel>:<thread>:<news>`. */
export const INTAKE_TOLD = defineRecord({
  namespace: 'intake:told',
  version: 1,
  schema: z.object({ at: z.number() }),
  ttlMs: 365 * DAY_MS,
});

/** A project's poll slot: whoever claims it polls, and nobody again before it lapses. */
export const INTAKE_POLL = defineRecord({ namespace: 'intake:poll', version: 1, schema: z.object({ at: z.number() }) });

/** A channel's settings (`/plane config`): its default project and the agent's instruction there. */
export const channelSettings = z.object({
  /** The project's identifier (ACME): used when a request there names none. */
  defaultProject: z.string().optional(),
  /** Guidance for the agent in that channel, below the system prompt's rules; it grants nothing. */
  instruction: z.string().optional(),
  setBy: z.string().optional(),
});
export type ChannelSettings = z.infer<typeof channelSettings>;
export const CHANNEL_SETTINGS = defineRecord({ namespace: 'channel:settings', version: 1, schema: channelSettings });
