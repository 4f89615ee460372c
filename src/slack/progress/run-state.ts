import { z } from 'zod';

/**
 * What the Slack front end saves with a run (the agent keeps it as opaque JSON): where the run's
 * thread and status message are, so that any process can rebuild its reporter and approver.
 */
export const runStateSchema = z.object({
  channel: z.string().min(1),
  /** The thread's parent ts. */
  threadTs: z.string().min(1),
  /** The status message the run edits. */
  statusTs: z.string().min(1),
  /**
   * The status message does not say the run is under way yet (it was queued, or is being retried):
   * the reporter shows "Working…" as soon as the run is driven.
   */
  startPending: z.boolean().optional(),
});

export type RunState = z.infer<typeof runStateSchema>;

/** A thread is named by its channel and parent ts; the agent's conversations use this key. */
export function threadKey(channel: string, threadTs: string): string {
  return `${channel}:${threadTs}`;
}

export function parseRunState(saved: unknown): RunState {
  const parsed = runStateSchema.safeParse(saved);
  if (!parsed.success) throw new Error(`Not a Slack run state: ${JSON.stringify(saved)}`);
  return parsed.data;
}
