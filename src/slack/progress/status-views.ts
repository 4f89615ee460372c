import { buildStatus, type SubAgentLineView } from './status.blocks.js';
import type { SlackMessage } from '../blocks/types.js';
import type { Translator } from '../../i18n/index.js';
import type { PlanItem } from '../../agent/index.js';

/**
 * A run under way, in `t`'s language: "Thinking…" until its first step is known; with its id, the
 * message carries the Stop button; its sub-agents nest under the plan.
 */
export function workingStatus(
  t: Translator,
  {
    plan = [],
    step = t.t('run.thinking'),
    runId,
    subAgents = [],
  }: { plan?: readonly PlanItem[]; step?: string; runId?: string; subAgents?: readonly SubAgentLineView[] } = {},
): SlackMessage {
  return buildStatus({ phase: 'running', plan, step, subAgents, ...(runId !== undefined && { stopValue: runId }) }, t);
}

/** A message that waits for the run before it in the same thread (one run at a time per thread). */
export function queuedStatus(position: number, t: Translator): SlackMessage {
  const step = position === 1 ? t.t('run.queuedBehindOne') : t.t('run.queuedBehind', { count: position - 1 });
  return buildStatus({ phase: 'running', plan: [], step }, t);
}
