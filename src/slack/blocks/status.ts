import { planProgress, type PlanItem, type PlanStatus } from '../../agent/index.js';
import { plural } from '../../tools/text.js';
import { ACTION_IDS } from './action-ids.js';
import { FALLBACK_TEXT_MAX, SLACK_LIMITS } from './limits.js';
import { button, escapeTruncated, mentionUser, mrkdwn, oneLine, pack } from './text.js';
import type { Block, SlackMessage } from './types.js';

/** The agent's checklist item (update_plan's input), as the status message shows it. */
export type PlanItemView = PlanItem;

export type RunStatusView =
  | {
      phase: 'running';
      plan: readonly PlanItemView[];
      /** The step under way, e.g. "Reading ACME-130…". */
      step?: string;
      /** Opaque reference carried by the Stop button (≤ 2000 characters); no button without it. */
      stopValue?: string;
    }
  | { phase: 'done'; plan: readonly PlanItemView[]; elapsedMs: number; toolCalls: number }
  | { phase: 'stopped'; plan: readonly PlanItemView[]; /** Slack user id of who stopped the run. */ stoppedById: string; elapsedMs: number; toolCalls: number }
  | {
      phase: 'failed';
      plan: readonly PlanItemView[];
      /** What failed, in plain words. */
      failure: string;
      /** Opaque reference carried by the Retry button (≤ 2000 characters); no button without it. */
      retryValue?: string;
      elapsedMs?: number;
      toolCalls?: number;
    };

const ICONS: Record<PlanStatus, string> = { pending: '○', in_progress: '→', completed: '✓', cancelled: '✗' };
/** One plan step is shortened beyond this. */
const PLAN_LINE_MAX = 300;
/** The plan's share of the message's text; longer plans say how many steps are not shown. */
const PLAN_TEXT_BUDGET = 8000;
const STEP_MAX = 300;
const FAILURE_MAX = 1000;

/** "850 ms" reads oddly in a chat; seconds, minutes and hours do. */
export function formatDuration(ms: number): string {
  const seconds = Math.round(Math.max(0, ms) / 1000);
  if (seconds < 1) return 'under a second';
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${seconds % 60}s`;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}


function planBlocks(plan: readonly PlanItemView[]): Block[] {
  const lines: string[] = [];
  let used = 0;
  for (const [index, item] of plan.entries()) {
    const line = `${ICONS[item.status]} ${escapeTruncated(oneLine(item.content), PLAN_LINE_MAX)}`;
    if (used + line.length + 1 > PLAN_TEXT_BUDGET) {
      lines.push(`… and ${plan.length - index} more steps`);
      break;
    }
    lines.push(line);
    used += line.length + 1;
  }
  return pack(lines, '\n', SLACK_LIMITS.sectionText).map((chunk) => ({ type: 'section', text: mrkdwn(chunk) }));
}

function context(parts: readonly string[]): Block {
  return { type: 'context', elements: [mrkdwn(parts.join(' · '))] };
}

/**
 * The run's status message, edited as the run goes: the agent's plan as a checklist, progress and
 * the step under way; then the time taken and tool calls; or what failed, with a Retry button.
 */
export function buildStatus(status: RunStatusView): SlackMessage {
  const blocks = planBlocks(status.plan);
  const counted = status.plan.length > 0 ? [planProgress(status.plan)] : [];
  switch (status.phase) {
    case 'running': {
      const step = status.step === undefined ? 'Working…' : escapeTruncated(oneLine(status.step), STEP_MAX);
      blocks.push(context([...counted, step]));
      if (status.stopValue !== undefined) {
        blocks.push({ type: 'actions', elements: [button({ text: 'Stop', actionId: ACTION_IDS.runStop, value: status.stopValue, style: 'danger' })] });
      }
      return { text: escapeTruncated(['Working', ...counted, status.step ?? ''].filter(Boolean).join(' — '), FALLBACK_TEXT_MAX), blocks };
    }
    case 'stopped': {
      const summary = `Stopped by ${mentionUser(status.stoppedById)}`;
      blocks.push(context([`■ ${summary}`, `after ${formatDuration(status.elapsedMs)}`, plural(status.toolCalls, 'tool call'), ...counted]));
      return { text: summary, blocks };
    }
    case 'done': {
      const summary = `Done in ${formatDuration(status.elapsedMs)} · ${plural(status.toolCalls, 'tool call')}`;
      blocks.push(context([`✓ ${summary}`, ...counted]));
      return { text: summary, blocks };
    }
    case 'failed': {
      const failure = escapeTruncated(oneLine(status.failure), FAILURE_MAX);
      blocks.push({ type: 'section', text: mrkdwn(`✗ *Failed:* ${failure}`) });
      const facts = [
        ...(status.elapsedMs === undefined ? [] : [`after ${formatDuration(status.elapsedMs)}`]),
        ...(status.toolCalls === undefined ? [] : [plural(status.toolCalls, 'tool call')]),
        ...counted,
      ];
      if (facts.length > 0) blocks.push(context(facts));
      if (status.retryValue !== undefined) {
        blocks.push({
          type: 'actions',
          elements: [button({ text: 'Retry', actionId: ACTION_IDS.runRetry, value: status.retryValue, style: 'primary' })],
        });
      }
      return { text: `Failed: ${failure}`, blocks };
    }
  }
}
