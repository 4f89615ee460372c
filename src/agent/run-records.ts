import { z } from 'zod';
import { defineRecord } from '../state/record-kind.js';
import type { Requester } from '../tools/registry.js';
import type { ApprovalOutcome } from './front-end.js';
import type { SavedRun } from './run.js';

/** A saved run or a decision is forgotten after this long. */
export const KEEP_MS = 7 * 24 * 3_600_000;

export const requesterSchema = z.looseObject({
  id: z.string(),
  name: z.string().optional(),
  email: z.string().optional(),
  locale: z.string().optional(),
});
/** A model message: its role and its content, down to the blocks' types. */
export const modelMessageSchema = z.looseObject({
  role: z.enum(['user', 'assistant']),
  content: z.union([z.string(), z.array(z.looseObject({ type: z.string() }))]),
});
const pendingCall = z.looseObject({ id: z.string(), name: z.string(), description: z.string(), asked: z.boolean() });

/**
 * What a run needs to go on in another process after a deploy: the fields the runtime reads are
 * checked (the model's messages down to their blocks' types, the plan, the counters, the waiting
 * turn); the front end's state and each message's inner content stay opaque, as their owners read
 * them. Sub-agents' runs are runs of the same shape.
 */
const savedRun: z.ZodType<SavedRun> = z.lazy(() =>
  z.looseObject({
    id: z.string(),
    threadKey: z.string(),
    status: z.enum(['running', 'waiting', 'failed', 'stopped']),
    message: z.looseObject({ requester: requesterSchema, context: z.looseObject({}) }),
    frontEndState: z.unknown().optional(),
    historyLength: z.number().int().nonnegative(),
    messages: z.array(modelMessageSchema),
    plan: z.array(z.looseObject({ id: z.string(), content: z.string(), status: z.string() })),
    usage: z.looseObject({
      requests: z.number(),
      inputTokens: z.number(),
      outputTokens: z.number(),
      cacheReadTokens: z.number(),
      cacheWriteTokens: z.number(),
    }),
    iterations: z.number(),
    toolCalls: z.number(),
    startedAt: z.number(),
    retries: z.looseObject({ pauses: z.number(), nudges: z.number(), longer: z.number() }),
    maxTokens: z.number(),
    pending: z.looseObject({ calls: z.array(pendingCall), deadline: z.number() }).optional(),
    unshownAnswer: z.unknown().optional(),
    stoppedBy: requesterSchema.optional(),
    delegations: z.record(z.string(), z.array(z.looseObject({ title: z.string(), prompt: z.string(), run: savedRun }))).optional(),
  }),
) as unknown as z.ZodType<SavedRun>;

export const runRecord = defineRecord({ namespace: 'agent:run', version: 1, schema: savedRun, ttlMs: KEEP_MS });

/** Unfinished runs (running or waiting), each with its approval deadline while it waits. */
export type RunIndex = Record<string, { deadline?: number }>;
export const runIndexRecord = defineRecord<RunIndex>({
  namespace: 'agent:index',
  version: 1,
  schema: z.record(z.string(), z.object({ deadline: z.number().optional() })) as z.ZodType<RunIndex>,
});

/** A decision as claimed (`expired` is recorded by the approval timeout): what the front end is told. */
export type DecisionRecord = ApprovalOutcome;
export const decisionRecord = defineRecord<DecisionRecord>({
  namespace: 'agent:decision',
  version: 1,
  schema: z.looseObject({
    decision: z.enum(['approve', 'approve_thread', 'deny', 'expired', 'unshown', 'withdrawn']),
    decidedBy: requesterSchema.optional(),
    reason: z.string().optional(),
    at: z.number(),
  }) as unknown as z.ZodType<DecisionRecord>,
  ttlMs: KEEP_MS,
});

/** A person asked for the run to stop: whichever process drives it (or next claims it) stops it. */
export interface StopRecord {
  by: Requester;
  at: number;
}
export const stopRecord = defineRecord<StopRecord>({
  namespace: 'agent:stop',
  version: 1,
  schema: z.object({ by: requesterSchema, at: z.number() }) as z.ZodType<StopRecord>,
  ttlMs: KEEP_MS,
});

/** The token of the process driving a run. */
export const leaseRecord = defineRecord({ namespace: 'agent:lease', version: 1, schema: z.string() });
