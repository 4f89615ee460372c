import { buildStatus, type SubAgentLineView } from '../blocks/status.js';
import type { SlackMessage } from '../blocks/types.js';
import type { Translator } from '../../i18n/index.js';
import type { PlanItem } from '../../agent/index.js';

/** What the status message says before the run's first step is known. */
export const THINKING = 'Thinking…';

/** A run under way; with its id, the message carries the Stop button (in `t`'s language); its sub-agents nest under the plan. */
export function workingStatus(
  plan: readonly PlanItem[] = [],
  step: string = THINKING,
  { runId, subAgents = [], t }: { runId?: string; subAgents?: readonly SubAgentLineView[]; t?: Translator } = {},
): SlackMessage {
  return buildStatus({ phase: 'running', plan, step, subAgents, ...(runId !== undefined && { stopValue: runId }) }, t);
}

/** A message that waits for the run before it in the same thread (one run at a time per thread). */
export function queuedStatus(position: number): SlackMessage {
  const ahead = position === 1 ? 'the run in progress in this thread' : `the run in progress and ${position - 1} more message(s) in this thread`;
  return buildStatus({ phase: 'running', plan: [], step: `Queued: starts after ${ahead}.` });
}
